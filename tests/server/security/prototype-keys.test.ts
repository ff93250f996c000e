/**
 * Input that names a key of Object.prototype: a lookup on a plain-object table
 * found the prototype's member (`table['constructor']` is a function) and the request ended in a
 * 500 — a picture's colour, a payment-page asset, a staff product's colour, the catalog import and
 * the store page's category and sort. Every input-keyed lookup now goes through `own` (Object.hasOwn)
 * and answers as for any unknown key; the source scan below keeps new tables from skipping it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../server/db/catalogImport';
import { resolveColor } from '../../../server/images/svg';
import { PROTOTYPE_KEYS } from '../../../src/domain/lookup';
import { displayName } from '../../../src/domain/taxonomy';
import { parseStoreQuery, subCategoriesOf } from '../../../src/domain/storeQuery';
import { swatchBackground } from '../../../src/features/catalog/swatches';
import { subCategoriesOf as staffSubCategoriesOf } from '../../../src/features/staff/catalog/rules/products';
import { makeStaff } from '../chat-helpers';
import { postJson, useShopApp } from '../checkout-helpers';

const ctx = useShopApp();

describe('requests naming a prototype key', () => {
  it('a picture colour, a payment-page asset and a staff product colour answer as an unknown value, never 500', async () => {
    const staff = await makeStaff(ctx.app);
    for (const key of PROTOTYPE_KEYS) {
      const img = await ctx.app.inject(`/img/p/s1.svg?c=${encodeURIComponent(key)}`);
      expect([200, 400], `${key}: ${img.body.slice(0, 200)}`).toContain(img.statusCode);
      const asset = await ctx.app.inject(`/pay/assets/${encodeURIComponent(key)}`);
      expect(asset.statusCode, key).toBe(404);
      const product = await postJson(ctx.app, '/api/staff/products', { name: `Proto ${key}`, price: 10, mainCategory: 'Widgets', subCategory: 'Home_Gadgets', colorVariants: [{ color: key }] }, staff.token);
      expect([201, 400], `${key}: ${product.body.slice(0, 200)}`).toContain(product.statusCode);
      const badSub = await postJson(ctx.app, '/api/staff/products', { name: 'Proto', price: 10, mainCategory: 'Widgets', subCategory: key }, staff.token);
      expect(badSub.statusCode, key).toBe(400);
    }
  });

  it('the catalog import refuses them as categories with a message', () => {
    for (const key of PROTOTYPE_KEYS) {
      expect(() => parseCatalog({ products: [{ name: 'Proto', price: 1, mainCategory: 'Widgets', subCategory: key }] }), key).toThrow(/subCategory: must be one of/);
      expect(() => parseCatalog({ products: [{ name: 'Proto', price: 1, mainCategory: key, subCategory: 'Home_Gadgets' }] }), key).toThrow(/mainCategory: must be one of/);
    }
  });

  it('the store page’s rules (what the server render runs for /collection?category=…&sort=…) treat them as unknown', () => {
    for (const key of PROTOTYPE_KEYS) {
      expect(resolveColor(key), key).toBeNull();
      expect(subCategoriesOf(key), key).toEqual([]);
      expect(staffSubCategoriesOf(key), key).toEqual([]);
      expect(displayName(key), key).toBe(key.replace(/_/g, ' '));
      expect(typeof swatchBackground(key), key).toBe('string');
      const q = parseStoreQuery(`category=${encodeURIComponent(key)}&sort=${encodeURIComponent(key)}`);
      expect(typeof q.sort, key).toBe('string');
    }
  });
});

/**
 * Module tables keyed by any string (`NAME: Record<string, …>`): TypeScript cannot tell their keys from
 * Object.prototype's, so each lookup in one goes through `own` or is listed here with why its key
 * cannot come from input. (Tables keyed by a union type are checked by the compiler: their keys
 * are validated values.)
 */
const REVIEWED: Record<string, string> = {
  'server/app.ts: SAFE_CLIENT_CODES[code]': 'a Fastify error code, set by Fastify, not by the request',
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('the code base’s input-keyed tables', () => {
  it('every lookup in a table keyed by any string goes through own() or is reviewed', () => {
    const root = path.resolve(__dirname, '../../..');
    const files = [...sources(path.join(root, 'server')), ...sources(path.join(root, 'src'))].map((file) => ({ rel: path.relative(root, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));
    const tables = new Set(files.flatMap(({ text }) => [...text.matchAll(/\b(?:const|let)\s+([A-Z][A-Z0-9_]+)\s*:\s*(?:Readonly<)?Record<string,/g)].map((m) => m[1])));
    expect(tables).toContain('NAMED_COLORS');
    const found: string[] = [];
    for (const { rel, text } of files) {
      for (const m of text.matchAll(/\b([A-Za-z_]\w*)\[([^\]\n]+)\]/g)) {
        if (tables.has(m[1]) && !/^\d+$/.test(m[2])) found.push(`${rel}: ${m[1]}[${m[2]}]`);
      }
    }
    expect(found.filter((f) => !(f in REVIEWED))).toEqual([]);
  });
});
