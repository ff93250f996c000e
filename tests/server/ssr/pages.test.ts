/**
 * Server rendering: pages fetched as a crawler or a browser with scripts off gets them —
 * no script runs here (jsdom parses the HTML, nothing more). The render is the build's bundle of
 * src/entry-server.tsx (built once into a folder of this file) around a shell shaped like the
 * built index.html.
 */
import { createHook } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../src/domain/money';
import { pictureSources } from '../../../src/domain/pictures';
import { isBundleActive, salePrice } from '../../../src/domain/pricing';
import type { Product } from '../../../src/domain/types';
import { catalogApi } from '../../../src/features/catalog/catalogApi';
import { selectStorePage } from '../../../src/features/catalog/storeSelectors';
import { selectStoreQuery } from '../../../src/features/catalog/storeView';
import { routerStateAt } from '../../../src/features/router/routerSlice';
import { makeStore } from '../../../src/store/store';
import { defaultDeps } from '../../../src/store/deps';
import { randomBytes } from 'node:crypto';
import * as schema from '../../../server/db/schema';
import { orders, products, settings, stockOptions } from '../../../server/db/schema';
import { bumpCatalogVersion } from '../../../server/repositories/catalog';
import { HtmlCache } from '../../../server/ssr/htmlCache';
import { createPageRenderer, inProcessTransport, SSR_ENTRY, type ServerEntry } from '../../../server/ssr/render';
import { makeStaff } from '../chat-helpers';
import { ADDRESS, makeShopper } from '../checkout-helpers';
import { useShellApp } from '../helpers';

// jsdom ships no types; parsing is all this file asks of it (scripts never run by default).
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

const root = path.resolve(import.meta.dirname, '../../..');
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>LayerLoft — 3D-printed figures, fidgets &amp; décor</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The server-rendering bundle, built into the dist folder before the app starts on it. */
function buildSsrBundle(distDir: string) {
  const built = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(distDir, 'ssr'), '--logLevel', 'warn'],
    // As `npm run build` makes it (vitest sets NODE_ENV=test, which would pick React's development JSX).
    { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error(`server-rendering bundle failed to build:\n${built.stdout}${built.stderr}`);
}

const shop = useShellApp(SHELL, { prefix: 'layerloft-ssr-', prepare: buildSsrBundle, timeout: 240_000 });

async function page(url: string): Promise<{ status: number; html: string; doc: Document }> {
  const res = await shop.t.app.inject(url);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return { status: res.statusCode, html: res.body, doc: new JSDOM(res.body).window.document };
}

const main = (doc: Document) => doc.querySelector('main')!;
const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ');
/** The data block the client hydrates from. */
const serverData = (doc: Document) => JSON.parse(doc.getElementById('server-data')!.textContent!) as { api: { queries: Record<string, { status: string; data?: unknown }> } };

