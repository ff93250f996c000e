// A returning shopper's full page load of each private page — /orders (My Orders), /wishlist, /cart
// and /place-order (checkout) — in Debian's chromium driven by playwright-core: the token saved in
// the browser as the app saves it, one paid order placed through the checkout API and the built-in
// card page, one product on the wishlist and one line in the cart. Each of BENCH_ORDERS_RUNS
// (default 5) loads per page is a fresh browser context (empty cache) at a desktop viewport, no
// throttling, the pages interleaved; figures are the medians of the time from the navigation to the
// first paint and to the shopper's own content (the first order card; the product's name in the
// page's main region), and of the time between the two (target: within 1 s of the first paint).
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH, ensureBuilt, median, startServer, tempDir } from '../scripts/bench-lib.mjs';

const RUNS = Number(process.env.BENCH_ORDERS_RUNS ?? 5);
const CARD = '[data-testid="order-card"]';

async function api(url, method, path, body, token) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

/** A shopper with one paid order, the product on their wishlist and in their cart; returns their token and the product's name. */
async function shopperWithOrder(url) {
  const email = `bench.orders.${Date.now().toString(36)}@example.com`;
  const { token } = await api(url, 'POST', '/api/user/register', { name: 'Bench Shopper', email, password: 'bench shopper password' });
  const { products } = await api(url, 'GET', '/api/product/list');
  const product = products.find((p) => !p.outOfStock && !p.vaulted && !p.notAvailableYet && !p.comingSoon && p.colorVariants.length > 0 && p.clothingSizes.length === 0 && p.canvasSizes.length === 0);
  const items = [{ productId: product._id, color: `${product.colorVariants[0].color}|`, quantity: 1 }];
  const { quote } = await api(url, 'POST', '/api/order/quote', { items }, token);
  const address = { firstName: 'Bench', lastName: 'Shopper', email, street: '1 Main St', city: 'Portland', state: 'OR', zipcode: '97201', country: 'United States', phone: '5035550100' };
  const session = await api(url, 'POST', '/api/order/stripe', { address, items, amount: quote.amount, isBuyNow: true }, token);
  const form = new URLSearchParams({ name: 'Bench Shopper', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' });
  const paid = await fetch(`${url}/pay/${session.sessionId}`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`paying the bench order answered ${paid.status}`);
  await api(url, 'POST', '/api/wishlist/add', { productId: product._id }, token);
  await api(url, 'POST', '/api/cart/add', { itemId: product._id, color: items[0].color, quantity: 1 }, token);
  return { token, name: product.name };
}

/** Each private page and how its own content is recognised once it shows (the server paints a guest's page). */
const PAGES = [
  { path: '/orders', label: 'first order card', selector: CARD },
  { path: '/wishlist', label: 'the wishlist product', byName: true },
  { path: '/cart', label: 'the cart line', byName: true },
  { path: '/place-order', label: 'the checkout line', byName: true },
];

export async function run({ root }) {
  ensureBuilt(root);
  const dataDir = tempDir('orders');
  const server = await startServer(root, { dataDir });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') });
  const times = new Map(PAGES.map((p) => [p.path, { toContent: [], toPaint: [], afterPaint: [] }]));
  try {
    const { token, name } = await shopperWithOrder(server.url);
    for (let i = 0; i < RUNS; i++) {
      for (const spec of PAGES) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
        // What redux-persist wrote on the shopper's earlier visit.
        await context.addInitScript((t) => {
          localStorage.setItem('persist:layerloft', JSON.stringify({ session: JSON.stringify({ token: t }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
        }, token);
        const page = await context.newPage();
        await page.goto(`${server.url}${spec.path}`, { waitUntil: 'commit' });
        // performance.now() counts from the navigation's start (timeOrigin), read in the frame the content shows in.
        const seen = await page.waitForFunction(
          ({ selector, text }) => ((selector ? document.querySelector(selector) : document.querySelector('main')?.innerText.includes(text)) ? performance.now() : false),
          { selector: spec.selector, text: spec.byName ? name : undefined },
          { timeout: 60_000, polling: 'raf' },
        );
        const content = await seen.jsonValue();
        const { paint } = await page.evaluate(() => ({
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.getEntriesByName('first-paint')[0]?.startTime ?? 0,
        }));
        console.log(`  run ${i + 1} ${spec.path}: first paint ${Math.round(paint)} ms, ${spec.label} ${Math.round(content)} ms (${Math.round(content - paint)} ms after the paint)`);
        const t = times.get(spec.path);
        t.toContent.push(Math.round(content));
        t.toPaint.push(Math.round(paint));
        t.afterPaint.push(Math.round(content - paint));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return PAGES.flatMap(({ path, label }) => {
    const t = times.get(path);
    return [
      { figure: `browser: ${path} full load → first paint`, value: median(t.toPaint), unit: 'ms', target: null, better: 'lower' },
      { figure: `browser: ${path} full load → ${label}`, value: median(t.toContent), unit: 'ms', target: null, better: 'lower' },
      { figure: `browser: ${path} first paint → ${label}`, value: median(t.afterPaint), unit: 'ms', target: 1000, better: 'lower' },
    ];
  });
}
