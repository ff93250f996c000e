import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { CatalogImportError, importCatalog } from '../../server/db/catalogImport';
import { acquireDataDirLock, DataDirLockedError, LOCK_NAME } from '../../server/db/lock';
import { bundles, discounts, products } from '../../server/db/schema';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const validFile = () => ({
  products: [
    {
      _id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
      name: 'Owner Imported Dragon',
      description: 'A dragon from the owner file.',
      price: 39.5,
      discount: 10,
      mainCategory: 'Figures',
      subCategory: 'INDEPENDENT',
      subSubCategory: 'Male',
      colorVariants: [{ color: 'Green' }, { color: 'Gold', image: '/img/p/dragon.svg?k=figure&c=gold' }],
      accessories: [{ name: 'Egg', price: 4.25 }],
      bestseller: true,
      date: '2025-06-01T00:00:00Z',
    },
    { name: 'Owner Desk Lamp Shell', price: 20, mainCategory: 'Widgets', subCategory: 'Home_Gadgets' },
  ],
  bundles: [
    {
      title: 'Owner Pair',
      price: 49,
      startDate: '2025-01-01T00:00:00Z',
      endDate: '2099-01-01T00:00:00Z',
      products: ['aaaaaaaaaaaaaaaaaaaaaaa1'],
    },
  ],
  discounts: [{ code: 'owner20', percentage: 20 }],
});

async function counts() {
  const db = t.database.db;
  const [[p], [b], [d]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(bundles),
    db.select({ n: count() }).from(discounts),
  ]);
  return { products: p.n, bundles: b.n, discounts: d.n };
}

