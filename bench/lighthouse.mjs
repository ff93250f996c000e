// Lighthouse 12 (mobile preset, simulated throttling, performance only) on /, /collection, a
// product page and a bundle page of the built app served by our server (PGlite, demo catalog), Debian's chromium.
// Median of BENCH_LIGHTHOUSE_RUNS (default 3) runs per page; one browser, a fresh page per run
// (Lighthouse clears the cache and storage before each run).
//
// Side by side: with BENCH_PEER_URL set (another storefront served against this store's API, e.g. a
// tutorial React client on another port, or an earlier build of this one), the same paths of both
// are measured interleaved — ours, peer, ours, peer… — so both sites meet the same machine load,
// and printed in one table (median of each, every Lighthouse timing). Without it, ours alone.
// Each page and its pictures are fetched once before the runs (warmUp).
import fs from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH, ensureBuilt, median, startServer, tempDir } from '../scripts/bench-lib.mjs';

// Lighthouse on each of the four pages shoppers land on most: score, LCP, CLS, TBT and total bytes.
export const targets = { score: 95, lcpMs: 1500, cls: 0.02, tbtMs: 100, totalKib: 300 };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PEER = process.env.BENCH_PEER_URL?.replace(/\/+$/, '');

/** What a run reports, in the table's order: [key, heading, unit, better]. */
const TIMINGS = [
  ['score', 'score', '', 'higher'],
  ['fcp', 'FCP', 'ms', 'lower'],
  ['lcp', 'LCP', 'ms', 'lower'],
  ['tbt', 'TBT', 'ms', 'lower'],
  ['cls', 'CLS', '', 'lower'],
  ['si', 'Speed Index', 'ms', 'lower'],
  ['kib', 'total bytes', 'KiB', 'lower'],
];

/**
 * BENCH_LIGHTHOUSE_AS_INDEX=2800: measure as on a host of that benchmarkIndex. Lighthouse's mobile
 * preset slows the CPU 4×, whatever the host: on a faster host the page meets a faster phone. As
 * DevTools' CPU calibration does (a slowdown of host score ÷ target score), the slowdown is scaled
 * by the host's benchmarkIndex: 4 × index ÷ 2,800, never below 4, the index being the median of
 * three calibration runs on our `/` before the sitting. One slowdown for the whole sitting, so both
 * sites of a side-by-side get the same; the table shows the index each run stands for and the host's.
 */
const AS_INDEX = Number(process.env.BENCH_LIGHTHOUSE_AS_INDEX) || null;
const MOBILE_CPU_SLOWDOWN = 4;
let hostIndex = null;
let sittingSlowdown = MOBILE_CPU_SLOWDOWN;

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART on a loaded machine) is retried twice. */
async function audit(url, port, name) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    // Merged into the mobile preset's throttling (Lighthouse merges settings deeply).
    const throttling = AS_INDEX ? { throttling: { cpuSlowdownMultiplier: sittingSlowdown } } : {};
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...throttling });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    console.log(`  ${name}: Lighthouse run failed (${lhr?.runtimeError?.code ?? 'no result'}), attempt ${attempt} of 3`);
  }
  return null;
}

const figuresOf = (lhr) => ({
  score: Math.round((lhr.categories.performance.score ?? 0) * 100),
  fcp: Math.round(lhr.audits['first-contentful-paint'].numericValue),
  lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
  tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
  cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
  si: Math.round(lhr.audits['speed-index'].numericValue),
  kib: Math.round(lhr.audits['total-byte-weight'].numericValue / 1024),
  // The index the run stands for: the host's, or with AS_INDEX the host's scaled by the extra slowdown.
  benchmarkIndex: Math.round((lhr.environment.benchmarkIndex * MOBILE_CPU_SLOWDOWN) / lhr.configSettings.throttling.cpuSlowdownMultiplier),
  hostIndex: Math.round(lhr.environment.benchmarkIndex),
  cpu: +lhr.configSettings.throttling.cpuSlowdownMultiplier.toFixed(2),
});

/** The same pages on both sites: the ids come from our API (the peer is served against it). */
async function pagesToMeasure(url) {
  const list = await (await fetch(`${url}/api/product/list`)).json();
  const product = list.products.find((p) => p.bestseller && !p.outOfStock) ?? list.products[0];
  const { bundles } = await (await fetch(`${url}/api/bundle/list`)).json();
  const now = Date.now();
  const bundle = bundles.find((b) => !b.cancelled && Date.parse(b.startDate) <= now && Date.parse(b.endDate) > now);
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  const pages = [
    ['/', '/'],
    ['/collection', '/collection'],
    ['product page', `/product/${product._id}`],
    ...(bundle ? [['bundle page', `/bundle/${bundle._id}`]] : []),
  ].filter(([name]) => !only || only.includes(name));
  return { pages, bundle };
}

/**
 * Before measuring, each page of each site is fetched once with every picture it names (srcset
 * widths included): a shop's pictures are encoded before shoppers see them (uploads are encoded
 * on upload; the generated art on its first request, then kept on disk), so no measured run pays
 * for the server drawing a picture for the first time.
 */
async function warmUp(base, pathname) {
  const html = await (await fetch(`${base}${pathname}`)).text();
  const urls = new Set();
  for (const m of html.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)) {
    for (const part of m[1].replaceAll('&amp;', '&').split(',')) {
      const url = part.trim().split(/\s+/)[0];
      if (url?.startsWith('/img/')) urls.add(url);
    }
  }
  for (const url of urls) await fetch(`${base}${url}`).then((r) => r.arrayBuffer());
  return urls.size;
}

