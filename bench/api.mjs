// API on loopback: autocannon, 50 connections, 10 s per endpoint, against the built
// server on PGlite and on PostgreSQL, with 1,000 products; the product list compared with a bare
// Fastify route answering the same bytes from memory (the ceiling, measured in the same run);
// the server's resident memory idle and after the load. Rate limits are raised for the run
// (printed). BENCH_API_SECONDS shortens or lengthens each run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPgDatabase, describeLimits, ensureBuilt, runTs, serverEnv, sleep, startServer, tempDir } from '../scripts/bench-lib.mjs';

export const targets = { listCeilingRatio: 0.5, p99Ms: 50 };
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const PRODUCTS = 1000;
const SHOPPERS = 200;
const BROWSER_ENCODING = 'gzip, deflate, br';

const ADDRESS = { firstName: 'Bench', lastName: 'Mark', email: 'bench@bench.test', street: '1 Loop Road', city: 'Springfield', state: 'IL', zipcode: '62701', phone: '2175550100', country: 'United States' };

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function summary(name, r) {
  const non2xx = r.non2xx + r.errors + r.timeouts;
  const line = `${name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.requests.total ?? r.requests.sent} requests, ${non2xx} not 2xx/errors`;
  console.log(`  ${line}`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, bad: non2xx };
}

