import { describe, expect, it } from 'vitest';
import { QA_FLAG_KEY, readQaMode } from '../../../src/features/qa/qaMode';

function storage(initial: Record<string, string> = {}) {
  const data = { ...initial };
  return { data, getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v), removeItem: (k: string) => void delete data[k] };
}

describe('QA mode flag', () => {
  it('?qa=1 switches it on and remembers it; ?qa=0 forgets it', () => {
    const s = storage();
    expect(readQaMode('', s)).toBe(false);
    expect(readQaMode('?qa=1', s)).toBe(true);
    expect(s.data[QA_FLAG_KEY]).toBe('1');
    expect(readQaMode('?page=2', s)).toBe(true);
    expect(readQaMode('?qa=0', s)).toBe(false);
    expect(readQaMode('', s)).toBe(false);
  });

  it('never throws when storage is blocked: the query parameter alone decides', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readQaMode('?qa=1', blocked)).toBe(true);
    expect(readQaMode('', blocked)).toBe(false);
    expect(readQaMode('?qa=1', undefined)).toBe(true);
  });
});
