// Interaction on a low-end phone's CPU (6× slower, DevTools protocol Emulation.setCPUThrottlingRate):
// on /collection, click a category tab BENCH_INTERACTION_CLICKS times (default 20, cycling through
// the tabs so every click changes the grid), then as many subcategory checkboxes; each timed from
// the click's input event to the next frame after the grid shows other products. Then on a product
// page, Add to cart as many times, each timed from the click to the frame after the header's cart
// badge shows the new count. Reported as p50 and p95 of each series.
// The built server on PGlite with the demo catalog, Debian's chromium through playwright-core,
// a desktop viewport (the store's tabs and filters all on screen).
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH, ensureBuilt, percentile, startServer, tempDir } from '../scripts/bench-lib.mjs';

export const targets = { p95Ms: 200, addToCartP95Ms: 100 };
const CLICKS = Number(process.env.BENCH_INTERACTION_CLICKS ?? 20);
const CPU_SLOWDOWN = 6;

/**
 * Installed in the page: every click (capture phase, before the app's handlers) starts a timer at
 * the event's own timestamp (so input delay counts); the timer stops at the first frame after the
 * grid's product links differ from what they were at the click.
 */
function instrument() {
  const w = /** @type {any} */ (window);
  w.__interactions = [];
  const gridLinks = () =>
    [...document.querySelectorAll('main ul[aria-label="Products"] a[href^="/product/"]')].map((a) => a.getAttribute('href')).join(' ');
  document.addEventListener(
    'click',
    (event) => {
      const start = event.timeStamp;
      const before = gridLinks();
      const main = document.querySelector('main');
      const observer = new MutationObserver(() => {
        if (gridLinks() === before) return;
        observer.disconnect();
        // The frame that shows the new grid: after the next animation frame's paint.
        requestAnimationFrame(() => setTimeout(() => w.__interactions.push(performance.now() - start), 0));
      });
      observer.observe(main, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    true,
  );
}

/** Installed in the page: every click starts a timer that stops at the frame after the header's cart count changes. */
function instrumentCart() {
  const w = /** @type {any} */ (window);
  w.__interactions = [];
  const badge = () => document.querySelector('header a[href="/cart"]')?.getAttribute('aria-label') ?? '';
  document.addEventListener(
    'click',
    (event) => {
      const start = event.timeStamp;
      const before = badge();
      const observer = new MutationObserver(() => {
        if (badge() === before) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => w.__interactions.push(performance.now() - start), 0));
      });
      observer.observe(document.querySelector('header') ?? document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    true,
  );
}

export async function run({ root }) {
  ensureBuilt(root);
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`${CHROME_PATH} is missing (apt-get install chromium, or set CHROME_PATH)`);
  const dataDir = tempDir('interaction');
  const server = await startServer(root, { dataDir });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const categoryTimes = [];
  const subcategoryTimes = [];
  const cartTimes = [];
  const missed = { category: 0, subcategory: 0, cart: 0 };
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/collection`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The app's start-up ends after hydration (the saved state, the toasts' host): the clicks time
    // the store's answer, not start-up work that happens to overlap them (Lighthouse's TBT has that).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await page.evaluate(instrument);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const tabs = page.getByRole('tablist', { name: 'Categories' }).getByRole('tab');
    const count = await tabs.count();
    if (count < 2) throw new Error(`the store shows ${count} category tab(s); the figure needs two or more`);
    // Tab 1, 2, …, last, 0, 1, …: never the selected one, so every click changes the grid.
    await timeClicks(page, 'category', CLICKS, (i) => tabs.nth((i + 1) % count), () => (missed.category += 1));
    categoryTimes.push(...(await takeInteractions(page)));

    // Subcategories: in the first category (Figures: its brands), each checkbox ticked then cleared,
    // one after the other; a brand narrows the grid and clearing it widens it again.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await tabs.nth(1).click();
    const subs = page.locator('aside fieldset').first().getByRole('checkbox');
    await subs.first().waitFor();
    const subCount = await subs.count();
    await page.waitForTimeout(500);
    await takeInteractions(page); // the switch to the first category is not part of the figure
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await timeClicks(page, 'subcategory', CLICKS, (i) => subs.nth(Math.floor(i / 2) % subCount), () => (missed.subcategory += 1));
    subcategoryTimes.push(...(await takeInteractions(page)));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Add to cart on a product page that can be bought, its first colour and size chosen.
    const list = await (await fetch(`${server.url}/api/product/list`)).json();
    const product = list.products.find((p) => !p.outOfStock && !p.comingSoon && !p.preOrder && !p.vaulted) ?? list.products[0];
    await page.goto(`${server.url}/product/${product._id}`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    for (const group of ['color-label', 'size-label']) {
      const option = page.locator(`[role="group"][aria-labelledby="${group}"] button`).first();
      if (await option.count()) await option.click();
    }
    await page.waitForTimeout(1000);
    await page.evaluate(instrumentCart);
    const cdpCart = await page.context().newCDPSession(page);
    await cdpCart.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const add = page.getByRole('button', { name: 'Add to cart', exact: true });
    let timed = 0;
    for (let i = 0; i < CLICKS; i++) {
      await add.click();
      const done = await page
        .waitForFunction((n) => /** @type {any} */ (window).__interactions.length >= n, timed + 1, { timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (done) timed += 1;
      else {
        missed.cart += 1;
        console.log(`  add to cart ${i + 1}: the cart count did not change within 5 s`);
      }
      // The confirmation dialog closes before the next add. It is loaded with its first opening
      // (LazyDialog), so at 6× it can appear after the count changed: wait for it, then close it.
      await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 5000 }).catch(() => undefined);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' }).catch(() => undefined);
      await page.waitForTimeout(300);
    }
    cartTimes.push(...(await takeInteractions(page)));
    await cdpCart.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const round = (n) => Math.round(n);
  const rows = [];
  for (const [what, times] of [['category', categoryTimes], ['subcategory', subcategoryTimes]]) {
    console.log(`  ${what}: ${times.length} of ${CLICKS} clicks timed (CPU ${CPU_SLOWDOWN}× slower): ${times.map(round).join(', ')} ms`);
    const label = what === 'category' ? 'category click' : 'subcategory checkbox';
    rows.push(
      { figure: `interaction /collection (CPU ${CPU_SLOWDOWN}×): ${label} → grid, p50`, value: round(percentile(times, 50)), unit: 'ms', target: null, better: 'lower' },
      { figure: `interaction /collection (CPU ${CPU_SLOWDOWN}×): ${label} → grid, p95`, value: round(percentile(times, 95)), unit: 'ms', target: targets.p95Ms, better: 'lower' },
    );
  }
  rows.push({ figure: 'interaction /collection: clicks whose grid never changed', value: missed.category + missed.subcategory, unit: 'clicks', target: 0, better: 'lower' });
  console.log(`  add to cart: ${cartTimes.length} of ${CLICKS} clicks timed (CPU ${CPU_SLOWDOWN}× slower): ${cartTimes.map(round).join(', ')} ms`);
  rows.push(
    { figure: `interaction product page (CPU ${CPU_SLOWDOWN}×): add to cart → header badge, p50`, value: round(percentile(cartTimes, 50)), unit: 'ms', target: null, better: 'lower' },
    { figure: `interaction product page (CPU ${CPU_SLOWDOWN}×): add to cart → header badge, p95`, value: round(percentile(cartTimes, 95)), unit: 'ms', target: targets.addToCartP95Ms, better: 'lower' },
    { figure: 'interaction product page: adds whose cart count never changed', value: missed.cart, unit: 'clicks', target: 0, better: 'lower' },
  );
  return rows;
}

/** Clicks `clicks` times (the `i`th on `target(i)`), each waiting for its timing or 5 s, then a pause. */
async function timeClicks(page, what, clicks, target, onMissed) {
  let timed = 0;
  for (let i = 0; i < clicks; i++) {
    await target(i).click();
    const done = await page
      .waitForFunction((n) => /** @type {any} */ (window).__interactions.length >= n, timed + 1, { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (done) timed += 1;
    else {
      onMissed();
      console.log(`  ${what} click ${i + 1}: the grid did not change within 5 s`);
    }
    await page.waitForTimeout(300);
  }
}

/** The timings recorded so far, and a fresh start for the next series. */
const takeInteractions = (page) =>
  page.evaluate(() => {
    const w = /** @type {any} */ (window);
    const taken = w.__interactions;
    w.__interactions = [];
    return taken;
  });
