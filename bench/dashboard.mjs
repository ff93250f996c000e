// The staff console at shop scale on PostgreSQL: 20,000 customers and 100,000 orders bulk-inserted
// with generate_series (90 days of orders, about one in twenty an abandoned checkout, one in twenty
// refunded), then GET /api/staff/dashboard, the order board's pages and the customer list's pages
// (each sort, first, middle and last page) timed one request at a time over HTTP against the
// compiled server. Targets: p95 ≤ 150 ms for each. The load average is printed with the figures:
// on a shared machine it says how much of the time was waiting for a core.
// Needs PostgreSQL (BENCH_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres).
import os from 'node:os';
import { createPgDatabase, describeLimits, ensureBuilt, percentile, startServer } from '../scripts/bench-lib.mjs';

const CUSTOMERS = Number(process.env.BENCH_DASHBOARD_CUSTOMERS ?? 20_000);
const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 40);
const PAGE_SIZE = 25;

async function fill(url) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const started = Date.now();
  try {
    await db.query(`insert into users (id, name, email, password_hash, role, created_at)
      select substr(md5('bench-user-' || g), 1, 24), 'Customer ' || g, 'customer' || g || '@bench.test', 'x', 'shopper', now() - interval '120 days' + (g || ' seconds')::interval
      from generate_series(1, $1::int) g`, [CUSTOMERS]);
    // Newest first in g: order g was placed g × 77 s ago (100,000 orders ≈ 89 days).
    await db.query(`insert into orders (id, user_id, status, address, items, subtotal_cents, shipping_cents, discount_cents, amount_cents, created_at, updated_at, paid_at, order_number)
      select o.id, o.user_id, o.status, o.address, o.items, o.cents - 500, 500, 0, o.cents, o.created_at, o.created_at, o.paid_at,
             case when o.paid_at is not null then nextval('order_number_seq') end
      from (
        select substr(md5('bench-order-' || g), 1, 24) as id,
               substr(md5('bench-user-' || (1 + g % $2::int)), 1, 24) as user_id,
               case when g % 20 = 0 then 'Cancelled' when g % 20 = 1 then 'Refunded'
                    when g < 4000 then 'Order Placed' when g < 8000 then 'Processing' else 'Delivered' end as status,
               jsonb_build_object('firstName', 'Customer', 'lastName', g::text, 'email', 'customer' || (1 + g % $2::int) || '@bench.test', 'street', '1 Main St', 'city', 'Albany', 'state', 'NY', 'zipcode', '12207', 'country', 'United States', 'phone', '5185550100') as address,
               jsonb_build_array(jsonb_build_object('productId', lpad(to_hex(1 + g % 40), 24, 'a'), 'variant', 'Red|', 'kind', 'product', 'name', 'Product ' || (1 + g % 40), 'image', '/img/p/x.svg', 'quantity', 1 + g % 3, 'unitPriceCents', 1500 + (g % 40) * 100, 'lineTotalCents', (1 + g % 3) * (1500 + (g % 40) * 100))) as items,
               500 + (1 + g % 3) * (1500 + (g % 40) * 100) as cents,
               now() - (g * 77 || ' seconds')::interval as created_at,
               case when g % 20 = 0 then null else now() - (g * 77 - 60 || ' seconds')::interval end as paid_at
        from generate_series(1, $1::int) g
        order by g desc
      ) o`, [ORDERS, CUSTOMERS]);
    await db.query(`insert into order_refunds (id, order_id, provider, amount_cents, status, created_at)
      select 're_' || id, id, 'test', amount_cents, 'succeeded', paid_at + interval '1 day' from orders where status = 'Refunded'`);
    // As autovacuum leaves a settled database: the visibility map lets a page's ids come from an index alone.
    await db.query('vacuum analyze');
  } finally {
    await db.end();
  }
  return Date.now() - started;
}

