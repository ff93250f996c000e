import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../server/db/client';
import { orderRefunds, orders } from '../../../server/db/schema';
import { newOrderId, type StoredOrderItem } from '../../../server/repositories/orders';
import { ADDRESS, makeShopper } from '../checkout-helpers';
import { useStaffApp } from '../staff/staff-helpers';

/**
 * The pre-summed buckets of 0013_figures (sales per UTC hour, units per product and UTC day, board
 * orders per UTC day, status and payment), kept by triggers in the change's own transaction: what
 * a payment, a refund on a later day and a cancelled checkout write, that the buckets always equal
 * a sum over the orders and refunds (the migration's own backfill), and that the dashboard stays
 * exact where a period's ends fall inside a bucket (a half-hour zone).
 */
const ctx = useStaffApp({ catalog: false });
let shopper: { id: string };

const line = (name: string, quantity: number, cents: number): StoredOrderItem => ({
  productId: name.padEnd(24, '0').slice(0, 24),
  variant: '|',
  kind: 'product',
  name,
  image: '',
  quantity,
  unitPriceCents: cents / quantity,
  lineTotalCents: cents,
});

type Row = Record<string, unknown>;
const select = async (query: ReturnType<typeof sql>) => ((await ctx.app.db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * The three bucket tables as plain rows, their shards summed as every reader sums them (zero rows
 * left by a change and its undoing are no figure).
 */
async function buckets() {
  return {
    sales: await select(sql`select slot::text, sum(orders)::int as orders, sum(paid_cents)::int as paid_cents, sum(refunded_cents)::int as refunded_cents
      from sales_slots group by slot having sum(orders) <> 0 or sum(paid_cents) <> 0 or sum(refunded_cents) <> 0 order by slot`),
    units: await select(sql`select slot::text, product_id, kind, name, sum(units)::int as units
      from product_sales_slots group by slot, product_id, kind, name having sum(units) <> 0 order by slot, product_id, kind, name`),
    board: await select(sql`select day::text, status, paid, sum(orders)::int as orders, sum(cents)::int as cents
      from order_board_days group by day, status, paid having sum(orders) <> 0 or sum(cents) <> 0 order by day, status, paid`),
  };
}

async function insertOrder(o: { status: string; paidAt: string | null; createdAt: string; cents: number; items: StoredOrderItem[] }): Promise<string> {
  const id = newOrderId();
  await ctx.app.db.insert(orders).values({
    id,
    userId: shopper.id,
    status: o.status as 'Order Placed',
    address: ADDRESS as unknown as Record<string, unknown>,
    items: o.items as unknown as Record<string, unknown>[],
    subtotalCents: o.cents,
    shippingCents: 0,
    amountCents: o.cents,
    createdAt: new Date(o.createdAt),
    updatedAt: new Date(o.createdAt),
    paidAt: o.paidAt ? new Date(o.paidAt) : null,
  });
  return id;
}

beforeAll(async () => {
  shopper = await makeShopper(ctx.app, 'Buckets');
});

describe('the buckets a change writes', () => {
  it('an order is on the board when placed, and in the sales and units of its hour and day when paid', async () => {
    const before = await buckets();
    const id = await insertOrder({ status: 'Payment Pending', paidAt: null, createdAt: '2026-03-02T10:15:00Z', cents: 4200, items: [line('Owl', 3, 4200)] });
    let b = await buckets();
    expect(b.sales).toEqual(before.sales);
    expect(b.units).toEqual(before.units);
    expect(b.board).toContainEqual({ day: '2026-03-02 00:00:00+00', status: 'Payment Pending', paid: false, orders: 1, cents: 4200 });

    await ctx.app.db.update(orders).set({ status: 'Order Placed', paidAt: new Date('2026-03-02T10:20:00Z'), orderNumber: 5001 }).where(eq(orders.id, id));
    b = await buckets();
    expect(b.sales).toContainEqual({ slot: '2026-03-02 10:00:00+00', orders: 1, paid_cents: 4200, refunded_cents: 0 });
    expect(b.units).toContainEqual({ slot: '2026-03-02 00:00:00+00', product_id: 'Owl000000000000000000000', kind: 'product', name: 'Owl', units: 3 });
    expect(b.board).toContainEqual({ day: '2026-03-02 00:00:00+00', status: 'Order Placed', paid: true, orders: 1, cents: 4200 });
    expect(b.board.find((r) => r.status === 'Payment Pending' && r.day === '2026-03-02 00:00:00+00')).toBeUndefined();

    // A move that changes none of the figures (a tracking number) writes no bucket.
    await ctx.app.db.update(orders).set({ trackingNumber: '1Z999' }).where(eq(orders.id, id));
    expect(await buckets()).toEqual(b);
  });

  it('a refund lowers the hour it was made, a later day, not the day of the sale; a failed one lowers nothing', async () => {
    const id = await insertOrder({ status: 'Delivered', paidAt: '2026-03-05T08:00:00Z', createdAt: '2026-03-05T07:59:00Z', cents: 9000, items: [line('Fox', 1, 9000)] });
    await ctx.app.db.insert(orderRefunds).values({ id: 're_later', orderId: id, provider: 'test', amountCents: 2500, status: 'succeeded', createdAt: new Date('2026-03-07T23:45:00Z') });
    await ctx.app.db.insert(orderRefunds).values({ id: 're_failed', orderId: id, provider: 'test', amountCents: 1000, status: 'failed', createdAt: new Date('2026-03-07T23:50:00Z') });
    let b = await buckets();
    expect(b.sales).toContainEqual({ slot: '2026-03-05 08:00:00+00', orders: 1, paid_cents: 9000, refunded_cents: 0 });
    expect(b.sales).toContainEqual({ slot: '2026-03-07 23:00:00+00', orders: 0, paid_cents: 0, refunded_cents: 2500 });
    // The provider reports the first refund failed after all: it no longer counts.
    await ctx.app.db.update(orderRefunds).set({ status: 'failed' }).where(eq(orderRefunds.id, 're_later'));
    b = await buckets();
    expect(b.sales.find((r) => r.slot === '2026-03-07 23:00:00+00')).toBeUndefined();
  });

  it('concurrent payments in one hour all count (each adds its delta; none overwrites another)', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => insertOrder({ status: 'Payment Pending', paidAt: null, createdAt: '2026-04-01T08:00:00Z', cents: 100 + i, items: [line('Ant', 1, 100 + i)] })),
    );
    await Promise.all(
      ids.map((id, i) => ctx.app.db.update(orders).set({ status: 'Order Placed', paidAt: new Date(Date.parse('2026-04-01T09:00:00Z') + i * 60_000) }).where(eq(orders.id, id))),
    );
    const b = await buckets();
    // 20 orders of 1.00 + i cents: 2000 + 190.
    expect(b.sales).toContainEqual({ slot: '2026-04-01 09:00:00+00', orders: 20, paid_cents: 2190, refunded_cents: 0 });
    expect(b.units).toContainEqual({ slot: '2026-04-01 00:00:00+00', product_id: 'Ant000000000000000000000', kind: 'product', name: 'Ant', units: 20 });
    expect(b.board).toContainEqual({ day: '2026-04-01 00:00:00+00', status: 'Order Placed', paid: true, orders: 20, cents: 2190 });
  });

  it("writes a change to its connection's shard of the bucket, so concurrent writers rarely wait on one row", async () => {
    const id = await insertOrder({ status: 'Payment Pending', paidAt: null, createdAt: '2026-04-02T08:00:00Z', cents: 700, items: [line('Elk', 1, 700)] });
    await ctx.app.db.transaction(async (tx) => {
      await tx.update(orders).set({ status: 'Order Placed', paidAt: new Date('2026-04-02T09:30:00Z') }).where(eq(orders.id, id));
      const [mine] = ((await tx.execute(sql`select (pg_backend_pid() % 16)::int as shard`)) as unknown as { rows: Row[] }).rows;
      const written = ((await tx.execute(sql`select shard::int from sales_slots where slot = '2026-04-02T09:00:00Z'`)) as unknown as { rows: Row[] }).rows;
      const board = ((await tx.execute(sql`select shard::int from order_board_days where day = '2026-04-02T00:00:00Z' and status = 'Order Placed'`)) as unknown as { rows: Row[] }).rows;
      expect(written).toEqual([mine]);
      expect(board).toEqual([mine]);
    });
  });

  it('a checkout cancelled before payment is on the board as unpaid and never in the sales', async () => {
    const before = await buckets();
    const id = await insertOrder({ status: 'Payment Pending', paidAt: null, createdAt: '2026-03-09T12:00:00Z', cents: 3300, items: [line('Bat', 1, 3300)] });
    await ctx.app.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, id));
    const b = await buckets();
    expect(b.sales).toEqual(before.sales);
    expect(b.units).toEqual(before.units);
    expect(b.board).toContainEqual({ day: '2026-03-09 00:00:00+00', status: 'Cancelled', paid: false, orders: 1, cents: 3300 });
  });
});

