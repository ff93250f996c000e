// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { findImportCycles } from '../../../scripts/import-cycles.mjs';

type Found = { files: number; cycles: string[][] };
const find = findImportCycles as (dir?: string, root?: string) => Found;

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A throwaway source tree (no tsconfig: the script's default resolution). */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('import circles (scripts/import-cycles.mjs)', () => {
  it('finds none in src, type imports and module augmentations counted', () => {
    const { files, cycles } = find('src');
    expect(files).toBeGreaterThan(200);
    expect(cycles).toEqual([]);
  });

  it('finds a circle closed by a type-only import, and names its files', () => {
    const root = tree({
      'src/store/store.ts': "import { cartSlice } from '../features/cart/cartSlice';\nexport const slices = [cartSlice];\n",
      'src/features/cart/cartSlice.ts': "import type { RootState } from '../../store/store';\nexport const cartSlice = 1;\nexport type S = RootState;\n",
      'src/features/cart/other.ts': "export const x = 1;\n",
    });
    expect(find('src', root).cycles).toEqual([['src/features/cart/cartSlice.ts', 'src/store/store.ts']]);
  });

  it('counts a declaration merge into another module, and re-exports, as imports', () => {
    const root = tree({
      'src/store/types.ts': "export * from '../features/a';\nexport interface Slices {}\n",
      'src/features/a/index.ts': "export { a } from './a';\n",
      'src/features/a/a.ts': "export const a = 1;\ndeclare module '../../store/types' { interface Slices { a: number } }\n",
    });
    expect(find('src', root).cycles).toEqual([['src/features/a/a.ts', 'src/features/a/index.ts', 'src/store/types.ts']]);
  });

  it('does not count a dynamic import() (how lazy routes load)', () => {
    const root = tree({
      'src/app/routes.ts': "export const load = () => import('./page');\n",
      'src/app/page.ts': "import { load } from './routes';\nexport const page = load;\n",
    });
    expect(find('src', root).cycles).toEqual([]);
  });
});