describe('a product page', () => {
  it('holds the name, the prices and the first picture as a real <img> with its size and a high fetch priority', async () => {
    const p = shop.list.find((x) => x.discount > 0 && x.image.length > 1 && !x.notAvailableYet)!;
    const { status, doc } = await page(`/product/${p._id}`);
    expect(status).toBe(200);
    expect(text(main(doc).querySelector('h1')!)).toContain(p.name);
    expect(text(main(doc))).toContain(formatMoney(salePrice(p)));
    expect(text(main(doc))).toContain(formatMoney(p.price));
    const first = main(doc).querySelector('img')!;
    // The generated art as a raster picture with its widths (src/domain/pictures.ts).
    expect(first.getAttribute('src')).toBe(pictureSources(p.image[0]!).src);
    expect(first.getAttribute('srcset')).toContain('-720.webp');
    expect(first.getAttribute('sizes')).toBeTruthy();
    expect(Number(first.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(first.getAttribute('height'))).toBeGreaterThan(0);
    expect(first.getAttribute('fetchpriority')).toBe('high');
    // The data it was rendered from goes with it, so the client does not ask again.
    const queries = serverData(doc).api.queries;
    expect(queries[`getProduct("${p._id}")`]?.status).toBe('fulfilled');
    expect(queries['getProducts(undefined)']?.status).toBe('fulfilled');
    // Emotion's styles for the markup, in the tag the client's cache adopts.
    expect(doc.head.querySelector('style[data-server-emotion^="css "]')).not.toBeNull();
  });
});

describe('a product page states when it ships', () => {
  it('holds the statement across its options in the HTML, the one the ship-by API answers (the same rule on both sides)', async () => {
    const p = shop.list.find((x) => !x.notAvailableYet && !x.outOfStock)!;
    const api = await shop.t.app.inject(`/api/ship-by/${p._id}`);
    expect(api.statusCode).toBe(200);
    const range = (api.json() as { shipBy: { range: string } }).shipBy.range;
    expect(range).toMatch(/^(Ships |Currently unavailable)/);
    const { doc } = await page(`/product/${p._id}`);
    expect(text(main(doc))).toContain(range);
  });
});

describe('a product page with reviews', () => {
  it('holds its first page of reviews, the data they came from, and JSON-LD with the stars', async () => {
    const p = shop.list.find((x) => !x.notAvailableYet && !x.vaulted)!;
    const buyer = await makeShopper(shop.t.app, 'Rita Moreno');
    const orderId = randomBytes(12).toString('hex');
    await shop.t.app.db.insert(orders).values({
      id: orderId,
      userId: buyer.id,
      status: 'Delivered',
      address: ADDRESS as unknown as Record<string, unknown>,
      items: [{ productId: p._id, variant: '|', kind: 'product', name: 'x', image: '', quantity: 1, unitPriceCents: 2000, lineTotalCents: 2000 }],
      subtotalCents: 2000,
      shippingCents: 1000,
      amountCents: 3000,
      paidAt: new Date(),
    });
    await shop.t.app.reviews.save({ userId: buyer.id, productId: p._id, orderId, option: { color: null, size: null }, rating: 4, title: 'Sturdy <b>and</b> bright', body: 'Survived a fall off my desk, and the colours are as pictured.', photos: [], status: 'approved', heldReason: null });
    await bumpCatalogVersion(shop.t.app.db);

    const { status, doc } = await page(`/product/${p._id}`);
    expect(status).toBe(200);
    const reviews = main(doc).querySelector('section[aria-labelledby="reviews-title"]')!;
    expect(reviews).not.toBeNull();
    // The title is text, not markup.
    expect(reviews.querySelector('article h3')!.textContent).toBe('Sturdy <b>and</b> bright');
    expect(reviews.querySelector('b')).toBeNull();
    expect(text(reviews)).toContain('Verified buyer');
    expect(text(reviews)).toContain('Rita M.');
    expect(reviews.querySelector('[role="img"][aria-label="4.0 out of 5 stars from 1 review"]')).not.toBeNull();
    const entry = Object.entries(serverData(doc).api.queries).find(([key]) => key.startsWith('getProductReviews('));
    expect(entry?.[1].status).toBe('fulfilled');
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(ld.review[0]).toMatchObject({ name: 'Sturdy <b>and</b> bright', author: { name: 'Rita M.' } });
  });
});

describe('the store page', () => {
  it('/collection?category=Figures&page=2 holds the cards of that page (12 a page)', async () => {
    const url = '/collection?category=Figures&page=2';
    // What the client shows for that url: its own selectors over the same endpoints.
    const store = makeStore({ router: routerStateAt(url) }, { ...defaultDeps, server: inProcessTransport(shop.t.app) } as typeof defaultDeps);
    await Promise.all([store.dispatch(catalogApi.endpoints.getProducts.initiate()), store.dispatch(catalogApi.endpoints.getSettings.initiate())]);
    const state = store.getState();
    const expected = selectStorePage(state, selectStoreQuery(state));
    expect(expected.page).toBe(2);
    expect(expected.items.length).toBeGreaterThan(0);
    expect(expected.items.length).toBeLessThanOrEqual(12);

    const { status, doc } = await page(url);
    expect(status).toBe(200);
    const pictures = new Set([...main(doc).querySelectorAll('img')].map((img) => img.getAttribute('src')));
    for (const p of expected.items) {
      expect(text(main(doc))).toContain(p.name);
      expect([...pictures], p.name).toContain(pictureSources(p.image[0]!).src);
    }
    // Only that page: every product the grid links to is one of its cards.
    const expectedIds = new Set(expected.items.map((p) => p._id));
    const linked = [...main(doc).querySelectorAll('a[href^="/product/"]')].map((a) => a.getAttribute('href')!.slice('/product/'.length));
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((id) => !expectedIds.has(id))).toEqual([]);
  });
});

