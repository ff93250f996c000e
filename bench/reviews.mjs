// Reviews on PostgreSQL: a product page's reviews (summary + one page of ten) with 2,000 reviews on
// that product and 200,000 in the shop, by each sort and a star filter, 4 requests at a time against
// the built server. Star totals are kept beside the reviews, so the summary is one row.
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

export async function run({ root }) {
  const pgdb = await createPgDatabase('reviews');
  if (!pgdb.url) {
    console.log(`  skipped: ${pgdb.reason}`);
    return [];
  }
  ensureBuilt(root);
  const dataDir = tempDir('reviews');
  // The server migrates and seeds the demo catalog; the reviews go in beside it.
  let server = await startServer(root, { dataDir, databaseUrl: pgdb.url });
  const rows = [];
  try {
    await server.stop();
    const { target, reviews } = await seed(pgdb.url);
    server = await startServer(root, { dataDir, databaseUrl: pgdb.url });
    console.log(`  ${reviews} reviews in the shop, ${ON_ONE} on product ${target}; ${REQUESTS} requests per case, ${CONCURRENCY} at a time`);
    const cases = [
      ['recent, page 1', `?sort=recent`],
      ['helpful, page 1', `?sort=helpful`],
      ['lowest, page 100', `?sort=lowest&page=100`],
      ['5 stars, page 20', `?stars=5&page=20`],
    ];
    await measure(server.url, `/api/reviews/product/${target}`, 50); // warm the pool and caches
    for (const [name, query] of cases) {
      const times = await measure(server.url, `/api/reviews/product/${target}${query}`, REQUESTS);
      const p95 = +percentile(times, 95).toFixed(1);
      console.log(`  ${name}: median ${median(times).toFixed(1)} ms, p95 ${p95} ms`);
      rows.push({ figure: `reviews 200k (PostgreSQL): ${name} p95`, value: p95, unit: 'ms', target: targets.p95Ms, better: 'lower' });
    }
  } finally {
    await server.stop();
    // BENCH_REVIEWS_KEEP=1 keeps the filled database for EXPLAIN (its URL is printed).
    if (process.env.BENCH_REVIEWS_KEEP === '1') console.log(`  kept ${pgdb.url}`);
    else await pgdb.drop();
  }
  return rows;
}
