// The reservation race on PostgreSQL: BENCH_RESERVATION_SHOPPERS (default 200) shoppers start
// checkout for the same stocked-only option at the same instant, with BENCH_RESERVATION_STOCK
// (default 50) units on hand, against the compiled server over HTTP. Figures: the p95 time of a
// checkout request (target ≤ 1000 ms on this 2-core machine), the units sold beyond the shelf
// (target 0), and whether exactly min(stock, shoppers) payment sessions opened (target: all
// others told "Sold out — we updated your cart"). Skipped (info row) without PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import { createPgDatabase, ensureBuilt, percentile, runTs, serverEnv, startServer } from '../scripts/bench-lib.mjs';

/** CPU time (user + system) a process has used so far, from /proc (0 where there is none). */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
  } catch {
    return 0;
  }
}

const SHOPPERS = Number(process.env.BENCH_RESERVATION_SHOPPERS ?? 200);
const STOCK = Number(process.env.BENCH_RESERVATION_STOCK ?? 50);
const ADDRESS = { firstName: 'Bench', lastName: 'Mark', email: 'bench@bench.test', street: '1 Loop Road', city: 'Springfield', state: 'IL', zipcode: '62701', phone: '2175550100', country: 'United States' };

export async function run({ root }) {
  const db = await createPgDatabase('reservation');
  if (!db.url) {
    console.log(`  skipped: ${db.reason}`);
    return [{ figure: 'reservation race skipped (no PostgreSQL)', value: 0, unit: '', target: null }];
  }
  ensureBuilt(root);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: db.url });
  let server;
  try {
    const env = serverEnv({ databaseUrl: db.url, port: 0 });
    const seeded = runTs(root, 'scripts/bench-seed.ts', ['--products', '0', '--shoppers', String(SHOPPERS)], env);
    await client.connect();
    // One option of a demo product, made stocked only with STOCK units on hand.
    const { rows } = await client.query(
      `select s.product_id, s.variant from stock_options s join products p on p.id = s.product_id
       where not p.vaulted and not p.not_available_yet and not p.coming_soon and s.variant not like 'accessory-%' order by p.id, s.variant limit 1`,
    );
    const { product_id: productId, variant } = rows[0];
    await client.query(`update stock_options set on_hand = $3, reserved = 0, made_to_order = false where product_id = $1 and variant = $2`, [productId, variant, STOCK]);
    server = await startServer(root, { databaseUrl: db.url });
    const tokens = seeded.shoppers.map((s) => s.token);
    const items = [{ productId, color: variant, quantity: 1 }];
    const quote = await (await fetch(`${server.url}/api/order/quote`, { method: 'POST', headers: { 'content-type': 'application/json', token: tokens[0] }, body: JSON.stringify({ items }) })).json();
    if (!quote.success) throw new Error(`quote failed: ${JSON.stringify(quote)}`);
    const body = JSON.stringify({ address: ADDRESS, items, amount: quote.quote.amount, isBuyNow: true, paymentMethod: 'card' });

    const times = [];
    const cpuBefore = cpuMs(server.pid);
    const statuses = await Promise.all(
      tokens.map(async (token) => {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/order/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body });
        const data = await res.json();
        times.push(performance.now() - t0);
        return { status: res.status, message: data.message };
      }),
    );
    const serverCpu = cpuMs(server.pid) - cpuBefore;
    const opened = statuses.filter((s) => s.status === 200).length;
    const told = statuses.filter((s) => s.status === 409 && /we updated your cart/.test(s.message ?? '')).length;
    const other = statuses.length - opened - told;
    const after = (await client.query(`select on_hand, reserved from stock_options where product_id = $1 and variant = $2`, [productId, variant])).rows[0];
    const held = Number((await client.query(`select coalesce(sum(from_shelf), 0)::int as n from stock_reservations where product_id = $1 and variant = $2 and status = 'held'`, [productId, variant])).rows[0].n);
    const oversold = Math.max(0, opened - STOCK) + Math.max(0, after.reserved - after.on_hand) + Math.max(0, held - STOCK);
    const expected = Math.min(STOCK, SHOPPERS);
    const p95 = Math.round(percentile(times, 95));
    const p50 = Math.round(percentile(times, 50));
    console.log(
      `  ${SHOPPERS} concurrent checkouts, ${STOCK} on hand: ${opened} sessions, ${told} told "we updated your cart", ${other} other; reserved ${after.reserved}/${after.on_hand}; p50 ${p50} ms, p95 ${p95} ms; server CPU ${serverCpu} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    return [
      { figure: `reservation race: checkout p95 (${SHOPPERS} concurrent, PostgreSQL)`, value: p95, unit: 'ms', target: 1000, better: 'lower' },
      { figure: `reservation race: server CPU for the ${SHOPPERS} checkouts (user + system)`, value: serverCpu, unit: 'ms', target: null },
      { figure: 'reservation race: units oversold', value: oversold, unit: 'units', target: 0, better: 'lower' },
      { figure: `reservation race: sessions beyond the ${expected} expected, or missing`, value: Math.abs(opened - expected) + other, unit: 'sessions', target: 0, better: 'lower' },
    ];
  } finally {
    await server?.stop();
    await client.end().catch(() => {});
    await db.drop();
  }
}
