// A returning shopper's full page load of /orders (My Orders) in Debian's chromium driven by
// playwright-core: the token saved in the browser as the app saves it, one paid order placed
// through the checkout API and the built-in card page. Each of BENCH_ORDERS_RUNS (default 5) loads
// is a fresh browser context (empty cache) at a desktop viewport, no throttling; figures are the
// medians of the time from the navigation to the first paint and to the first order card, and of
// the time between the two (target: the shopper's own content within 1 s of the first paint).
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

/** A shopper with one paid order; returns their session token. */
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
  return token;
}

export async function run({ root }) {
  ensureBuilt(root);
  const dataDir = tempDir('orders');
  const server = await startServer(root, { dataDir });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') });
  const toCard = [];
  const toPaint = [];
  const afterPaint = [];
  try {
    const token = await shopperWithOrder(server.url);
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      // What redux-persist wrote on the shopper's earlier visit.
      await context.addInitScript((t) => {
        localStorage.setItem('persist:layerloft', JSON.stringify({ session: JSON.stringify({ token: t }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
      }, token);
      const page = await context.newPage();
      await page.goto(`${server.url}/orders`, { waitUntil: 'commit' });
      // performance.now() counts from the navigation's start (timeOrigin), read in the frame the card shows in.
      const seen = await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : false), CARD, { timeout: 60_000, polling: 'raf' });
      const card = await seen.jsonValue();
      const { paint } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.getEntriesByName('first-paint')[0]?.startTime ?? 0,
      }));
      console.log(`  run ${i + 1}: first paint ${Math.round(paint)} ms, first order card ${Math.round(card)} ms (${Math.round(card - paint)} ms after the paint)`);
      toCard.push(Math.round(card));
      toPaint.push(Math.round(paint));
      afterPaint.push(Math.round(card - paint));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    { figure: 'browser: /orders full load → first paint', value: median(toPaint), unit: 'ms', target: null, better: 'lower' },
    { figure: 'browser: /orders full load → first order card', value: median(toCard), unit: 'ms', target: null, better: 'lower' },
    { figure: 'browser: /orders first paint → first order card', value: median(afterPaint), unit: 'ms', target: 1000, better: 'lower' },
  ];
}