async function startCeiling(root, bodyFile, type, encoding) {
  const child = spawn(process.execPath, ['scripts/bench-ceiling.mjs', bodyFile, type, encoding ?? ''], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /ready (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`ceiling exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/ceiling`, stop: () => new Promise((r) => (child.on('exit', r), child.kill('SIGTERM'))) };
}

/** One database driver: seed, start, measure four endpoints and the ceiling, memory before and after. */
async function measure(root, driver, db) {
  const label = driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const env = serverEnv({ ...db, port: 0 });
  const seeded = runTs(root, 'scripts/bench-seed.ts', ['--products', String(PRODUCTS), '--shoppers', String(SHOPPERS)], env);
  const server = await startServer(root, db);
  const rows = [];
  try {
    await sleep(1500);
    const idle = server.rssMb();
    const tokens = seeded.shoppers.map((s) => s.token);
    let turn = 0;
    const nextToken = () => tokens[turn++ % tokens.length];

    // A product with a variant the server accepts, and the exact amount for an order of it.
    let product;
    for (const id of seeded.productIds) {
      const r = await (await fetch(`${server.url}/api/product/single/${id}`)).json();
      if (r.success) {
        product = r.product;
        break;
      }
    }
    if (!product) throw new Error('no purchasable product in the seeded catalog');
    const color = `${product.colorVariants[0]?.color ?? ''}|${product.clothingSizes[0] ?? product.canvasSizes[0] ?? ''}`;
    const items = [{ productId: product._id, color, quantity: 1 }];
    const quote = await (
      await fetch(`${server.url}/api/order/quote`, { method: 'POST', headers: { 'content-type': 'application/json', token: tokens[0] }, body: JSON.stringify({ items }) })
    ).json();
    if (!quote.success) throw new Error(`quote failed: ${JSON.stringify(quote)}`);
    const orderBody = JSON.stringify({ address: ADDRESS, items, amount: quote.quote.amount, isBuyNow: true, paymentMethod: 'card' });

    // The product list as a browser asks for it; its bytes feed the ceiling.
    const listCount = (await (await fetch(`${server.url}/api/product/list`)).json()).products.length;
    // node:http, not fetch: fetch decodes, the ceiling needs the wire bytes.
    const raw = await new Promise((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${server.url}/api/product/list`, { headers: { 'accept-encoding': BROWSER_ENCODING } }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), type: res.headers['content-type'], encoding: res.headers['content-encoding'] }));
        }).on('error', reject),
      );
    });
    const bodyFile = path.join(tempDir('ceiling'), 'list.bin');
    fs.writeFileSync(bodyFile, raw.body);
    console.log(`  ${label}: ${listCount} products in the list; ${raw.body.length} bytes on the wire (${raw.encoding ?? 'identity'})`);

    const list = summary(`${label} GET /api/product/list`, await cannon({ url: `${server.url}/api/product/list`, headers: { 'accept-encoding': BROWSER_ENCODING } }));
    const ceilingServer = await startCeiling(root, bodyFile, raw.type, raw.encoding);
    const ceiling = summary(`${label} bare Fastify, same bytes`, await cannon({ url: ceilingServer.url, headers: { 'accept-encoding': BROWSER_ENCODING } }));
    await ceilingServer.stop();
    fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
    const single = summary(`${label} GET /api/product/single`, await cannon({ url: `${server.url}/api/product/single/${product._id}`, headers: { 'accept-encoding': BROWSER_ENCODING } }));
    const cart = summary(
      `${label} POST /api/cart/update`,
      await cannon({
        url: server.url,
        requests: [
          {
            method: 'POST',
            path: '/api/cart/update',
            setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json', token: nextToken() }, body: JSON.stringify({ itemId: product._id, color, quantity: 1 + (turn % 5) }) }),
          },
        ],
      }),
    );
    const order = summary(
      `${label} POST /api/order/stripe`,
      await cannon({
        url: server.url,
        requests: [{ method: 'POST', path: '/api/order/stripe', setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json', token: nextToken() }, body: orderBody }) }],
      }),
    );
    await sleep(1000);
    const after = server.rssMb();

    const ratio = +(list.rps / ceiling.rps).toFixed(2);
    rows.push(
      { figure: `api ${label}: product list (${listCount}) req/s`, value: list.rps, unit: 'req/s', target: null, better: 'higher' },
      { figure: `api ${label}: bare Fastify same bytes req/s (ceiling)`, value: ceiling.rps, unit: 'req/s', target: null, better: 'higher' },
      { figure: `api ${label}: product list / ceiling`, value: ratio, unit: '×', target: targets.listCeilingRatio, better: 'higher' },
    );
    for (const [name, r] of [
      ['GET /api/product/list', list],
      ['GET /api/product/single', single],
      ['POST /api/cart/update', cart],
      ['POST /api/order/stripe', order],
    ]) {
      if (name !== 'GET /api/product/list') rows.push({ figure: `api ${label}: ${name} req/s`, value: r.rps, unit: 'req/s', target: null, better: 'higher' });
      rows.push({ figure: `api ${label}: ${name} p50`, value: r.p50, unit: 'ms', target: null, better: 'lower' });
      // The p99 budget is stated for PostgreSQL; on PGlite (one embedded connection) it is shown for comparison.
      rows.push({ figure: `api ${label}: ${name} p99`, value: r.p99, unit: 'ms', target: driver === 'postgres' ? targets.p99Ms : null, better: 'lower' });
      if (r.bad) rows.push({ figure: `api ${label}: ${name} non-2xx/errors`, value: r.bad, unit: 'responses', target: 0, better: 'lower' });
    }
    rows.push(
      { figure: `memory ${label}: server RSS idle`, value: idle, unit: 'MB', target: null, better: 'lower' },
      { figure: `memory ${label}: server RSS after API bench`, value: after, unit: 'MB', target: null, better: 'lower' },
    );
  } finally {
    await server.stop();
  }
  return rows;
}

export async function run({ root }) {
  ensureBuilt(root);
  console.log(`Rate limits raised for this run: ${describeLimits()}. ${CONNECTIONS} connections, ${SECONDS} s per endpoint, loopback only.`);
  const rows = [];
  const dataDir = tempDir('api-pglite');
  try {
    rows.push(...(await measure(root, 'pglite', { dataDir })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const pg = await createPgDatabase('api');
  if (!pg.url) {
    console.log(`  PostgreSQL figures skipped: ${pg.reason}`);
    rows.push({ figure: 'api PostgreSQL: not measured (no PostgreSQL)', value: 0, unit: '', target: 1, better: 'higher' });
    return rows;
  }
  const dataDir2 = tempDir('api-pg');
  try {
    rows.push(...(await measure(root, 'postgres', { databaseUrl: pg.url, dataDir: dataDir2 })));
  } finally {
    await pg.drop();
    fs.rmSync(dataDir2, { recursive: true, force: true });
  }
  return rows;
}
