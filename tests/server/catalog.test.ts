import { eq } from 'drizzle-orm';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBundleActive, isPurchasable } from '../../src/domain/pricing';
import { FIGURE_BRANDS, FIGURE_GENDERS, TAXONOMY } from '../../src/domain/taxonomy';
import type { Bundle, Product } from '../../src/domain/types';
import { products } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { bumpCatalogVersion } from '../../server/repositories/catalog';
import { makeStaff } from './chat-helpers';
import { makeShopper } from './checkout-helpers';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let list: Product[];
beforeAll(async () => {
  t = await buildTestApp();
  list = (await t.app.inject('/api/product/list')).json().products;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/settings', () => {
  it('carries the settings and the shop name and e-mail', async () => {
    const res = await t.app.inject('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      settings: {
        hiddenCategories: [],
        hiddenProductTags: [],
        showSupportInOrders: true,
        shopName: 'LayerLoft',
        shopEmail: 'hello@layerloft.shop',
        testPayments: true,
        timeZone: 'America/New_York',
      },
    });
  });
});

describe('GET /api/product/list', () => {
  it('answers success and at least 48 products in the wire shape', async () => {
    const res = await t.app.inject('/api/product/list');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThanOrEqual(48);
    for (const p of body.products as Product[]) {
      expect(p._id).toMatch(/^[0-9a-f]{24}$/);
      expect(typeof p.name).toBe('string');
      expect(Number.isFinite(p.price)).toBe(true);
      expect(Math.round(p.price * 100)).toBeCloseTo(p.price * 100, 6);
      expect(typeof p.date).toBe('number');
      expect(p.image.length).toBeGreaterThan(0);
      for (const u of p.image) expect(u).toMatch(/^\/img\//);
      expect(p.hasAccessory).toBe(p.accessories.length > 0);
    }
  });

  it('covers every main category and subcategory, and Figures with every gender level', () => {
    for (const [main, subs] of Object.entries(TAXONOMY)) {
      for (const sub of subs) expect(list.some((p) => p.mainCategory === main && p.subCategory === sub), `${main}/${sub}`).toBe(true);
    }
    for (const brand of FIGURE_BRANDS)
      for (const g of FIGURE_GENDERS)
        expect(list.some((p) => p.subCategory === brand && p.subSubCategory === g), `${brand}/${g}`).toBe(true);
  });

  it('exercises every flag, discounts, variants, sizes and accessories', () => {
    for (const flag of ['outOfStock', 'comingSoon', 'preOrder', 'isNewProduct', 'limitedEdition', 'vaulted', 'notAvailableYet', 'bestseller'] as const)
      expect(list.some((p) => p[flag]), flag).toBe(true);
    expect(list.filter((p) => p.bestseller && isPurchasable(p)).length).toBeGreaterThanOrEqual(6);
    expect(new Set(list.map((p) => p.discount).filter((d) => d > 0))).toEqual(new Set([15, 25, 40]));
    expect(list.some((p) => p.colorVariants.length > 1 && new Set(p.colorVariants.map((v) => v.image)).size > 1)).toBe(true);
    expect(list.some((p) => p.clothingSizes.join() === 'S,M,L,XL')).toBe(true);
    expect(list.filter((p) => p.subCategory === 'Wall_Art').every((p) => p.canvasSizes.join() === '8x10,12x16,18x24')).toBe(true);
    const accessories = list.flatMap((p) => p.accessories);
    expect(accessories.length).toBeGreaterThan(0);
    expect(accessories.some((a) => a.outOfStock)).toBe(true);
    expect(accessories.every((a) => typeof a.price === 'number' && a.images.length > 0)).toBe(true);
  });

  it('has a strong ETag and answers 304 on If-None-Match', async () => {
    const first = await t.app.inject('/api/product/list');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ url: '/api/product/list', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves pre-compressed gzip and brotli bodies with their own ETags', async () => {
    const plain = await t.app.inject('/api/product/list');
    const br = await t.app.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).not.toBe(plain.headers.etag);
    const revalidate = await t.app.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.etag as string } });
    expect(revalidate.statusCode).toBe(304);
  });

  it('sees a catalog change once the shared version is bumped', async () => {
    const before = await t.app.inject('/api/product/list');
    const target = list[0];
    await t.database.db.transaction(async (tx) => {
      await tx.update(products).set({ name: 'Renamed For The Cache Test' }).where(eq(products.id, target._id));
      await bumpCatalogVersion(tx);
    });
    t.app.catalog.invalidateLocal();
    const after = await t.app.inject({ url: '/api/product/list', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().products.find((p: Product) => p._id === target._id).name).toBe('Renamed For The Cache Test');
  });

  it('reaches another instance on the same database when the change commits, not at its next version check', async () => {
    // The other instance would check the shared version only once an hour: only the notification can tell it.
    const other = await buildApp({ ...t.config, catalogCheckIntervalMs: 3_600_000 }, { database: t.database, distDir: '/nonexistent' });
    try {
      const target = list[1];
      const name = async () => ((await other.inject('/api/product/list')).json().products as Product[]).find((p) => p._id === target._id)?.name;
      expect(await name()).toBe(target.name);
      await t.database.db.transaction(async (tx) => {
        await tx.update(products).set({ name: 'Renamed On Another Instance' }).where(eq(products.id, target._id));
        await bumpCatalogVersion(tx);
      });
      await expect.poll(name, { timeout: 10_000 }).toBe('Renamed On Another Instance');
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/product/single/:id', () => {
  it('answers the product', async () => {
    const target = list.find((p) => p.accessories.length > 0)!;
    const res = await t.app.inject(`/api/product/single/${target._id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.product._id).toBe(target._id);
    expect(body.product.accessories.length).toBe(target.accessories.length);
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await t.app.inject('/api/product/single/0123456789abcdef01234567');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('answers a hidden (notAvailableYet) product as an unknown one, except to staff, who preview it', async () => {
    const hidden = list.find((p) => p.notAvailableYet)!;
    const unknown = await t.app.inject('/api/product/single/0123456789abcdef01234567');
    const guest = await t.app.inject(`/api/product/single/${hidden._id}`);
    expect(guest.statusCode).toBe(404);
    expect(guest.json()).toEqual(unknown.json());
    const shopper = await makeShopper(t.app, 'Peeky');
    const asShopper = await t.app.inject({ url: `/api/product/single/${hidden._id}`, headers: { token: shopper.token } });
    expect(asShopper.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/product/single/${hidden._id}`, headers: { token: 'not-a-token' } })).statusCode).toBe(404);
    const staff = await makeStaff(t.app);
    const preview = await t.app.inject({ url: `/api/product/single/${hidden._id}`, headers: { token: staff.token } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().product).toMatchObject({ _id: hidden._id, notAvailableYet: true });
    // Never kept by a shared cache: the next asker may be a shopper.
    expect(preview.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 400 JSON for a malformed id', async () => {
    for (const bad of ['123', 'not-an-id', 'zzzzzzzzzzzzzzzzzzzzzzzz', '0123456789abcdef01234567_x']) {
      const res = await t.app.inject(`/api/product/single/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().message).toMatch(/product id/i);
    }
  });
});

describe('GET /api/bundle/list', () => {
  it('lists every bundle: ≥3 active, one expired, one not started, one cancelled', async () => {
    const res = await t.app.inject('/api/bundle/list');
    expect(res.statusCode).toBe(200);
    const { success, bundles } = res.json() as { success: boolean; bundles: Bundle[] };
    expect(success).toBe(true);
    const now = Date.now();
    expect(bundles.filter((b) => isBundleActive(b, now)).length).toBeGreaterThanOrEqual(3);
    expect(bundles.some((b) => !b.cancelled && Date.parse(b.endDate) < now)).toBe(true);
    expect(bundles.some((b) => !b.cancelled && Date.parse(b.startDate) > now)).toBe(true);
    expect(bundles.some((b) => b.cancelled)).toBe(true);
    const ids = new Set(list.map((p) => p._id));
    for (const b of bundles) {
      expect(b._id).toMatch(/^[0-9a-f]{24}$/);
      expect(b.products.every((id) => ids.has(id))).toBe(true);
      expect(b.images.length).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(b.startDate))).toBe(false);
    }
  });

  it('has an ETag and answers 304', async () => {
    const first = await t.app.inject('/api/bundle/list');
    const res = await t.app.inject({ url: '/api/bundle/list', headers: { 'if-none-match': first.headers.etag as string } });
    expect(res.statusCode).toBe(304);
  });
});
