// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layer rules in eslint.config.js, run the way `npx eslint` runs them, on code that
 * breaks each one (as if it were a file at `file`) and on code that keeps to it.
 */
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('server → src boundary', () => {
  it('refuses a server import of client code outside src/domain', async () => {
    const found = await problems('server/lib/example.ts', "import { isListed } from '../../src/features/catalog/filters';\nexport const f = isListed;\n");
    expect(found).toEqual([expect.stringContaining('The server imports client code only from src/domain')]);
    const store = await problems('server/routes/example.ts', "import { makeStore } from '../../src/store/store';\nexport const f = makeStore;\n");
    expect(store).toEqual([expect.stringContaining('The server imports client code only from src/domain')]);
  });

  it('lets the server import src/domain, and the render entry only for its types', async () => {
    expect(await problems('server/lib/example.ts', "import { isListed } from '../../src/domain/listing';\nexport const f = isListed;\n")).toEqual([]);
    expect(await problems('server/ssr/example.ts', "import type { RenderInput } from '../../src/entry-server';\nexport type I = RenderInput;\n")).toEqual([]);
    expect(await problems('server/ssr/example.ts', "import { render } from '../../src/entry-server';\nexport const r = render;\n")).toEqual([
      expect.stringContaining('Only the types of the render entry'),
    ]);
  });
});

describe('routes: SQL in repositories, order moves in the workflow', () => {
  it('refuses SQL in a route', async () => {
    const code = "import { eq } from 'drizzle-orm';\nimport { orders } from '../db/schema';\nexport const q = [eq, orders];\n";
    const found = await problems('server/routes/example.ts', code);
    expect(found).toHaveLength(2);
    for (const p of found) expect(p).toContain('SQL lives in server/repositories');
    // The same code in a repository is where it belongs.
    expect(await problems('server/repositories/example.ts', code)).toEqual([]);
  });

  it('refuses a status move that bypasses the order workflow, in a route or the checkout', async () => {
    const bypass = "export const f = (app: { orders: { setStatus(id: string, to: string): unknown } }) => app.orders.setStatus('x', 'Delivered');\n";
    expect(await problems('server/routes/example.ts', bypass)).toEqual([expect.stringContaining('An order moves only through app.orderWorkflow')]);
    expect(await problems('server/payments/example.ts', bypass.replaceAll('setStatus', 'markPaid'))).toEqual([
      expect.stringContaining('An order moves only through app.orderWorkflow'),
    ]);
    const through = "export const f = (app: { orderWorkflow: { cancelUnpaid(id: string): unknown } }) => app.orderWorkflow.cancelUnpaid('x');\n";
    expect(await problems('server/routes/example.ts', through)).toEqual([]);
  });
});
