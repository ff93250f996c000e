// Lighthouse 12 (mobile preset, simulated throttling, performance only) on /, /collection, a
// product page and a bundle page of the built app served by our server (PGlite, demo catalog), Debian's chromium.
// Median of BENCH_LIGHTHOUSE_RUNS (default 3) runs per page; one browser, a fresh page per run
// (Lighthouse clears the cache and storage before each run).
import fs from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH, ensureBuilt, median, startServer, tempDir } from '../scripts/bench-lib.mjs';

// Lighthouse on each of the four pages shoppers land on most: score, LCP, CLS and TBT.
export const targets = { score: 95, lcpMs: 1500, cls: 0.02, tbtMs: 150 };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART on a loaded machine) is retried twice. */
async function audit(url, port, name) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    console.log(`  ${name}: Lighthouse run failed (${lhr?.runtimeError?.code ?? 'no result'}), attempt ${attempt} of 3`);
  }
  return null;
}

export async function run({ root }) {
  ensureBuilt(root);
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`${CHROME_PATH} is missing (apt-get install chromium, or set CHROME_PATH)`);
  const dataDir = tempDir('lighthouse');
  const server = await startServer(root, { dataDir });
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  try {
    const list = await (await fetch(`${server.url}/api/product/list`)).json();
    const product = list.products.find((p) => p.bestseller && !p.outOfStock) ?? list.products[0];
    const { bundles } = await (await fetch(`${server.url}/api/bundle/list`)).json();
    const now = Date.now();
    const bundle = bundles.find((b) => !b.cancelled && Date.parse(b.startDate) <= now && Date.parse(b.endDate) > now);
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    const pages = [
      ['/', '/'],
      ['/collection', '/collection'],
      ['product page', `/product/${product._id}`],
      ...(bundle ? [['bundle page', `/bundle/${bundle._id}`]] : []),
    ].filter(([name]) => !only || only.includes(name));
    if (!bundle) rows.push({ figure: 'lighthouse bundle page: not measured (no active bundle in the catalog)', value: 0, unit: '', target: 1, better: 'higher' });
    for (const [name, pathname] of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(`${server.url}${pathname}`, chrome.port, name);
        if (!lhr) continue;
        const run = {
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          fcp: Math.round(lhr.audits['first-contentful-paint'].numericValue),
          cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
          tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        };
        console.log(`  ${name} run ${i + 1}: score ${run.score}, FCP ${run.fcp} ms, LCP ${run.lcp} ms, CLS ${run.cls}, TBT ${run.tbt} ms (host benchmarkIndex ${run.benchmarkIndex})`);
        runs.push(run);
      }
      if (!runs.length) {
        rows.push({ figure: `lighthouse ${name}: not measured (every run failed)`, value: 0, unit: '', target: 1, better: 'higher' });
        continue;
      }
      const m = (k) => median(runs.map((r) => r[k]));
      rows.push(
        { figure: `lighthouse ${name}: performance score`, value: m('score'), unit: '', target: targets.score, better: 'higher' },
        { figure: `lighthouse ${name}: LCP`, value: m('lcp'), unit: 'ms', target: targets.lcpMs, better: 'lower' },
        { figure: `lighthouse ${name}: CLS`, value: m('cls'), unit: '', target: targets.cls, better: 'lower' },
        { figure: `lighthouse ${name}: TBT`, value: m('tbt'), unit: 'ms', target: targets.tbtMs, better: 'lower' },
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