async function time(url, path, token) {
  const t0 = performance.now();
  const res = await fetch(`${url}${path}`, { headers: { token } });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  return { ms, body };
}

/** p95 of `RUNS` rounds over `paths` (each round asks every path once), after one warm-up round. */
async function p95(url, token, paths) {
  for (const p of paths) await time(url, p, token);
  const ms = [];
  for (let i = 0; i < RUNS; i++) for (const p of paths) ms.push((await time(url, p, token)).ms);
  return Math.round(percentile(ms, 95) * 10) / 10;
}

export async function run({ root }) {
  ensureBuilt(root);
  const db = await createPgDatabase('dashboard');
  if (!db.url) {
    console.log(`  skipped: ${db.reason}`);
    return [];
  }
  const server = await startServer(root, { databaseUrl: db.url });
  try {
    console.log(`  filling: ${CUSTOMERS} customers, ${ORDERS} orders (generate_series)…`);
    const fillMs = await fill(db.url);
    console.log(`  filled in ${(fillMs / 1000).toFixed(1)} s; limits raised for the run: ${describeLimits()}`);
    const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'staff@bench.test', password: 'bench-staff-password' }) });
    const { token } = await login.json();
    if (!token) throw new Error(`staff login answered ${login.status}`);

    const board = JSON.parse((await time(server.url, `/api/staff/orders/search?pageSize=${PAGE_SIZE}`, token)).body);
    const boardLast = Math.max(1, Math.ceil(board.total / PAGE_SIZE));
    const customers = JSON.parse((await time(server.url, `/api/staff/customers?pageSize=${PAGE_SIZE}`, token)).body);
    const customerLast = Math.max(1, Math.ceil(customers.total / PAGE_SIZE));
    console.log(`  the board lists ${board.total} orders (${boardLast} pages), the customer list ${customers.total} customers (${customerLast} pages)`);

    const load0 = os.loadavg()[0];
    const dashboard = await p95(server.url, token, ['/api/staff/dashboard']);
    const boardPages = [1, Math.ceil(boardLast / 2), boardLast].flatMap((p) => [`/api/staff/orders/search?pageSize=${PAGE_SIZE}&page=${p}`, `/api/staff/orders/search?view=toFulfil&pageSize=${PAGE_SIZE}&page=${p}`]);
    const boardP95 = await p95(server.url, token, boardPages);
    const customerPages = ['name', 'orders', 'spend', 'lastOrder'].flatMap((sort) => [1, Math.ceil(customerLast / 2), customerLast].map((p) => `/api/staff/customers?sort=${sort}&pageSize=${PAGE_SIZE}&page=${p}`));
    customerPages.push('/api/staff/customers?q=customer1999&pageSize=25');
    const customerP95 = await p95(server.url, token, customerPages);
    const load1 = os.loadavg()[0];
    console.log(`  load average (1 min) ${load0.toFixed(2)} before, ${load1.toFixed(2)} after, on ${os.cpus().length} cores`);
    return [
      { figure: `PostgreSQL ${ORDERS / 1000}k orders / ${CUSTOMERS / 1000}k customers: GET /api/staff/dashboard p95`, value: dashboard, unit: 'ms', target: 150, better: 'lower' },
      { figure: `… order board pages (first, middle, last; all and to-fulfil) p95`, value: boardP95, unit: 'ms', target: 150, better: 'lower' },
      { figure: `… customer list pages (each sort: first, middle, last; a search) p95`, value: customerP95, unit: 'ms', target: 150, better: 'lower' },
      { figure: '… load average (1 min) while measuring', value: Math.round(Math.max(load0, load1) * 100) / 100, unit: '', target: null, better: 'lower' },
    ];
  } finally {
    await server.stop();
    // BENCH_DASHBOARD_KEEP=1 keeps the filled database for EXPLAIN (its URL is printed).
    if (process.env.BENCH_DASHBOARD_KEEP === '1') console.log(`  kept ${db.url}`);
    else await db.drop();
  }
}
