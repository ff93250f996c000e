// Reviews on PostgreSQL: a product page's reviews (summary + one page of ten) with 2,000 reviews on
// that product and 200,000 in the shop, by each sort and a star filter, 4 requests at a time against
// the built server. Star totals are kept beside the reviews, so the summary is one row.
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, ensureBuilt, percentile, median, startServer, tempDir } from '../scripts/bench-lib.mjs';

export const targets = { p95Ms: 30 };
const SHOPPERS = 20_000;
const TOTAL = 200_000;
const ON_ONE = 2_000;
const REQUESTS = Number(process.env.BENCH_REVIEWS_REQUESTS ?? 400);
const CONCURRENCY = 4;

/** 200,000 approved reviews by 20,000 shoppers: 2,000 on the first product, the rest on ten others. */
async function seed(url) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query('select id from products order by id limit 11');
    const [target, ...others] = rows.map((r) => r.id);
    await db.query(
      `insert into users (id, name, email, password_hash)
       select lpad(to_hex(g), 24, '0'), 'Bench Shopper ' || g, 'bench' || g || '@bench.test', 'x' from generate_series(1, $1::int) g`,
      [SHOPPERS],
    );
    const insert = `insert into reviews (id, product_id, user_id, rating, title, body, status, helpful_count, option_color, created_at, updated_at)
      select lpad(to_hex($4::int + g), 24, '0'), $1, lpad(to_hex(1 + (g % $3::int)), 24, '0'), 1 + (g * 7) % 5, 'Review ' || g,
             repeat('Crisp layers, true colours, sturdy base. ', 4), 'approved', g % 17, 'Red', now() - (g || ' minutes')::interval, now()
      from generate_series($5::int, $2::int - 1) g`;
    await db.query(insert, [target, ON_ONE, SHOPPERS, 0, 0]);
    const perOther = Math.ceil((TOTAL - ON_ONE) / others.length);
    for (const [i, product] of others.entries()) {
      const count = Math.min(perOther, TOTAL - ON_ONE - i * perOther);
      // Shoppers 1..count review this product (count ≤ SHOPPERS keeps one review per shopper and product).
      await db.query(insert, [product, count, SHOPPERS, 1_000_000 * (i + 1), 0]);
    }
    await db.query(`insert into product_ratings (product_id, stars_1, stars_2, stars_3, stars_4, stars_5)
      select product_id, count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
             count(*) filter (where rating = 4), count(*) filter (where rating = 5)
      from reviews where status = 'approved' group by product_id
      on conflict (product_id) do update set stars_1 = excluded.stars_1, stars_2 = excluded.stars_2, stars_3 = excluded.stars_3, stars_4 = excluded.stars_4, stars_5 = excluded.stars_5`);
    await db.query('analyze');
    const [{ n }] = (await db.query('select count(*)::int as n from reviews')).rows;
    return { target, reviews: n };
  } finally {
    await db.end();
  }
}

/** `count` GETs of `path`, `CONCURRENCY` at a time; latencies in ms. */
async function measure(url, path, count) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t = performance.now();
      const res = await fetch(url + path);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

/**
 * A server of `serverRoot` on a fresh PostgreSQL database filled with the reviews: the server
 * migrates it and seeds the demo catalog, the reviews go in beside it, and it starts again.
 */
async function seededServer(serverRoot, tag, extra) {
  const pgdb = await createPgDatabase(tag);
  if (!pgdb.url) return { skipped: pgdb.reason };
  const dataDir = tempDir(tag);
  const first = await startServer(serverRoot, { dataDir, databaseUrl: pgdb.url, extra });
  await first.stop();
  const { target, reviews } = await seed(pgdb.url);
  const server = await startServer(serverRoot, { dataDir, databaseUrl: pgdb.url, extra });
  return { pgdb, server, target, reviews };
}

const CASES = [
  ['recent, page 1', `?sort=recent`],
  ['helpful, page 1', `?sort=helpful`],
  ['lowest, page 100', `?sort=lowest&page=100`],
  ['5 stars, page 20', `?stars=5&page=20`],
];

/**
 * With BENCH_REVIEWS_PEER_ROOT (another checkout, built with `node scripts/build.mjs`, e.g. main
 * before a change), its server is filled and measured the same way, interleaved with ours in rounds
 * of a quarter of the requests (ours, peer, ours, peer…), each figure printed beside the peer's.
 * BENCH_REVIEWS_KEEP=1 keeps the filled databases for EXPLAIN (their URLs are printed).
 */
export async function run({ root }) {
  const peerRoot = process.env.BENCH_REVIEWS_PEER_ROOT;
  ensureBuilt(root);
  const ours = await seededServer(root, 'reviews');
  if (ours.skipped) {
    console.log(`  skipped: ${ours.skipped}`);
    return [];
  }
  const sides = [{ name: 'ours', ...ours }];
  const rows = [];
  try {
    if (peerRoot) sides.push({ name: 'peer', ...(await seededServer(peerRoot, 'reviews_peer', { DIST_DIR: path.join(peerRoot, 'dist') })) });
    console.log(`  ${ours.reviews} reviews in the shop, ${ON_ONE} on one product; ${REQUESTS} requests per case, ${CONCURRENCY} at a time${peerRoot ? `, interleaved with the peer at ${peerRoot}` : ''}`);
    for (const side of sides) await measure(side.server.url, `/api/reviews/product/${side.target}`, 50); // warm the pool and caches
    const load0 = os.loadavg()[0];
    for (const [name, query] of CASES) {
      const times = new Map(sides.map((side) => [side.name, []]));
      const rounds = peerRoot ? 4 : 1;
      for (let round = 0; round < rounds; round++) {
        for (const side of sides) times.get(side.name).push(...(await measure(side.server.url, `/api/reviews/product/${side.target}${query}`, REQUESTS / rounds)));
      }
      const p95 = (side) => +percentile(times.get(side), 95).toFixed(1);
      const describe = (side) => `median ${median(times.get(side)).toFixed(1)} ms, p95 ${p95(side)} ms`;
      console.log(`  ${name}: ${describe('ours')}${peerRoot ? `; peer ${describe('peer')}` : ''}`);
      rows.push({ figure: `reviews 200k (PostgreSQL): ${name} p95`, value: p95('ours'), unit: 'ms', target: targets.p95Ms, better: 'lower' });
      if (peerRoot) rows.push({ figure: `… the peer's, same run`, value: p95('peer'), unit: 'ms', target: null, better: 'lower' });
    }
    const load = Math.max(load0, os.loadavg()[0]);
    console.log(`  load average (1 min) ${load0.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after, on ${os.cpus().length} cores`);
    rows.push({ figure: '… load average (1 min) while measuring', value: Math.round(load * 100) / 100, unit: '', target: null, better: 'lower' });
  } finally {
    for (const side of sides) {
      await side.server.stop();
      if (process.env.BENCH_REVIEWS_KEEP === '1') console.log(`  kept ${side.pgdb.url}`);
      else await side.pgdb.drop();
    }
  }
  return rows;
}