/** The migration's backfill statements (the INSERTs into the bucket tables), as the migration runs them. */
function backfillStatements(): string[] {
  const text = readFileSync(path.join(MIGRATIONS_DIR, '0013_figures.sql'), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*(--.*\n)*/, '').trim())
    .filter((s) => /^INSERT INTO "(sales_slots|product_sales_slots|order_board_days)"/.test(s));
}

describe('the backfill of the migration', () => {
  it('sums the existing orders and refunds into exactly the buckets the triggers keep', async () => {
    // A mixed history: bulk inserts, payments, status moves, an edited order, a deletion, refunds.
    await ctx.app.db.execute(sql`
      insert into orders (id, user_id, status, address, items, subtotal_cents, shipping_cents, amount_cents, created_at, updated_at, paid_at)
      select 'bulk' || lpad(g::text, 20, '0'), ${shopper.id}, case when g % 5 = 0 then 'Cancelled' else 'Processing' end, '{}'::jsonb,
             jsonb_build_array(jsonb_build_object('productId', 'p' || (g % 7), 'kind', 'product', 'name', 'Thing ' || (g % 7), 'quantity', 1 + g % 3),
                               jsonb_build_object('productId', null, 'kind', 'bundle', 'name', 'Box', 'quantity', 1)),
             1000 + g, 0, 1000 + g, '2026-02-01T00:00:00Z'::timestamptz + (g * 37 || ' minutes')::interval, now(),
             case when g % 5 = 0 then null else '2026-02-01T00:00:00Z'::timestamptz + (g * 37 + 13 || ' minutes')::interval end
      from generate_series(1, 400) g`);
    await ctx.app.db.execute(sql`update orders set status = 'Delivered' where id like 'bulk%' and status = 'Processing' and amount_cents % 3 = 0`);
    await ctx.app.db.execute(sql`update orders set amount_cents = amount_cents + 50, items = items || '[{"productId": "p1", "kind": "product", "name": "Thing 1", "quantity": 2}]'::jsonb where id = 'bulk' || lpad('7', 20, '0')`);
    await ctx.app.db.execute(sql`update orders set paid_at = paid_at + interval '3 hours' where id = 'bulk' || lpad('8', 20, '0')`);
    await ctx.app.db.execute(sql`delete from orders where id = 'bulk' || lpad('9', 20, '0')`);
    await ctx.app.db.execute(sql`
      insert into order_refunds (id, order_id, provider, amount_cents, status, created_at)
      select 're_bulk' || id, id, 'test', 300, case when amount_cents % 4 = 0 then 'failed' else 'succeeded' end, paid_at + interval '2 days'
      from orders where id like 'bulk%' and paid_at is not null and amount_cents % 2 = 0`);
    const kept = await buckets();
    expect(kept.sales.length).toBeGreaterThan(200);

    const statements = backfillStatements();
    expect(statements).toHaveLength(3);
    await ctx.app.db.execute(sql`delete from sales_slots`);
    await ctx.app.db.execute(sql`delete from product_sales_slots`);
    await ctx.app.db.execute(sql`delete from order_board_days`);
    for (const s of statements) await ctx.app.db.execute(sql.raw(s));
    expect(await buckets()).toEqual(kept);

    // And both equal what one scan of the orders says, e.g. the units of one product.
    const [scan] = await select(sql`select sum((i->>'quantity')::int)::int as units from orders o cross join lateral jsonb_array_elements(o.items) i where o.paid_at is not null and i->>'productId' = 'p1'`);
    const [summed] = await select(sql`select sum(units)::int as units from product_sales_slots where product_id = 'p1'`);
    expect(summed).toEqual(scan);
  });
});

