// Time from navigation to the first 12 product cards on /collection with 10,000 products in the
// database (scripts/bench-seed.ts, images from the parametrised /img route), in Debian's chromium
// driven by playwright-core: median of BENCH_BROWSER_RUNS (default 3) cold loads, each in a fresh
// browser context (empty cache). Desktop viewport, no throttling: what this machine does.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH, ensureBuilt, median, runTs, serverEnv, startServer, tempDir } from '../scripts/bench-lib.mjs';

const PRODUCTS = 10_000;
const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 3);
const CARD = 'ul[aria-label="Products"] > li article h3';

export async function run({ root }) {
  ensureBuilt(root);
  const dataDir = tempDir('collection');
  const started = Date.now();
  const seeded = runTs(root, 'scripts/bench-seed.ts', ['--products', String(PRODUCTS)], serverEnv({ dataDir, port: 0 }));
  console.log(`  seeded ${seeded.products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer(root, { dataDir });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') });
  const times = [];
  try {
    // The server's list cache is built by the first request; a shopper is never the first.
    await fetch(`${server.url}/api/product/list`, { headers: { 'accept-encoding': 'br' } });
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/collection`, { waitUntil: 'commit' });
      await page.waitForFunction((sel) => document.querySelectorAll(sel).length >= 12, CARD, { timeout: 60_000, polling: 'raf' });
      // performance.now() counts from the navigation's start (timeOrigin).
      const ms = Math.round(await page.evaluate(() => performance.now()));
      const bytes = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/product/list')).map((e) => e.transferSize)[0] ?? 0);
      console.log(`  run ${i + 1}: 12 cards after ${ms} ms (product list ${Math.round(bytes / 1024)} KB on the wire)`);
      times.push(ms);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return [{ figure: `browser: /collection first 12 cards, ${PRODUCTS / 1000}k products`, value: median(times), unit: 'ms', target: null, better: 'lower' }];
}
