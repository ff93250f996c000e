/**
 * Server rendering: every route arrives rendered and the app adopts that markup
 * (hydrateRoot) without a difference React has to repair, from the data in the page (no second
 * request for the catalog); after that the app stays a single-page app.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { closure, readManifest } from '../../scripts/manifest.mjs';
import type { Bundle, Product } from '../../src/domain/types';
import { baseUrl, newPage, PHONE, seeded, startWithSaved } from './browser';
import { makeFixtures, type Fixtures } from './routes';
import { simpleProducts } from './shopper';

async function api<T>(path: string): Promise<T> {
  return (await fetch(`${baseUrl()}${path}`)).json() as Promise<T>;
}

/** Console lines that mean the markup and the first client render differed. */
const HYDRATION_TROUBLE = /hydrat|server-rendered page differed|did not match/i;

/** Installed before the page's scripts: cumulative layout shift as Lighthouse counts it (every shift not caused by input). */
function observeLayoutShifts() {
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/** Each route of SPEC §2; `{product}` and `{bundle}` stand for a real id. */
const ROUTES = [
  '/',
  '/collection',
  '/collection?category=Figures&page=2',
  '/product/{product}',
  '/bundle/{bundle}',
  '/about',
  '/contact',
  '/cart',
  '/wishlist',
  '/login',
  '/forgot-password',
  '/no-such-page',
];

describe('hydration of server-rendered pages', () => {
  let ids: { product: string; bundle: string };
  beforeAll(async () => {
    const products = seeded((await api<{ products: Product[] }>('/api/product/list')).products);
    const bundles = seeded((await api<{ bundles: Bundle[] }>('/api/bundle/list')).bundles);
    const now = Date.now();
    const bundle = bundles.find((b) => !b.cancelled && Date.parse(b.startDate) <= now && Date.parse(b.endDate) > now)!;
    ids = { product: products[0]!._id, bundle: bundle._id };
  });

  it.each(ROUTES)('%s hydrates with no hydration warning or error and no refetch of its data', async (pattern) => {
    const route = pattern.replace('{product}', ids.product).replace('{bundle}', ids.bundle);
    const page = await newPage();
    const messages: string[] = [];
    page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
    const dataRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/(product\/list|bundle\/list|settings)\b/.test(req.url())) dataRequests.push(req.url());
    });
    const response = await page.goto(route);
    expect(response!.status()).toBe(route === '/no-such-page' ? 404 : 200);
    // The app has taken over (its first effect ran after hydration committed).
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appReady)).toBe('true');
    expect(messages.filter((m) => HYDRATION_TROUBLE.test(m))).toEqual([]);
    // The unknown route's own 404 is reported by the console like any failed load: that one is expected.
    expect(page.errors.filter((e) => !(pattern === '/no-such-page' && /status of 404/.test(e)))).toEqual([]);
    expect(dataRequests).toEqual([]);
    await page.close();
  });

  it('navigation after the first load stays in the page (no new document)', async () => {
    const page = await newPage();
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url());
    });
    await page.goto('/');
    expect(documents).toHaveLength(1);
    await page.locator('header').getByRole('link', { name: /^store$/i }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/collection');
    await page.locator('a[href^="/product/"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/product\//);
    await expect(page.locator('main h1').first().textContent()).resolves.toBeTruthy();
    expect(documents).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });

  it("loads the app's code and the brand fonts only after the page has loaded (src/boot.ts)", async () => {
    const page = await newPage();
    await page.goto('/collection');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appReady)).toBe('true');
    const { loaded, early, late } = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src;
      const code = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => /\/assets\/.+\.(js|woff2|css)$/.test(r.name) && r.name !== entry);
      return {
        loaded: nav.loadEventStart,
        early: code.filter((r) => r.startTime < nav.loadEventStart).map((r) => r.name),
        late: code.length,
      };
    });
    expect(loaded).toBeGreaterThan(0);
    expect(early).toEqual([]);
    // The app did load (its chunks and fonts), after the page.
    expect(late).toBeGreaterThan(5);
    await page.close();
  });

  it('loads its start-up code as one script per stage of boot.ts, not as dozens of small shared chunks', () => {
    const manifest = readManifest(path.resolve(import.meta.dirname, '../../dist'));
    const chunkName = (key: string) => path.basename(manifest[key]!.file).replace(/-[\w-]{8}\.js$/, '');
    // What main.tsx (the last stage) evaluates with its static imports: every earlier stage, and the
    // page's own script (index, already run) for the few modules boot.ts shares with them.
    const main = Object.keys(manifest).find((k) => chunkName(k) === 'main')!;
    expect([...closure(manifest, main)].map(chunkName).sort()).toEqual(['App', 'baseApi', 'index', 'main', 'reactDom', 'rolldown-runtime', 'store', 'theme']);
    // The page's own script (index.html's, src/boot.ts) imports none of them: they come after the page has painted.
    expect(manifest['index.html']!.imports ?? []).toEqual([]);
  });

  // That the first toast still shows (the host loading then): tests/e2e/lists.test.ts, a failed wishlist call.
  it('leaves the toast host (notistack) for the first toast: a page that shows none does not load it', async () => {
    const page = await newPage();
    await page.goto('/collection');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appReady)).toBe('true');
    const toastHostLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/assets\/ToastHost-[^/]+\.js$/.test(r.name)));
    await page.waitForTimeout(500);
    expect(await toastHostLoaded()).toBe(false);
    await page.close();
  });

  it('draws the page in both brand fonts, swapped in together, cut to the weights and letters the shop uses (scripts/subset-fonts.sh): 26 KB', async () => {
    const page = await newPage();
    // How many brand faces are in use, frame by frame: both swap in at once (one relayout), never one alone (app/brandFonts.ts).
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { brandFacesSeen: number[] }).brandFacesSeen = seen;
      const look = () => {
        const n = [...document.fonts].filter((f) => f.status === 'loaded' && /Variable"?$/.test(f.family)).length;
        if (seen.at(-1) !== n) seen.push(n);
        if (n < 2) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto('/collection');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appReady)).toBe('true');
    await expect.poll(() => page.evaluate(() => (window as unknown as { brandFacesSeen: number[] }).brandFacesSeen.at(-1))).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { brandFacesSeen: number[] }).brandFacesSeen)).toEqual([0, 2]);
    const fontFiles = () =>
      page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.endsWith('.woff2')).map((r) => ({ name: r.name, bytes: r.encodedBodySize })));
    const fonts = await page.evaluate(() => ({
      // (A family named with a space reads back quoted from a FontFace made in script.)
      loaded: [...document.fonts].filter((f) => f.status === 'loaded' && /Variable"?$/.test(f.family)).map((f) => `${f.family.replaceAll('"', '')} ${f.weight}`).sort(),
      // The heading and the text as drawn: in the brand fonts, not their fallbacks.
      drawn: [document.fonts.check('650 24px "Fredoka Variable"', 'Figures · Décor'), document.fonts.check('800 16px "Nunito Variable"', 'Add — “$12.00”…')],
    }));
    expect(fonts.loaded).toEqual(['Fredoka Variable 500 800', 'Nunito Variable 400 800']);
    expect(fonts.drawn).toEqual([true, true]);
    const core = await fontFiles();
    expect(core.map((f) => /\/(\w+)-wght-[\d-]+-(core|extra)-/.exec(f.name)?.slice(1).join(' ')).sort()).toEqual(['fredoka core', 'nunito core']);
    // Nunito 400–700 and Fredoka at 600 (scripts/subset-fonts.sh): 26 KB the pair (44 KB with Nunito to 800 and Fredoka 500–700).
    const bytes = core.reduce((sum, f) => sum + f.bytes, 0);
    expect(bytes).toBeGreaterThan(22_000);
    expect(bytes).toBeLessThanOrEqual(27_000);
    // A letter outside the core (a name with an accent, a price in euros) brings its family's other file.
    await page.evaluate(() => document.fonts.load('800 16px "Nunito Variable"', 'Añadir €12'));
    expect(await page.evaluate(() => document.fonts.check('800 16px "Nunito Variable"', 'Añadir €12'))).toBe(true);
    expect((await fontFiles()).length).toBe(3);
    await page.close();
  });

  it("loads MUI's modal and its title, content and actions (components/LazyDialog.tsx) when a dialog first opens, not with the product page", async () => {
    const product = (await simpleProducts())[0]!;
    const page = await newPage();
    await page.goto(`/product/${product._id}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appReady)).toBe('true');
    const modalLoaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/assets\/(?:Modal|Dialog|DialogParts|DialogTitle)-[^/]+\.js$/.test(r.name)));
    await page.waitForTimeout(500);
    expect(await modalLoaded()).toBe(false);
    await page.getByRole('group', { name: /^Color/ }).getByRole('button', { name: product.colorVariants[0]!.color }).click();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Added to cart' });
    await dialog.waitFor();
    expect(await modalLoaded()).toBe(true);
    // As MUI's Dialog does: the focus moves into it, Escape closes it and the focus goes back.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add to cart');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('adopts the server-rendered styles in place: none is inserted again by the app', async () => {
    const page = await newPage();
    await page.goto('/collection');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.appReady)).toBe('true');
    const { serverIds, reinserted } = await page.evaluate(() => {
      const serverIds = [...document.querySelectorAll('style[data-server-emotion]')].flatMap((t) => t.getAttribute('data-server-emotion')!.split(' ').slice(1));
      // The tags emotion made in the browser (speedy: rules in the CSSOM, not in the text).
      const clientSelectors = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')].flatMap((t) => [...(t.sheet?.cssRules ?? [])].map((r) => r.cssText));
      return { serverIds, reinserted: serverIds.filter((id) => clientSelectors.some((rule) => rule.includes(`.css-${id}`))) };
    });
    expect(serverIds.length).toBeGreaterThan(20);
    expect(reinserted).toEqual([]);
    await page.close();
  });

  describe('a shopper with a persisted cart and token', () => {
    let fx: Fixtures;
    beforeAll(async () => {
      // A server cart of simple[0] and simple[1] (1 each) and a wishlist of three; the same cart saved in the browser.
      fx = await makeFixtures('hydration');
    });

    it.each(['/', '/cart', '/wishlist'])('%s at 375 px: their counts after hydration, no layout shift, no hydration warning', async (route) => {
      const page = await newPage(PHONE);
      const lines = Object.fromEntries(fx.simple.slice(0, 2).map((p) => [`${p._id}_${p.colorVariants[0]!.color}|`, 1]));
      await startWithSaved(page, { session: { token: fx.token }, cart: { items: lines, rev: 1, pending: [] } });
      await page.addInitScript(observeLayoutShifts);
      const messages: string[] = [];
      page.on('console', (msg) => messages.push(`${msg.type()}: ${msg.text()}`));
      await page.goto(route);
      const header = page.locator('header');
      await expect.poll(() => header.getByRole('link', { name: /^Cart, / }).getAttribute('aria-label')).toBe('Cart, 2 items');
      await expect.poll(() => header.getByRole('link', { name: /^Wishlist, / }).getAttribute('aria-label')).toBe('Wishlist, 3 items');
      // The page's own content is in (no skeleton left), then give any late shift time to land.
      await expect.poll(() => page.locator('main [data-skeleton], main .MuiSkeleton-root').count(), { timeout: 10_000 }).toBe(0);
      if (route === '/cart') await expect.poll(() => page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').count()).toBe(2);
      if (route === '/wishlist') await expect.poll(() => page.getByRole('list', { name: 'Wishlist products' }).getByRole('listitem').count()).toBe(3);
      await page.waitForTimeout(500);
      expect(await layoutShift(page), `cumulative layout shift on ${route}`).toBeLessThanOrEqual(0.02);
      expect(messages.filter((m) => HYDRATION_TROUBLE.test(m))).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.close();
    });
  });

  it.each([
    ['/', 375],
    ['/', 412],
    ['/collection', 375],
  ])('%s at %i px: the brand fonts arriving late move nothing (metric-matched fallback)', async (route, width) => {
    const page = await newPage({ ...PHONE, width });
    // The page paints in the fallback first; the fonts then swap in.
    await page.route('**/*.woff2', async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await r.continue();
    });
    await page.addInitScript(observeLayoutShifts);
    await page.goto(route);
    // Every face the page asked for has arrived (and at least one brand font did).
    await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.fonts].some((f) => /Variable/.test(f.family) && f.status === 'loaded'), undefined, { timeout: 15_000 });
    await page.waitForTimeout(500);
    expect(await layoutShift(page), `cumulative layout shift on ${route}`).toBeLessThanOrEqual(0.02);
    expect(page.errors).toEqual([]);
    await page.close();
  });
});

/**
 * Opens `url` with the app's last stage (main.tsx, which hydrates) held back until `release()`:
 * meanwhile the server's page is on screen and boot.ts has run. `loading` ends once the app is there.
 */
async function openBeforeTheApp(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const loading = page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByType('mark').some((m) => m.name.startsWith('app start-up')));
  return { loading, release };
}

describe('clicks made before the app has taken over the page (src/boot.ts)', () => {
  it("count once it has: a heart (clicked twice, meant once) on the saved account, then a category tab", async () => {
    const fx = await makeFixtures('early-clicks');
    const wishlisted = new Set(fx.simple.slice(0, 3).map((p) => p.name));
    const page = await newPage();
    // Logged in on this device, with a saved (empty) guest list that would win over a guest's click.
    await startWithSaved(page, { session: { token: fx.token }, wishlist: { ids: [], rev: 5 } });
    const { loading, release } = await openBeforeTheApp(page, '/collection');
    const labels = await page.locator('main').getByRole('button', { name: /^Add .+ to wishlist$/ }).evaluateAll((hearts) => hearts.map((h) => h.getAttribute('aria-label')!));
    const label = labels.find((l) => !wishlisted.has(l.slice('Add '.length, -' to wishlist'.length)))!;
    const name = label.slice('Add '.length, -' to wishlist'.length);
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('tab', { name: 'Figures' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
    release();
    await loading;

    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('Figures');
    await expect.poll(() => page.locator('header').getByRole('link', { name: /^Wishlist, / }).getAttribute('aria-label')).toBe('Wishlist, 4 items');
    const server = await page.request.post('/api/wishlist/list', { headers: { token: fx.token } });
    const ids = ((await server.json()) as { wishlist: string[] }).wishlist;
    const product = seeded(((await (await page.request.get('/api/product/list')).json()) as { products: Product[] }).products).find((p) => p.name === name)!;
    expect(ids).toHaveLength(4);
    expect(ids).toContain(product._id);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('sends a login typed and submitted with Enter before then with what was typed, never as a plain GET', async () => {
    const email = `early.${Date.now().toString(36)}@example.com`;
    const password = 'typed early 1';
    const page = await newPage();
    const reg = await page.request.post('/api/user/register', { data: { name: 'Early Bird', email, password } });
    expect(reg.status(), await reg.text()).toBe(200);
    const { loading, release } = await openBeforeTheApp(page, '/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForTimeout(200);
    // Held: the form did not go to the server as a query string.
    expect(new URL(page.url()).search).toBe('');
    release();
    await loading;
    await page.getByRole('banner').getByRole('link', { name: 'My orders' }).waitFor();
    await page.waitForURL((u) => u.pathname !== '/login');
    expect(page.url()).not.toContain('typed');
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
