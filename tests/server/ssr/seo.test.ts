import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBundleActive } from '../../../src/domain/pricing';
import type { Bundle, Product } from '../../../src/domain/types';
import { products } from '../../../server/db/schema';
import { bumpCatalogVersion } from '../../../server/repositories/catalog';
import { buildTestApp, type TestApp } from '../helpers';

let t: TestApp;
let list: Product[];
let bundles: Bundle[];
const ORIGIN = 'https://shop.example';

beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: ORIGIN } });
  list = (await t.app.inject('/api/product/list')).json().products;
  bundles = (await t.app.inject('/api/bundle/list')).json().bundles;
});
afterAll(async () => {
  await t?.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('GET /sitemap.xml', () => {
  it('lists the public routes, every product the store shows and every active bundle, from PUBLIC_URL', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const urls = locs(res.body);
    for (const p of ['/', '/collection', '/about', '/contact']) expect(urls).toContain(`${ORIGIN}${p}`);
    for (const p of list.filter((x) => !x.notAvailableYet)) expect(urls, p.name).toContain(`${ORIGIN}/product/${p._id}`);
    for (const b of bundles) expect(urls.includes(`${ORIGIN}/bundle/${b._id}`), b.title).toBe(isBundleActive(b, Date.now()));
    expect(urls.every((u) => u.startsWith(`${ORIGIN}/`))).toBe(true);
    for (const p of ['/cart', '/orders', '/verify', '/wishlist', '/place-order', '/login']) expect(urls).not.toContain(`${ORIGIN}${p}`);
  });

  it('leaves out a product that is not available yet', async () => {
    const target = list.find((x) => !x.notAvailableYet)!;
    await t.database.db.transaction(async (tx) => {
      await tx.update(products).set({ notAvailableYet: true }).where(eq(products.id, target._id));
      await bumpCatalogVersion(tx);
    });
    t.app.catalog.invalidateLocal();
    expect(locs((await t.app.inject('/sitemap.xml')).body)).not.toContain(`${ORIGIN}/product/${target._id}`);
  });
});

describe('GET /robots.txt and the favicon', () => {
  it('points at the sitemap and keeps crawlers out of the private routes', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const p of ['/cart', '/orders', '/verify', '/wishlist', '/place-order']) expect(res.body).toContain(`Disallow: ${p}\n`);
    expect(res.body).not.toMatch(/Disallow: \/\n/);
  });

  it('serves a favicon', async () => {
    const res = await t.app.inject('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });
});
