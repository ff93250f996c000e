/**
 * With NODE_ENV=production the server seeds nothing unless asked (SEED_ON_EMPTY
 * or `npm run seed`), and never the demo discount codes (one of which never expires).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig, type Env } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import type { Db } from '../../../server/db/client';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function freshDir() {
  const d = mkdtempSync(path.join(os.tmpdir(), 'layerloft-prodseed-'));
  dirs.push(d);
  return d;
}

async function count(db: Db, table: 'products' | 'discounts'): Promise<number> {
  const res = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
}

/** Starts the app on an empty PGlite folder with this environment and reports what got seeded. */
async function firstStart(env: Env) {
  const dataDir = freshDir();
  // PAYMENTS=test: a production start needs a payment mode; the catalog is what is under test here.
  const config = loadConfig({ PAYMENTS: 'test', ...env, DATA_DIR: dataDir }, { logLevel: 'silent', passwordHashing: 'test' });
  const app = await buildApp(config, { distDir: path.join(dataDir, 'no-dist') });
  try {
    return { products: await count(app.db, 'products'), discounts: await count(app.db, 'discounts') };
  } finally {
    await app.close();
  }
}

describe('seeding in production', () => {
  it('seeds nothing on the first start unless asked', async () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', DATA_DIR: freshDir() }).seedOnEmpty).toBe(false);
    expect(await firstStart({ NODE_ENV: 'production' })).toEqual({ products: 0, discounts: 0 });
  });

  it('SEED_ON_EMPTY=true seeds the demo catalog, without the demo discount codes', async () => {
    const seeded = await firstStart({ NODE_ENV: 'production', SEED_ON_EMPTY: 'true' });
    expect(seeded.products).toBeGreaterThan(20);
    expect(seeded.discounts).toBe(0);
  });

  it('outside production the demo store is as before: catalog and codes', async () => {
    const seeded = await firstStart({ NODE_ENV: 'development' });
    expect(seeded.products).toBeGreaterThan(20);
    expect(seeded.discounts).toBe(4);
  });

  it('npm run seed in production writes the catalog and no demo codes', async () => {
    const dataDir = freshDir();
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PAYMENTS: 'test', DATA_DIR: dataDir, DATABASE_URL: '' };
    delete env.VITEST;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed-cli.ts'], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Seeded the demo catalog: \d+ products, \d+ bundles, 0 discount codes/);
    const database = await openDatabase({ dataDir });
    try {
      expect(await count(database.db, 'discounts')).toBe(0);
      expect(await count(database.db, 'products')).toBeGreaterThan(20);
    } finally {
      await database.close();
    }
  });
});
