// Server rendering: requests/s and latency of a product page and of /collection rendered
// by the built server, from the anonymous HTML cache ("cached") and rendered anew on every request
// ("uncached": a second server with HTML_CACHE_ENTRIES=0), side by side with the product-list JSON
// in the same run, at 1 and at 10 keep-alive connections. Every response is checked (status 200,
// and the x-render-cache header says hit / miss as the figure claims).
// Database: a fresh database on the PostgreSQL that DATABASE_URL points at when it is set (the
// issue's figures), else PGlite in a temporary folder. The demo catalog, as the store ships it.
// Requests carry a browser's Accept-Encoding, so compression is part of every figure.
// BENCH_SSR_SECONDS sets the length of each measurement (default 5).
// Each figure also says the server's CPU time per request (user + system, from /proc): on a machine
// shared with other work, latency moves with the neighbours' load, the CPU a request costs much less.
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createPgDatabase, ensureBuilt, percentile, startServer, tempDir } from '../scripts/bench-lib.mjs';

export const targets = { uncachedP99Ms: 50 };
const SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 5);
const CONNECTIONS = [1, 10];
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };

/**
 * `connections` clients, each sending its next request when the previous answer has been read in
 * full, on kept-alive sockets, for `seconds`. Returns requests/s, p50/p99 and the cache header tally.
 */
export async function loop(url, { connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const cache = {};
  let bad = 0;
  const get = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers: HEADERS }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          if (res.statusCode !== 200) bad += 1;
          const c = String(res.headers['x-render-cache'] ?? 'none');
          cache[c] = (cache[c] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', () => {
        bad += 1;
        resolve();
      });
    });
  // Warm the sockets and the page (a cached figure measures the cache, not its first fill).
  await Promise.all(Array.from({ length: connections }, get));
  latencies.length = 0;
  for (const k of Object.keys(cache)) delete cache[k];
  bad = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await get();
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: Math.round(latencies.length / elapsed), p50: +percentile(latencies, 50).toFixed(1), p99: +percentile(latencies, 99).toFixed(1), n: latencies.length, bad, cache };
}

/** CPU time (user + system) a process has used, in ms; NaN where /proc is not there. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function measureOn(root, db, { cacheEntries, label, paths, expectCache }) {
  const server = await startServer(root, { ...db, extra: { HTML_CACHE_ENTRIES: String(cacheEntries) } });
  const out = [];
  try {
    for (const [name, path] of paths) {
      for (const connections of CONNECTIONS) {
        const cpu0 = cpuMs(server.pid);
        const r = await loop(`${server.url}${path}`, { connections, seconds: SECONDS });
        // Over the warm-up and the measured requests alike (the loop sends `connections` of the former).
        r.cpuMsPerRequest = +((cpuMs(server.pid) - cpu0) / (r.n + connections)).toFixed(1);
        const tally = Object.entries(r.cache)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
        console.log(`  ${name} ${label}, ${connections} conn: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${r.cpuMsPerRequest} ms/request (${r.n} requests, ${r.bad} not 200; x-render-cache: ${tally})`);
        const expected = path.startsWith('/api/') ? 'none' : expectCache;
        const wrong = r.n - (r.cache[expected] ?? 0);
        if (r.bad > 0 || wrong > 0) console.log(`  WARNING: ${r.bad} answers not 200, ${wrong} not served as "${expected}"`);
        out.push({ name, label, connections, ...r });
      }
    }
  } finally {
    await server.stop();
  }
  return out;
}

export async function run({ root }) {
  ensureBuilt(root);
  let db;
  let cleanup;
  let where = 'PGlite';
  if (process.env.DATABASE_URL) {
    const pg = await createPgDatabase('ssr', process.env.BENCH_PG_ADMIN_URL ?? process.env.DATABASE_URL);
    if (!pg.url) throw new Error(pg.reason);
    db = { databaseUrl: pg.url };
    cleanup = pg.drop;
    where = 'PostgreSQL';
  } else {
    const dataDir = tempDir('ssr');
    db = { dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    console.log('  DATABASE_URL is not set: PGlite (the issue asks for these figures on PostgreSQL)');
  }
  const results = [];
  try {
    // The first start seeds the demo catalog; pick a product the store shows.
    const probe = await startServer(root, db);
    const { products } = await (await fetch(`${probe.url}/api/product/list`)).json();
    await probe.stop();
    const product = products.find((p) => p.bestseller && !p.outOfStock && !p.hidden && !p.notAvailableYet) ?? products[0];
    const pages = [
      ['product page', `/product/${product._id}`],
      ['/collection', '/collection'],
    ];
    console.log(`  ${where}, ${products.length} products; ${SECONDS} s per figure; Accept-Encoding: ${HEADERS['accept-encoding']}`);
    results.push(...(await measureOn(root, db, { cacheEntries: 500, label: 'cached', paths: [['product list JSON', '/api/product/list'], ...pages], expectCache: 'hit' })));
    results.push(...(await measureOn(root, db, { cacheEntries: 0, label: 'uncached', paths: pages, expectCache: 'miss' })));
  } finally {
    await cleanup();
  }
  const rows = [];
  for (const r of results) {
    const what = r.name === 'product list JSON' ? `server ${where}: product list JSON` : `server ${where}: ${r.name} HTML ${r.label}`;
    rows.push(
      { figure: `${what}, ${r.connections} conn: throughput`, value: r.rps, unit: 'req/s', target: null, better: 'higher' },
      { figure: `${what}, ${r.connections} conn: server CPU per request`, value: r.cpuMsPerRequest, unit: 'ms', target: null, better: 'lower' },
      {
        figure: `${what}, ${r.connections} conn: p99`,
        value: r.p99,
        unit: 'ms',
        target: r.label === 'uncached' && r.connections === 1 ? targets.uncachedP99Ms : null,
        better: 'lower',
      },
    );
  }
  return rows;
}