describe('a bundle page', () => {
  it('holds the bundle title, its price and its products', async () => {
    const b = shop.bundles.find((x) => isBundleActive(x, Date.now()))!;
    const { status, doc } = await page(`/bundle/${b._id}`);
    expect(status).toBe(200);
    expect(text(main(doc))).toContain(b.title);
    expect(text(main(doc))).toContain(formatMoney(b.price));
    for (const id of b.products) {
      const p = shop.list.find((x) => x._id === id)!;
      expect(text(main(doc)), p.name).toContain(p.name);
    }
  });
});

describe('statuses', () => {
  it('an unknown product, or an id no product can have, is a 404 with the page the client shows', async () => {
    for (const id of ['aaaaaaaaaaaaaaaaaaaaaaaa', 'nope', '%3Cscript%3E']) {
      const { status, doc } = await page(`/product/${id}`);
      expect(status, id).toBe(404);
      expect(text(main(doc)), id).toContain('Product not found.');
    }
  });

  it('an unknown or ended bundle is a 404 with the page the client shows', async () => {
    const ended = shop.bundles.find((x) => !isBundleActive(x, Date.now()));
    for (const id of ['bbbbbbbbbbbbbbbbbbbbbbbb', ...(ended ? [ended._id] : [])]) {
      const { status, doc } = await page(`/bundle/${id}`);
      expect(status, id).toBe(404);
      expect(text(main(doc))).toContain('This bundle is no longer available.');
    }
  });

  it('an unknown route is a 404 with the not-found page', async () => {
    const { status, doc } = await page('/no-such-page');
    expect(status).toBe(404);
    expect(text(main(doc))).toContain('Page not found');
  });

  it('the home page and the store are 200', async () => {
    for (const url of ['/', '/collection', '/about']) expect((await page(url)).status, url).toBe(200);
  });
});