describe('the dashboard where periods end inside a bucket', () => {
  it('in a half-hour zone (Asia/Kolkata, UTC+5:30) each figure equals the orders of its period', async () => {
    // Now: 2026-06-10 22:40 in Kolkata (17:10Z); today began at 2026-06-09T18:30Z, inside the 18:00Z hour.
    const now = new Date('2026-06-10T17:10:00Z');
    await insertOrder({ status: 'Delivered', paidAt: '2026-06-09T18:29:59Z', createdAt: '2026-06-09T18:20:00Z', cents: 100, items: [line('Yak', 1, 100)] }); // yesterday 23:59:59
    await insertOrder({ status: 'Delivered', paidAt: '2026-06-09T18:30:00Z', createdAt: '2026-06-09T18:25:00Z', cents: 2000, items: [line('Yak', 2, 2000)] }); // today's first instant
    await insertOrder({ status: 'Processing', paidAt: '2026-06-10T17:09:59Z', createdAt: '2026-06-10T17:00:00Z', cents: 30000, items: [line('Elk', 3, 30000)] }); // today, just before now
    await insertOrder({ status: 'Processing', paidAt: '2026-06-10T17:10:00Z', createdAt: '2026-06-10T17:05:00Z', cents: 400000, items: [line('Gnu', 40, 400000)] }); // at now: not yet
    await insertOrder({ status: 'Delivered', paidAt: '2026-06-09T17:09:59Z', createdAt: '2026-06-09T17:00:00Z', cents: 5000, items: [line('Emu', 5, 5000)] }); // yesterday 22:39:59: before the same time
    await insertOrder({ status: 'Delivered', paidAt: '2026-06-09T17:10:00Z', createdAt: '2026-06-09T17:05:00Z', cents: 60000, items: [line('Emu', 6, 60000)] }); // yesterday 22:40: not before it
    await ctx.app.db.insert(orderRefunds).values({ id: 're_kolkata', orderId: (await select(sql`select id from orders where amount_cents = 2000 and paid_at = '2026-06-09T18:30:00Z'`))[0]!.id as string, provider: 'test', amountCents: 700, status: 'succeeded', createdAt: new Date('2026-06-09T18:45:00Z') });

    const f = await ctx.app.dashboard.figures(now, 'Asia/Kolkata');
    // Today: 20.00 + 300.00 − 7.00; yesterday until 22:40: 50.00 (its 23:59:59 is after the same time).
    expect(f.periods[0]).toMatchObject({ sales: 313, orders: 2, previousSales: 50, previousOrders: 1 });
    expect(f.daily.at(-1)).toEqual({ day: '2026-06-10', sales: 313, orders: 2 });
    // Yesterday's whole day: 1.00 + 50.00 + 600.00.
    expect(f.daily.at(-2)).toEqual({ day: '2026-06-09', sales: 651, orders: 3 });
    expect(f.topProducts.map((p) => [p.name, p.units])).toEqual([
      ['Emu', 11],
      ['Elk', 3],
      ['Yak', 3],
    ]);
  });
});

describe('PostgreSQL connections', () => {
  it.runIf(inject('serverTestDb').kind === 'postgres')('compile no plan just in time (the top products plan would spend seconds on it)', async () => {
    const [row] = await select(sql`show jit`);
    expect(row).toEqual({ jit: 'off' });
  });
});
