// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The import-boundary errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('src/api is the bottom layer (eslint.config.js)', () => {
  it('refuses an import from src/store or src/features in src/api', async () => {
    const errors = await boundaryErrors("import { loggedOut } from '../store/events';\nexport const x = loggedOut;\n", 'src/api/fixture.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src/api is the bottom layer: it imports nothing from src/store or src/features.');
    expect(await boundaryErrors("import type { RootState } from '../store/store';\nexport type S = RootState;\n", 'src/api/fixture.ts')).toHaveLength(1);
    expect(await boundaryErrors("import { chatSlice } from '../features/chat/chatSlice';\nexport const s = chatSlice;\n", 'src/api/fixture.ts')).toHaveLength(1);
  });

  it('lets src/api use the domain, and features use src/api', async () => {
    expect(await boundaryErrors("import type { Message } from '../domain/types';\nexport type M = Message;\n", 'src/api/fixture.ts')).toEqual([]);
    expect(await boundaryErrors("import { baseApi } from '../../api/baseApi';\nexport const a = baseApi;\n", 'src/features/chat/fixture.ts')).toEqual([]);
  });

  it('holds for the real files of src/api', async () => {
    const results = await eslint.lintFiles(['src/api/**/*.ts']);
    expect(results.length).toBeGreaterThan(2);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports'))).toEqual([]);
  });
});