describe('catalog import', () => {
  it('imports a valid file: upserts products, bundles and codes and refreshes the lists', async () => {
    const before = await counts();
    const summary = await importCatalog(t.database.db, validFile());
    expect(summary).toEqual({ products: 2, bundles: 1, discounts: 1 });
    expect(await counts()).toEqual({ products: before.products + 2, bundles: before.bundles + 1, discounts: before.discounts + 1 });
    const [code] = await t.database.db.select().from(discounts).where(eq(discounts.code, 'OWNER20'));
    expect(code.percentage).toBe(20);
    t.app.catalog.invalidateLocal();
    const res = await t.app.inject('/api/product/single/aaaaaaaaaaaaaaaaaaaaaaa1');
    const p = res.json().product;
    expect(p).toMatchObject({ name: 'Owner Imported Dragon', price: 39.5, discount: 10, bestseller: true, hasAccessory: true });
    expect(p.accessories[0]).toMatchObject({ name: 'Egg', price: 4.25 });
    expect(p.colorVariants[0].image).toMatch(/^\/img\/p\//);
    expect(p.date).toBe(Date.parse('2025-06-01T00:00:00Z'));
    // Importing the same file again updates instead of duplicating.
    await importCatalog(t.database.db, validFile());
    expect(await counts()).toEqual({ products: before.products + 2, bundles: before.bundles + 1, discounts: before.discounts + 1 });
  });

  it('refuses the whole file when one record is bad, naming record and field, and changes nothing', async () => {
    const before = await counts();
    const file = validFile();
    file.products[0].name = 'Fresh Valid Name';
    file.products[0]._id = 'bbbbbbbbbbbbbbbbbbbbbbb1';
    file.bundles[0].products = ['bbbbbbbbbbbbbbbbbbbbbbb1'];
    (file.products[1] as Record<string, unknown>).price = -3;
    let error: unknown;
    try {
      await importCatalog(t.database.db, file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CatalogImportError);
    expect((error as Error).message).toContain('products[1] ("Owner Desk Lamp Shell") field price');
    expect((error as Error).message).toMatch(/nothing was imported/);
    expect(await counts()).toEqual(before);
    expect(await t.database.db.select().from(products).where(eq(products.id, 'bbbbbbbbbbbbbbbbbbbbbbb1'))).toEqual([]);
  });

  it('names taxonomy, id, date and unknown-field problems', async () => {
    const bad = {
      products: [
        { name: 'X', price: 1, mainCategory: 'Figures', subCategory: 'DC' },
        { name: 'Y', price: 1, mainCategory: 'Fidgets', subCategory: 'Wall_Art' },
        { name: 'Z', price: 1, mainCategory: 'Widgets', subCategory: 'DIY_Kits', image: ['https://cdn.example.com/z.png'], colour: 'red' },
      ],
      bundles: [{ title: 'B', price: 1, startDate: 'soon', endDate: '2099-01-01T00:00:00Z', products: ['cccccccccccccccccccccccc'] }],
    };
    const message = await importCatalog(t.database.db, bad).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(message).toContain('products[0] ("X") field subSubCategory');
    expect(message).toContain('products[1] ("Y") field subCategory');
    expect(message).toContain('products[2] ("Z") field image[0]');
    expect(message).toMatch(/products\[2\] \("Z"\) field .*colour/);
    expect(message).toContain('bundles[0] ("B") field startDate');
  });

  it('refuses a bundle that names a product that does not exist (in the transaction)', async () => {
    const before = await counts();
    const file = { products: [{ name: 'Lonely', price: 3, mainCategory: 'Widgets', subCategory: 'DIY_Kits' }], bundles: [{ title: 'Ghost', price: 1, startDate: 0, endDate: 1e12, products: ['dddddddddddddddddddddddd'] }] };
    await expect(importCatalog(t.database.db, file)).rejects.toThrow(/bundles\[0\] \("Ghost"\) field products\[0\]: unknown product id/);
    expect(await counts()).toEqual(before);
  });
});

describe('the PGlite DATA_DIR lock', () => {
  it('refuses a second opener while the owner lives and takes over a stale lock', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-lock-'));
    try {
      const lock = acquireDataDirLock(dir);
      expect(readFileSync(path.join(dir, LOCK_NAME), 'utf8').trim()).toBe(String(process.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      lock.release();
      expect(existsSync(path.join(dir, LOCK_NAME))).toBe(false);
      // A live foreign pid (our parent) refuses with the clear message.
      writeFileSync(path.join(dir, LOCK_NAME), `${process.ppid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`Another LayerLoft process \\(pid ${process.ppid}\\) is using DATA_DIR`));
      // A dead pid is stale: taken over.
      writeFileSync(path.join(dir, LOCK_NAME), '2147483646\n');
      const again = acquireDataDirLock(dir);
      again.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run seed refuses while another process holds DATA_DIR', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-lock-cli-'));
    const lock = acquireDataDirLock(dir); // this test process plays the running server
    try {
      const tsx = path.resolve('node_modules/.bin/tsx');
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '' };
        const child = spawn(tsx, ['server/seed-cli.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('close', (c) => resolve({ code: c, stderr: err }));
      });
      expect(code).toBe(1);
      expect(stderr).toContain(`Another LayerLoft process (pid ${process.pid}) is using DATA_DIR ${dir}`);
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      lock.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  it('validates values with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000', JWT_SECRET: 'x'.repeat(32) })).toThrow(/PORT="70000": must be between 0 and 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'x'.repeat(32) })).toThrow(/DATABASE_URL.*postgres:\/\//);
    expect(() => loadConfig({ SHOP_EMAIL: 'nope', JWT_SECRET: 'x'.repeat(32) })).toThrow(/SHOP_EMAIL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET="\*\*\*": must be at least 32/);
  });

  it('has the documented defaults and generates JWT_SECRET once in DATA_DIR (mode 0600)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-cfg-'));
    try {
      const c = loadConfig({ DATA_DIR: dir });
      expect(c).toMatchObject({ port: 4000, host: '0.0.0.0', shopName: 'LayerLoft', shopEmail: 'hello@layerloft.shop', jwtSecretGenerated: true });
      const file = path.join(dir, 'jwt-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(c.jwtSecret);
      expect(loadConfig({ DATA_DIR: dir, PORT: '' }).port).toBe(4000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes its mode from NODE_ENV alone, never from the test runner', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-cfg-'));
    try {
      const secret = 'x'.repeat(32);
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret, VITEST: 'true' })).toMatchObject({ env: 'development', logLevel: 'info' });
      expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret, NODE_ENV: 'test' })).toMatchObject({ env: 'test', logLevel: 'silent' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
