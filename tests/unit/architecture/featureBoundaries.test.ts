// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The import-boundary errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('a feature is used through its public door (eslint.config.js)', () => {
  it('refuses a deep import of another feature’s file, from a feature and from a nested folder of one', async () => {
    const deep = await boundaryErrors("import { selectSessionToken } from '../session/sessionSelectors';\nexport const s = selectSessionToken;\n", 'src/features/cart/fixture.ts');
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain('Another feature is used through its public door: import from its folder (its index.ts), never its files.');
    expect(await boundaryErrors("import { cartSlice } from '../../cart/cartSlice';\nexport const c = cartSlice;\n", 'src/features/staff/catalog/fixture.ts')).toHaveLength(1);
    expect(await boundaryErrors("import type { PendingChange } from '../cart/cartSync';\nexport type P = PendingChange;\n", 'src/features/wishlist/fixture.ts')).toHaveLength(1);
  });

  it('lets a feature use another through its index, and its own files freely', async () => {
    expect(await boundaryErrors("import { selectSessionToken } from '../session';\nexport const s = selectSessionToken;\n", 'src/features/cart/fixture.ts')).toEqual([]);
    expect(await boundaryErrors("import { cartSlice } from './cartSlice';\nexport const c = cartSlice;\n", 'src/features/cart/fixture.ts')).toEqual([]);
  });

  it('refuses the store’s composition in a feature; its types come from store/types', async () => {
    const errors = await boundaryErrors("import type { RootState } from '../../store/store';\nexport type S = RootState;\n", 'src/features/cart/fixture.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Features do not import the store's composition: types from src/store/types.ts, hooks from src/store/hooks.ts.");
    expect(await boundaryErrors("import type { RootState } from '../../store/types';\nexport type S = RootState;\n", 'src/features/cart/fixture.ts')).toEqual([]);
  });
});
