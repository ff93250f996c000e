import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderBoardFilter, StaffOrdersRepository } from '../../../server/repositories/staffOrders';
import type { StaffOrderBoardResponse } from '../../../server/routes/staffOrders';
import { useStaffApp } from './staff-helpers';
import { makeShopper } from '../checkout-helpers';

/**
 * The board stays fast with tens of thousands of orders because every filter it offers is
 * answered from an index: 20,000 orders, statistics gathered, and the planner's choice read
 * from EXPLAIN (no timing, which a busy machine would make flaky).
 */
const ORDERS = 20_000;

const ctx = useStaffApp();
let repo: StaffOrdersRepository;
let buyer: { id: string; email: string };

beforeAll(async () => {
  repo = ctx.app.staffOrders;
  buyer = await makeShopper(ctx.app, 'Rare');
  const crowd = await makeShopper(ctx.app, 'Crowd');
  // A fixture, not a history: its orders need no events (the trigger would triple the set-up time),
  // and the search index is built once after the bulk insert, from the migration's own definition.
  const defs = await ctx.app.db.execute(sql`select indexdef from pg_indexes where indexname = 'orders_search_idx'`);
  const searchIndex = (defs as unknown as { rows: { indexdef: string }[] }).rows[0]!.indexdef;
  expect(searchIndex).toContain('fastupdate');
  await ctx.app.db.execute(sql`drop index orders_search_idx`);
  await ctx.app.db.execute(sql`alter table orders disable trigger orders_record_events`);
  // Orders 1–5 name a rare product and belong to the rare buyer; 6–25 are Refunded; the rest are common.
  // Every one was paid (a Cancelled one by staff, after payment): none is an abandoned checkout.
  await ctx.app.db.execute(sql`
    insert into orders (id, user_id, status, address, items, subtotal_cents, shipping_cents, amount_cents, created_at, updated_at, paid_at)
    select lpad(to_hex(g), 24, '0'),
           case when g <= 5 then ${buyer.id} else ${crowd.id} end,
           case when g <= 5 then 'Processing' when g <= 25 then 'Refunded' else (array['Order Placed','Processing','Delivered','Cancelled'])[1 + g % 4] end,
           jsonb_build_object('email', 'buyer' || (g % 997) || '@example.com', 'firstName', 'Pat', 'lastName', 'Lee' || (g % 50)),
           jsonb_build_array(jsonb_build_object('productId', 'aaaaaaaaaaaaaaaaaaaaaa01', 'name', case when g <= 5 then 'Quetzal Lantern' else 'Widget ' || (g % 300) end,
             'variant', '|', 'kind', 'product', 'image', '', 'quantity', 1, 'unitPriceCents', 1000, 'lineTotalCents', 1000)),
           1000, 0, 1000, now() - (g || ' minutes')::interval, now(), now() - (g || ' minutes')::interval
    from generate_series(1, ${ORDERS}) g`);
  await ctx.app.db.execute(sql`alter table orders enable trigger orders_record_events`);
  await ctx.app.db.execute(sql.raw(searchIndex));
  // As autovacuum leaves a settled table: its visibility map lets a page's ids come from an index alone.
  await ctx.app.db.execute(sql`vacuum analyze orders`);
  await ctx.app.db.execute(sql`analyze users`);
}, 120_000);

async function plan(f: Partial<OrderBoardFilter>): Promise<string> {
  const res = await ctx.app.db.execute(sql`explain ${await repo.pageSql({ page: 1, pageSize: 25, ...f })}`);
  return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
}

const board = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/staff/orders/search?${query}`, headers: { token: ctx.staff.token } })).json() as StaffOrderBoardResponse;

describe(`the order board over ${ORDERS.toLocaleString('en-US')} orders`, () => {
  it('pages the newest orders from the index alone, the last page as the first', async () => {
    expect(await plan({})).toMatch(/Index Only Scan using orders_board_page_idx/);
    expect(await plan({ page: 790 })).toMatch(/Index Only Scan using orders_board_page_idx/);
    expect(await plan({ view: 'toFulfil', page: 300 })).toMatch(/orders_to_fulfil_page_idx/);
    const page = await board('pageSize=50&page=3');
    expect(page.total).toBe(ORDERS);
    expect(page.orders).toHaveLength(50);
    expect(page.orders[0]!._id).toBe((101).toString(16).padStart(24, '0'));
  });

  it('starts a deep page at the day the counters name, and lists exactly what OFFSET over every order would', async () => {
    // The seek shows in the plan: the page is read from its day's end, not stepped to from the newest order.
    expect(await plan({ page: 790 })).toMatch(/created_at < /);
    expect(await plan({ page: 1 })).not.toMatch(/created_at < /);
    const direct = async (where: string, page: number, size: number) =>
      ((await ctx.app.db.execute(sql.raw(`select id from orders where ${where} order by created_at desc, id desc limit ${size} offset ${(page - 1) * size}`))) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    const views: Array<[string, string]> = [
      ['', "(status <> 'Cancelled' or paid_at is not null)"],
      ['view=toFulfil&', "status in ('Order Placed', 'Processing')"],
      ['status=Delivered&', "(status <> 'Cancelled' or paid_at is not null) and status = 'Delivered'"],
    ];
    for (const [query, where] of views) {
      const [{ n }] = ((await ctx.app.db.execute(sql.raw(`select count(*)::int as n from orders where ${where}`))) as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
      const size = 37;
      const last = Math.ceil(n / size);
      for (const page of [2, Math.ceil(last / 3), last - 1, last]) {
        const got = await board(`${query}pageSize=${size}&page=${page}`);
        expect(got.total).toBe(n);
        expect(got.orders.map((o) => o._id)).toEqual(await direct(where, page, size));
      }
      expect((await board(`${query}pageSize=${size}&page=${last + 1}`)).orders).toEqual([]);
    }
  });

  it('filters a status from the status index', async () => {
    expect(await plan({ status: 'Refunded' })).toMatch(/orders_status_created_idx/);
    expect((await board('status=Refunded')).total).toBe(20);
  });

  it('finds product names and delivery e-mails through the search index', async () => {
    const p = await plan({ q: 'quetzal' });
    expect(p).toMatch(/Bitmap Index Scan on orders_search_idx/);
    expect(p).not.toMatch(/Seq Scan on orders/);
    expect((await board('q=quetzal lant')).total).toBe(5);
    expect(await plan({ q: 'buyer12@example.com' })).toMatch(/orders_search_idx/);
  });

  it('finds an order id prefix and an account e-mail through their indexes', async () => {
    const id = (4242).toString(16).padStart(24, '0');
    expect(await plan({ q: id })).toMatch(/orders_id_prefix_idx|orders_pkey/);
    expect((await board(`q=${id}`)).orders.map((o) => o._id)).toEqual([id]);
    const byAccount = await plan({ q: buyer.email });
    expect(byAccount).toMatch(/orders_user_created_idx/);
    expect(byAccount).not.toMatch(/Seq Scan on orders/);
    expect((await board(`q=${encodeURIComponent(buyer.email)}`)).total).toBe(5);
  });
});