describe('what the shop hides', () => {
  it('a hidden (notAvailableYet) product is a 404 with "Product not found.", as an unknown one', async () => {
    const hidden = shop.list.find((x) => x.notAvailableYet)!;
    const { status, doc } = await page(`/product/${hidden._id}`);
    expect(status).toBe(404);
    expect(text(main(doc))).toContain('Product not found.');
    expect(text(main(doc))).not.toContain(hidden.name);
    expect(main(doc).querySelector('button')?.textContent ?? '').not.toMatch(/Add to cart|Buy now/);
  });

  it('a hidden category has no link in the category bar, the footer or the sitemap, and its url shows the whole store', async () => {
    const staff = await makeStaff(shop.t.app);
    const hide = (hiddenCategories: string[]) =>
      shop.t.app.inject({ method: 'POST', url: '/api/staff/settings', headers: { token: staff.token }, payload: { hiddenCategories } });
    const widgetLinks = (doc: Document) => [...doc.querySelectorAll('a[href*="category=Widgets"]')].map((a) => a.closest('nav, footer')?.tagName.toLowerCase() ?? a.tagName);
    // Shown: the category bar and the footer link to it.
    const before = await page('/');
    expect(widgetLinks(before.doc).sort()).toEqual(['footer', 'nav']);
    expect((await hide(['widgets'])).statusCode).toBe(200);
    try {
      const home = await page('/about');
      expect(widgetLinks(home.doc)).toEqual([]);
      expect(home.doc.querySelectorAll('a[href*="category=Figures"]').length).toBeGreaterThanOrEqual(2);
      const sitemap = (await shop.t.app.inject('/sitemap.xml')).body;
      expect(sitemap).toContain('https://shop.example/collection?category=Figures');
      expect(sitemap).not.toContain('category=Widgets');

      const { status, doc } = await page('/collection?category=Widgets&subCategory=DIY_Kits');
      expect(status).toBe(200);
      expect(text(main(doc).querySelector('h1')!)).toContain('All products');
      expect(text(main(doc))).not.toContain('No products match your filters');
      expect(main(doc).querySelectorAll('ul[aria-label="Products"] > li').length).toBe(12);
      expect([...main(doc).querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['All', 'Figures', 'Fidgets', 'Decoration']);
    } finally {
      expect((await hide([])).statusCode).toBe(200);
    }
  });
});

describe("the shopper's own pages", () => {
  // The cart, wishlist and token live in the browser (SPEC §4): the server cannot know them, so
  // these pages carry their frame and a skeleton, never an "empty" message that flips on hydration.
  it.each([
    ['/cart', 'Your cart', 'Your cart is empty'],
    ['/wishlist', 'Your Wishlist', 'Your wishlist is empty'],
    ['/orders', 'MY ORDERS', 'No orders yet'],
    ['/place-order', 'Place your order', 'Your cart is empty'],
  ])('%s renders its heading and a skeleton, not an empty message', async (url, heading, empty) => {
    const { status, doc } = await page(url);
    expect(status).toBe(200);
    expect(text(main(doc).querySelector('h1')!)).toContain(heading);
    const skeleton = main(doc).querySelector('[data-skeleton][aria-busy="true"]');
    expect(skeleton).not.toBeNull();
    expect(skeleton!.querySelector('.MuiSkeleton-root')).not.toBeNull();
    expect(text(main(doc))).not.toContain(empty);
    expect(text(main(doc))).not.toMatch(/is empty|No orders yet|log in/i);
  });
});

describe('the data block', () => {
  it('keeps a hostile product name as text: no script from it, and the JSON reads back the same', async () => {
    const target = shop.list[2]!;
    const evil = '</script><script>alert(1)</script><!-- x';
    await shop.t.database.db.transaction(async (tx) => {
      await tx.update(products).set({ name: evil }).where(eq(products.id, target._id));
      await bumpCatalogVersion(tx);
    });
    shop.t.app.catalog.invalidateLocal();
    const { html, doc } = await page('/collection');
    expect(html).not.toContain('<script>alert(1)');
    // The shell's module script and the data block, nothing else.
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    const data = serverData(doc).api.queries['getProducts(undefined)']!.data as { entities: Record<string, Product> };
    expect(data.entities[target._id]!.name).toBe(evil);
  });
});

describe('the anonymous HTML cache', () => {
  it('serves a render again for the same canonical URL, and renders anew when the catalog or the settings change', async () => {
    const p = shop.list[5]!;
    const first = await shop.t.app.inject(`/product/${p._id}?ref=mail`);
    const again = await shop.t.app.inject(`/product/${p._id.toUpperCase()}/`);
    expect([first.headers['x-render-cache'], again.headers['x-render-cache']]).toEqual(['miss', 'hit']);
    expect(again.body).toBe(first.body);

    const renamed = `${p.name} (renamed)`;
    await shop.t.database.db.transaction(async (tx) => {
      await tx.update(products).set({ name: renamed }).where(eq(products.id, p._id));
      await bumpCatalogVersion(tx);
    });
    // Another instance's write: this one sees the shared version once its check interval has passed.
    shop.t.app.catalog.invalidateLocal();
    const changed = await shop.t.app.inject(`/product/${p._id}`);
    expect(changed.headers['x-render-cache']).toBe('miss');
    expect(changed.body).toContain(renamed);

    const settings = (await shop.t.app.inject('/api/settings')).json().settings as { showSupportInOrders: boolean };
    await shop.t.app.settings.update({ showSupportInOrders: !settings.showSupportInOrders });
    expect((await shop.t.app.inject(`/product/${p._id}`)).headers['x-render-cache']).toBe('miss');
    expect((await shop.t.app.inject(`/product/${p._id}`)).headers['x-render-cache']).toBe('hit');
  });

  it('serves a hit from bytes compressed once, with an ETag a revalidation answers 304 to', async () => {
    const url = '/collection?category=Figures';
    const miss = await shop.t.app.inject(url);
    const hit = await shop.t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect([miss.headers['x-render-cache'], hit.headers['x-render-cache']]).toEqual(['miss', 'hit']);
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(hit.rawPayload).toString('utf8')).toBe(miss.body);
    const etag = String(hit.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await shop.t.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('compresses a page rendered for the request in the encoding the client takes', async () => {
    // /cart is never kept: every answer is a render of its own.
    const ask = (encoding?: string) => shop.t.app.inject({ url: '/cart', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const [br, gzip, plain, refused] = await Promise.all([ask('gzip, deflate, br'), ask('gzip'), ask(), ask('br;q=0, gzip;q=0')]);
    expect([br, gzip, plain, refused].map((r) => r.headers['x-render-cache'])).toEqual(['none', 'none', 'none', 'none']);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding'], refused.headers['content-encoding']]).toEqual(['br', 'gzip', undefined, undefined]);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    for (const html of [brotliDecompressSync(br.rawPayload).toString('utf8'), gunzipSync(gzip.rawPayload).toString('utf8'), plain.body, refused.body]) {
      expect(text(main(new JSDOM(html).window.document).querySelector('h1')!)).toContain('Your cart');
    }
  });

  it('never keeps a shopper’s page', async () => {
    for (const url of ['/cart', '/cart']) expect((await shop.t.app.inject(url)).headers['x-render-cache']).toBe('none');
  });
});

describe('cached pages and ship-by dates', () => {
  it('a paid order that moves no date keeps every cached page; a product page whose statements move renders anew', async () => {
    const { app } = shop.t;
    const p = shop.list.find((x, i) => i > 8 && !x.notAvailableYet && !x.outOfStock && x.clothingSizes.length === 0)!;
    const url = `/product/${p._id}`;
    const cache = async (u: string) => (await app.inject(u)).headers['x-render-cache'];
    await cache(url);
    await cache('/collection');
    expect([await cache(url), await cache('/collection')]).toEqual(['hit', 'hit']);
    // The print queue moves with every paid made-to-order order: not a reason to render the shop anew.
    await app.db.update(settings).set({ printQueueVersion: sql`${settings.printQueueVersion} + 1` }).where(eq(settings.id, 1));
    expect([await cache(url), await cache('/collection')]).toEqual(['hit', 'hit']);
    // Its prints take days now: the page's statements move, so that page renders anew with them.
    const range = async () => (await app.inject(`/api/ship-by/${p._id}`)).json().shipBy.range as string;
    const before = await range();
    const kept = await app.db.select().from(stockOptions).where(eq(stockOptions.productId, p._id));
    await app.db.update(stockOptions).set({ onHand: 0, madeToOrder: true, printMinutes: 6000, material: 'PLA' }).where(eq(stockOptions.productId, p._id));
    const after = await range();
    expect(after).not.toBe(before);
    const res = await app.inject(url);
    expect(res.headers['x-render-cache']).toBe('miss');
    expect(text(main(new JSDOM(res.body).window.document))).toContain(after);
    expect(await cache('/collection')).toBe('hit');
    for (const row of kept) await app.db.update(stockOptions).set(row).where(and(eq(stockOptions.productId, row.productId), eq(stockOptions.variant, row.variant)));
  });
});

describe('a page many ask for at once', () => {
  it('is rendered once for all of them (after a catalog change every visitor misses together)', async () => {
    const { app } = shop.t;
    const entry = (await import(pathToFileURL(path.join(shop.distDir, SSR_ENTRY)).href)) as ServerEntry;
    let renders = 0;
    const counted: ServerEntry = { ...entry, render: (input) => ((renders += 1), entry.render(input)) };
    const renderer = createPageRenderer(app, counted, async () => SHELL, new HtmlCache(50));
    const pages = await Promise.all(Array.from({ length: 8 }, () => renderer.render('/collection')));
    expect(renders).toBe(1);
    expect(pages.map((p) => p.status)).toEqual(Array(8).fill(200));
    expect(new Set(pages.map((p) => p.html)).size).toBe(1);
    // A change: the next crowd gets one render of the new version (once this instance has heard of it:
    // on PostgreSQL through NOTIFY, a moment after the commit).
    const before = await app.catalog.version();
    await bumpCatalogVersion(app.db);
    await vi.waitFor(async () => expect(await app.catalog.version()).not.toBe(before), { timeout: 5000 });
    await Promise.all(Array.from({ length: 4 }, () => renderer.render('/collection')));
    expect(renders).toBe(2);
  });
});

describe('a page while write transactions hold every connection of the pool', () => {
  // Under load every paid order takes the print queue's settings row: the transactions waiting for
  // it hold the pool. Only PostgreSQL has more than one connection (PGlite runs one at a time).
  it.runIf(process.env.DATABASE_URL)('renders a staff edit at once from connections of its own (Database.reads)', async () => {
    const { app } = shop.t;
    const p = shop.list.find((x, i) => i > 10 && !x.notAvailableYet)!;
    const connect = async () => {
      const c = new pg.Client({ connectionString: shop.t.config.databaseUrl });
      await c.connect();
      return c;
    };
    const [holder, staff] = await Promise.all([connect(), connect()]);
    await holder.query('begin');
    await holder.query('select 1 from settings where id = 1 for update');
    const poolMax = (app.db as unknown as { $client: pg.Pool }).$client.options.max;
    const waiting = Array.from({ length: poolMax }, () => app.db.transaction((tx) => tx.execute(sql`select 1 from settings where id = 1 for update`)));
    const rename = (name: string) =>
      drizzle({ client: staff, schema }).transaction(async (tx) => {
        await tx.update(products).set({ name }).where(eq(products.id, p._id));
        await bumpCatalogVersion(tx);
      });
    try {
      await vi.waitFor(async () => {
        const { rows } = await staff.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        expect(rows[0].n).toBe(poolMax);
      });
      await rename(`${p.name} (edited under load)`);
      app.catalog.invalidateLocal(); // this instance heard of it (NOTIFY)
      const answer = await Promise.race([app.inject(`/product/${p._id}`), new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000))]);
      expect(answer === 'still waiting' ? answer : text(main(new JSDOM(answer.body).window.document).querySelector('h1')!)).toContain(`${p.name} (edited under load)`);
    } finally {
      await holder.query('rollback');
      await Promise.all([holder.end(), Promise.all(waiting)]);
      await rename(p.name);
      await staff.end();
      app.catalog.invalidateLocal();
    }
  });
});

describe('uncached renders (HTML_CACHE_ENTRIES=0)', () => {
  it('reuse the fetched catalog while it is unchanged, and show a staff edit in the very next render', async () => {
    const { app } = shop.t;
    const entry = (await import(pathToFileURL(path.join(shop.distDir, SSR_ENTRY)).href)) as ServerEntry;
    const renderer = createPageRenderer(app, entry, async () => SHELL, new HtmlCache(0));
    const asked = vi.spyOn(app, 'inject');
    const apiCalls = () =>
      asked.mock.calls.map((args) => {
        const opts = (args as unknown[])[0];
        return typeof opts === 'object' && opts !== null && 'url' in opts ? String(opts.url) : String(opts);
      });
    // One no other test of this file renames.
    const p = shop.list.find((x, i) => i > 5 && !x.notAvailableYet)!;
    const productPage = async () => {
      const page = await renderer.render(`/product/${p._id}`);
      expect([page.status, page.cache]).toEqual([200, 'miss']);
      return { html: page.html, doc: new JSDOM(page.html).window.document };
    };
    try {
      await productPage();
      asked.mockClear();
      // Rendered anew, from the data the first render fetched: the API is not asked again.
      const second = await productPage();
      // The product's reviews and ship-by dates are the page's own data, asked for each render (the
      // dates move with the queue and the clock); the catalog is not.
      expect(apiCalls().sort()).toEqual([`/api/reviews/product/${p._id}`, `/api/ship-by/${p._id}`]);
      expect(text(main(second.doc).querySelector('h1')!)).toContain(p.name);
      expect(serverData(second.doc).api.queries[`getProduct("${p._id}")`]?.status).toBe('fulfilled');
      // Another page starts from the shared entries too, and its data block holds only its own.
      asked.mockClear();
      const store = await renderer.render('/collection');
      expect(apiCalls()).toEqual([]);
      expect(Object.keys(serverData(new JSDOM(store.html).window.document).api.queries).sort()).toEqual(['getBundles(undefined)', 'getProducts(undefined)', 'getSettings(undefined)']);

      // A staff edit through the API: the next render shows it.
      const staff = await makeStaff(app);
      const detail = (await app.inject({ url: `/api/staff/products/${p._id}`, headers: { token: staff.token } })).json().product as Product;
      const renamed = `${p.name} (edited for the render)`;
      const edit = await app.inject({ method: 'PUT', url: `/api/staff/products/${p._id}`, headers: { token: staff.token }, payload: { ...detail, name: renamed, date: undefined } });
      expect(edit.statusCode, edit.body).toBe(200);
      const after = await productPage();
      expect(text(main(after.doc).querySelector('h1')!)).toContain(renamed);
      const listed = serverData(after.doc).api.queries['getProducts(undefined)']!.data as { entities: Record<string, Product> };
      expect(listed.entities[p._id]!.name).toBe(renamed);
      expect((await renderer.render('/collection')).html).toContain(renamed);
    } finally {
      asked.mockRestore();
    }
  });
});

describe('the render’s store', () => {
  it('ends with the request: no timer of it is left behind to keep it in memory', async () => {
    const { app } = shop.t;
    const entry = (await import(pathToFileURL(path.join(shop.distDir, SSR_ENTRY)).href)) as ServerEntry;
    const renderer = createPageRenderer(app, entry, async () => SHELL, new HtmlCache(0));
    await renderer.render('/collection');
    // Each of these renders subscribes to three or four endpoints: RTK Query drops an unused entry
    // with a timer (`keepUnusedDataFor`, 60 s), which would hold the render's store for a minute.
    // Long timers that the render's own code (the SSR bundle and RTK Query) starts while they run,
    // still pending once they are done: none. The server's own (the database pool's idle timers, say) are
    // not counted.
    const long: Array<{ _destroyed?: boolean }> = [];
    const fromRender = (stack = '') => stack.includes(shop.distDir) || /@reduxjs[\\/]toolkit/.test(stack);
    const hook = createHook({
      init(_id, type, _trigger, resource) {
        // Long ones only: RTK's store batches its notifications with a timer of a few ms.
        if (type !== 'Timeout' || ((resource as { _idleTimeout?: number })._idleTimeout ?? 0) < 1000) return;
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 50;
        const stack = new Error().stack;
        Error.stackTraceLimit = limit;
        if (fromRender(stack)) long.push(resource as { _destroyed?: boolean });
      },
    }).enable();
    try {
      for (const p of shop.list.slice(0, 5)) expect((await renderer.render(`/product/${p._id}`)).cache).toBe('miss');
      await renderer.render('/collection?category=Figures');
    } finally {
      hook.disable();
    }
    expect(long.filter((t) => !t._destroyed)).toHaveLength(0);
  });
});

describe('a form posted before any script has run (every form is method="post")', () => {
  const post = (url: string, payload: string, contentType = 'application/x-www-form-urlencoded') =>
    shop.t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
  const postedFields = (doc: Document) => JSON.parse(doc.getElementById('posted-fields')?.textContent ?? 'null') as Record<string, string> | null;

  it('is answered with the same page and the values typed, never the password, and never kept by the cache', async () => {
    const res = await post('/login', new URLSearchParams({ email: 'ada@example.com', password: 'hunter2 secret' }).toString());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = new JSDOM(res.body).window.document;
    expect(doc.querySelector('form[aria-label="Login"]')!.getAttribute('method')).toBe('post');
    expect(postedFields(doc)).toEqual({ email: 'ada@example.com' });
    expect(res.body).not.toContain('hunter2');
    // The next visitor gets the page as it is.
    const { doc: after } = await page('/login');
    expect(after.getElementById('posted-fields')).toBeNull();
  });

  it('keeps a hostile value as data (no script from it) and the status of the page (404 for an unknown route)', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const res = await post('/contact', new URLSearchParams({ name: hostile, newPassword: 'x', cardNumber: '4242' }).toString());
    expect(res.statusCode).toBe(200);
    const doc = new JSDOM(res.body).window.document;
    expect(postedFields(doc)).toEqual({ name: hostile });
    expect(doc.querySelectorAll('script:not([type])').length + doc.querySelectorAll('script[type="text/javascript"]').length).toBe(0);
    expect((await post('/no-such-page', 'q=1')).statusCode).toBe(404);
  });

  it('leaves the API and any other kind of body as they were (404 JSON, 415)', async () => {
    expect((await post('/login', '{}', 'application/json')).statusCode).toBe(404);
    const api = await post('/api/no-such-call', 'a=1');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, message: 'Not found' });
    expect((await post('/api/user/login', 'email=a%40b.co&password=x')).statusCode).toBe(415);
  });
});
