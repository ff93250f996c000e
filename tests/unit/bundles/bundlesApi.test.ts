import { describe, expect, it } from 'vitest';
import { isBundleActive } from '../../../src/domain/pricing';
import { activeBundles, bundlesApi, selectActiveBundles } from '../../../src/features/bundles/bundlesApi';
import { makeStore } from '../../../src/store/store';
import { NOW, bundles } from '../../fixtures/catalog';

const START = '2025-06-01T00:00:00.000Z';
const END = '2025-06-30T23:59:59.000Z';
const b = (over: Partial<{ cancelled: boolean; startDate: string; endDate: string }> = {}) => ({
  cancelled: false,
  startDate: START,
  endDate: END,
  ...over,
});

describe('bundle activity rule', () => {
  it('is active exactly at the start and exactly at the end', () => {
    expect(isBundleActive(b(), Date.parse(START))).toBe(true);
    expect(isBundleActive(b(), Date.parse(END))).toBe(true);
  });

  it('is inactive one millisecond outside the window', () => {
    expect(isBundleActive(b(), Date.parse(START) - 1)).toBe(false);
    expect(isBundleActive(b(), Date.parse(END) + 1)).toBe(false);
  });

  it('is inactive when cancelled, even inside the window', () => {
    expect(isBundleActive(b({ cancelled: true }), Date.parse('2025-06-15T00:00:00Z'))).toBe(false);
  });

  it('is inactive for unparseable or missing dates', () => {
    const mid = Date.parse('2025-06-15T00:00:00Z');
    expect(isBundleActive(b({ startDate: 'soon' }), mid)).toBe(false);
    expect(isBundleActive(b({ endDate: '' }), mid)).toBe(false);
    expect(isBundleActive(b({ endDate: undefined as unknown as string }), mid)).toBe(false);
  });

  it('is inactive when the end is before the start', () => {
    expect(isBundleActive(b({ startDate: END, endDate: START }), Date.parse('2025-06-15T00:00:00Z'))).toBe(false);
  });

  it('filters a list in server order', () => {
    expect(activeBundles(bundles, NOW).map((x) => x._id)).toEqual(['bn-active-1', 'bn-active-2']);
  });

  it('selectActiveBundles reads the cached list with an injected now', async () => {
    const store = makeStore();
    await store.dispatch(bundlesApi.util.upsertQueryData('getBundles', undefined, bundles));
    expect(selectActiveBundles(store.getState(), NOW).map((x) => x._id)).toEqual(['bn-active-1', 'bn-active-2']);
    const later = Date.parse(bundles[1].endDate) + 1;
    expect(selectActiveBundles(store.getState(), later).map((x) => x._id)).toEqual(['bn-active-1']);
  });
});