/** The side-by-side table: one line per page and site, every timing's median. */
function printTable(results) {
  const head = ['page', 'site', ...TIMINGS.map(([, h, unit]) => (unit ? `${h} (${unit})` : h)), 'benchmarkIndex'];
  const lines = [];
  for (const { name, sites } of results) {
    for (const [site, runs] of Object.entries(sites)) {
      if (!runs.length) {
        lines.push([name, site, ...TIMINGS.map(() => '—'), 'every run failed']);
        continue;
      }
      const m = (k) => median(runs.map((r) => r[k]));
      const range = (k) => `${Math.min(...runs.map((r) => r[k]))}–${Math.max(...runs.map((r) => r[k]))}`;
      lines.push([name, site, ...TIMINGS.map(([k]) => String(m(k))), AS_INDEX ? `as ${range('benchmarkIndex')} (host ${range('hostIndex')})` : range('benchmarkIndex')]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(`\n  Lighthouse side by side, median of ${RUNS} interleaved runs each:\n  ${row(head)}\n  ${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const l of lines) console.log(`  ${row(l)}`);
}

export async function run({ root }) {
  ensureBuilt(root);
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`${CHROME_PATH} is missing (apt-get install chromium, or set CHROME_PATH)`);
  const dataDir = tempDir('lighthouse');
  const server = await startServer(root, { dataDir });
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const rows = [];
  const results = [];
  try {
    const { pages, bundle } = await pagesToMeasure(server.url);
    const sites = [['ours', server.url], ...(PEER ? [['peer', PEER]] : [])];
    if (PEER) console.log(`  peer: ${PEER} (measured interleaved with ours)`);
    if (!bundle) rows.push({ figure: 'lighthouse bundle page: not measured (no active bundle in the catalog)', value: 0, unit: '', target: 1, better: 'higher' });
    for (const [, pathname] of pages) for (const [site, base] of sites) console.log(`  warm-up ${site} ${pathname}: ${await warmUp(base, pathname)} pictures fetched`);
    if (AS_INDEX) {
      // Calibration: three runs (not counted) tell the host's benchmarkIndex.
      const indexes = [];
      for (let i = 0; i < 3; i++) indexes.push((await audit(`${server.url}${pages[0][1]}`, chrome.port, 'calibration'))?.environment.benchmarkIndex);
      hostIndex = median(indexes.filter(Boolean));
      sittingSlowdown = Math.max(MOBILE_CPU_SLOWDOWN, (MOBILE_CPU_SLOWDOWN * hostIndex) / AS_INDEX);
      console.log(`  as a host of benchmarkIndex ${AS_INDEX}: this host's is ${Math.round(hostIndex)} (${indexes.map(Math.round).join(', ')}), CPU slowdown ×${sittingSlowdown.toFixed(2)} for the sitting`);
    }
    for (const [name, pathname] of pages) {
      const runs = Object.fromEntries(sites.map(([site]) => [site, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const [site, base] of sites) {
          const lhr = await audit(`${base}${pathname}`, chrome.port, `${site} ${name}`);
          if (!lhr) continue;
          const f = figuresOf(lhr);
          const index = AS_INDEX ? `benchmarkIndex as ${f.benchmarkIndex}: host ${f.hostIndex}, CPU ×${f.cpu}` : `host benchmarkIndex ${f.benchmarkIndex}`;
          console.log(`  ${site} ${name} run ${i + 1}: score ${f.score}, FCP ${f.fcp} ms, LCP ${f.lcp} ms, TBT ${f.tbt} ms, CLS ${f.cls}, SI ${f.si} ms, ${f.kib} KiB (${index})`);
          runs[site].push(f);
        }
      }
      results.push({ name, sites: runs });
      if (!runs.ours.length) {
        rows.push({ figure: `lighthouse ${name}: not measured (every run failed)`, value: 0, unit: '', target: 1, better: 'higher' });
        continue;
      }
      const m = (site, k) => median(runs[site].map((r) => r[k]));
      rows.push(
        { figure: `lighthouse ${name}: performance score`, value: m('ours', 'score'), unit: '', target: targets.score, better: 'higher' },
        { figure: `lighthouse ${name}: LCP`, value: m('ours', 'lcp'), unit: 'ms', target: targets.lcpMs, better: 'lower' },
        { figure: `lighthouse ${name}: CLS`, value: m('ours', 'cls'), unit: '', target: targets.cls, better: 'lower' },
        { figure: `lighthouse ${name}: TBT`, value: m('ours', 'tbt'), unit: 'ms', target: targets.tbtMs, better: 'lower' },
        { figure: `lighthouse ${name}: total bytes`, value: m('ours', 'kib'), unit: 'KiB', target: targets.totalKib, better: 'lower' },
        { figure: `lighthouse ${name}: ${AS_INDEX ? 'emulated' : 'host'} benchmarkIndex (median)`, value: m('ours', 'benchmarkIndex'), unit: '', target: null, better: 'higher' },
      );
      // Against the peer: each timing's median at least as good as the peer's in the same run (issue
      // 30: score, FCP, LCP, TBT, CLS, Speed Index). The bytes are shown beside the peer's for
      // information: their target is the 300 KiB above, not the peer's page.
      if (runs.peer?.length) {
        for (const [k, h, unit, better] of TIMINGS) {
          const target = k === 'kib' ? null : m('peer', k);
          rows.push({ figure: `lighthouse ${name}: ${h}, ours vs the peer's ${m('peer', k)}${unit ? ` ${unit}` : ''}`, value: m('ours', k), unit, target, better });
        }
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(results);
  if (AS_INDEX) console.log(`  (benchmarkIndex: the one each run stands for, the host's scaled by its extra CPU slowdown; BENCH_LIGHTHOUSE_AS_INDEX=${AS_INDEX})`);
  return rows;
}
