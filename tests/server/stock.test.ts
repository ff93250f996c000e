import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { importCatalog } from '../../server/db/catalogImport';
import { bundles, meta, orders, products, stockOptions, stockReservations } from '../../server/db/schema';
import { CATALOG_VERSION_KEY } from '../../server/repositories/catalog';
import type { StoredOrderItem } from '../../server/repositories/orders';
import { makeShopper, openSession, orderBody, orderRow, payForm, postJson, putInServerCart, serverCart, useShopApp } from './checkout-helpers';

const ctx = useShopApp();

let seq = 0;
/** A product of its own per test ($20, no variants unless given) with stock rows for its options. */
async function product(options: Array<{ variant: string; onHand: number; madeToOrder: boolean }>, extra: Partial<typeof products.$inferInsert> = {}): Promise<string> {
  const id = `cccccccccccccccccccc${(++seq).toString(16).padStart(4, '0')}`;
  await ctx.app.db.insert(products).values({ id, name: `Stock Test ${seq}`, priceCents: 2000, mainCategory: 'Widgets', subCategory: 'Home_Gadgets', ...extra });
  await ctx.app.db.insert(stockOptions).values(options.map((o) => ({ productId: id, ...o, printMinutes: 120, material: 'PLA' })));
  await ctx.app.catalog.invalidate();
  return id;
}

async function option(productId: string, variant = '|') {
  const [row] = await ctx.app.db.select().from(stockOptions).where(and(eq(stockOptions.productId, productId), eq(stockOptions.variant, variant)));
  return row!;
}

async function reservations(orderId: string) {
  return ctx.app.db.select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
}

async function productJson(id: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/product/single/${id}` });
  return res.json().product as { outOfStock?: boolean; soldOutOptions?: string[] };
}

/** One $20 unit + $10 delivery. */
const line = (productId: string, quantity = 1, color = '|') => [{ productId, color, quantity }];
const amountFor = (quantity: number) => (quantity * 20 >= 100 ? quantity * 20 : quantity * 20 + 10);

const catalogVersion = async () => (await ctx.app.db.select({ v: meta.value }).from(meta).where(eq(meta.key, CATALOG_VERSION_KEY)))[0]?.v;

describe('reservation: starting payment holds the units', () => {
  it('a made-to-order option whose last shelf unit is held changes its statements, not the catalog (cached store pages stay; the product page is keyed by its statements)', async () => {
    const id = await product([{ variant: '|', onHand: 2, madeToOrder: true }]);
    const [a, b] = await Promise.all([makeShopper(ctx.app, 'ShelfA'), makeShopper(ctx.app, 'ShelfB')]);
    const statement = async () => (await ctx.app.inject(`/api/ship-by/${id}`)).json().shipBy.options['|'].text as string;
    const v0 = await catalogVersion();
    expect(await statement()).toMatch(/^In stock — ships /);
    expect((await postJson(ctx.app, '/api/order/stripe', orderBody(line(id), amountFor(1)), a.token)).statusCode).toBe(200);
    expect(await statement()).toMatch(/^In stock — ships /);
    expect((await postJson(ctx.app, '/api/order/stripe', orderBody(line(id), amountFor(1)), b.token)).statusCode).toBe(200);
    expect(await statement()).toMatch(/^Made to order — ships by /);
    // Still buyable: nothing the store, home or cards show changed.
    expect(await catalogVersion()).toBe(v0);
  });

  it('50 concurrent checkouts of a stocked-only option with 5 on hand give exactly 5 payment sessions; the rest are told, nothing oversold', async () => {
    const id = await product([{ variant: '|', onHand: 5, madeToOrder: false }]);
    const shoppers = await Promise.all(Array.from({ length: 50 }, (_, i) => makeShopper(ctx.app, `Racer${i}`)));
    await Promise.all(shoppers.map((s) => putInServerCart(ctx.app, s.id, { [`${id}_|`]: 1 })));
    const answers = await Promise.all(shoppers.map((s) => postJson(ctx.app, '/api/order/stripe', orderBody(line(id), amountFor(1)), s.token)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.json()).toEqual({ success: false, message: 'Sold out — we updated your cart', cart: [{ key: `${id}_|`, quantity: 0 }] });
    }
    const row = await option(id);
    expect(row).toMatchObject({ onHand: 5, reserved: 5 });
    // Refused shoppers' carts lost the line; nobody refused has an order.
    const refusedShopper = shoppers[answers.findIndex((r) => r.statusCode === 409)]!;
    expect(await serverCart(ctx.app, refusedShopper.id)).toEqual({});
    const stored = await ctx.app.db.select().from(orders).where(eq(orders.userId, refusedShopper.id));
    expect(stored).toHaveLength(0);
    // The option now shows as sold out in the catalog, and the product as out of stock.
    expect(await productJson(id)).toMatchObject({ outOfStock: true, soldOutOptions: ['|'] });
  });

  // Only PostgreSQL has a second connection to hold the row with (PGlite runs one at a time).
  it.runIf(process.env.DATABASE_URL)('an empty shelf is told "Sold out" at once, without waiting for the row another transaction holds', async () => {
    const id = await product([{ variant: '|', onHand: 1, madeToOrder: false }]);
    const [a, b] = await Promise.all([makeShopper(ctx.app, 'FirstIn'), makeShopper(ctx.app, 'TooLate')]);
    await openSession(ctx.app, a.token, line(id), amountFor(1));
    // Another transaction on the option's row (a staff edit, a checkout committing) holds its lock.
    const holder = new pg.Client({ connectionString: ctx.t.config.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select * from stock_options where product_id = $1 for update', [id]);
    try {
      const answer = await Promise.race([
        postJson(ctx.app, '/api/order/stripe', orderBody(line(id), amountFor(1)), b.token),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
      expect(answer === 'still waiting' ? answer : answer.json()).toEqual({ success: false, message: 'Sold out — we updated your cart', cart: [{ key: `${id}_|`, quantity: 0 }] });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(await option(id)).toMatchObject({ onHand: 1, reserved: 1 });
  });

  it('a cart asking more than is free is lowered to what is left with "Only N left — we updated your cart", nothing charged', async () => {
    const id = await product([{ variant: '|', onHand: 5, madeToOrder: false }]);
    const s = await makeShopper(ctx.app);
    await putInServerCart(ctx.app, s.id, { [`${id}_|`]: 6 });
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody(line(id, 6), amountFor(6)), s.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Only 5 left — we updated your cart', cart: [{ key: `${id}_|`, quantity: 5 }] });
    expect(await serverCart(ctx.app, s.id)).toEqual({ [`${id}_|`]: 5 });
    expect(await option(id)).toMatchObject({ onHand: 5, reserved: 0 });
    // The lowered cart goes through.
    const again = await openSession(ctx.app, s.token, line(id, 5), amountFor(5));
    expect(await reservations(again.orderId)).toMatchObject([{ fromShelf: 5, toPrint: 0, status: 'held' }]);
  });

  it('made to order sells beyond the shelf: the shelf first, the rest to print', async () => {
    const id = await product([{ variant: '|', onHand: 2, madeToOrder: true }]);
    const s = await makeShopper(ctx.app);
    const session = await openSession(ctx.app, s.token, line(id, 5), amountFor(5));
    expect(await reservations(session.orderId)).toMatchObject([{ lineIndex: 0, productId: id, variant: '|', fromShelf: 2, toPrint: 3, status: 'held' }]);
    expect(await option(id)).toMatchObject({ onHand: 2, reserved: 2 });
    expect((await productJson(id)).outOfStock).toBe(false);
  });

  it('payment sessions last 30 minutes, and the hold with them', async () => {
    const id = await product([{ variant: '|', onHand: 1, madeToOrder: false }]);
    const s = await makeShopper(ctx.app);
    const before = Date.now();
    const session = await openSession(ctx.app, s.token, line(id), amountFor(1));
    const [held] = await reservations(session.orderId);
    const ttl = held!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(30 * 60_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });
});

describe('taken, released, restocked', () => {
  it('paid → taken: on hand and reserved both drop', async () => {
    const id = await product([{ variant: '|', onHand: 3, madeToOrder: false }]);
    const s = await makeShopper(ctx.app);
    const session = await openSession(ctx.app, s.token, line(id, 2), amountFor(2));
    expect(await option(id)).toMatchObject({ onHand: 3, reserved: 2 });
    const paid = await payForm(ctx.app, session.sessionId);
    expect(paid.statusCode).toBe(303);
    expect((await orderRow(ctx.app, session.orderId)).status).toBe('Order Placed');
    expect(await option(id)).toMatchObject({ onHand: 1, reserved: 0 });
    expect(await reservations(session.orderId)).toMatchObject([{ status: 'taken', fromShelf: 2 }]);
  });

  it('expired → released: the sweep past 30 minutes cancels the order and frees its units', async () => {
    const id = await product([{ variant: '|', onHand: 1, madeToOrder: false }]);
    const s = await makeShopper(ctx.app);
    const session = await openSession(ctx.app, s.token, line(id), amountFor(1));
    expect(await option(id)).toMatchObject({ reserved: 1 });
    const other = await makeShopper(ctx.app);
    expect((await postJson(ctx.app, '/api/order/stripe', orderBody(line(id), amountFor(1)), other.token)).statusCode).toBe(409);

    const cancelled = await ctx.app.orderWorkflow.expireStale({ userId: s.id, stripe: 'leave' }, new Date(Date.now() + 31 * 60_000));
    expect(cancelled).toBe(1);
    expect((await orderRow(ctx.app, session.orderId)).status).toBe('Cancelled');
    expect(await option(id)).toMatchObject({ onHand: 1, reserved: 0 });
    expect(await reservations(session.orderId)).toMatchObject([{ status: 'released' }]);
    // Free again: the other shopper gets it now.
    await openSession(ctx.app, other.token, line(id), amountFor(1));
  });

  it('cancelled → released, and a declined card too', async () => {
    const id = await product([{ variant: '|', onHand: 2, madeToOrder: false }]);
    const s = await makeShopper(ctx.app);
    const a = await openSession(ctx.app, s.token, line(id), amountFor(1));
    const b = await openSession(ctx.app, s.token, line(id), amountFor(1));
    expect(await option(id)).toMatchObject({ reserved: 2 });
    await ctx.app.orderWorkflow.cancelPending(a.orderId);
    expect(await option(id)).toMatchObject({ onHand: 2, reserved: 1 });
    const declined = await payForm(ctx.app, b.sessionId, { number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBeLessThan(500);
    await ctx.app.orderWorkflow.cancelUnpaid(b.sessionId, 'declined');
    expect(await option(id)).toMatchObject({ onHand: 2, reserved: 0 });
    // A second release of the same order changes nothing.
    await ctx.app.db.transaction((tx) => ctx.app.stock.release(tx, a.orderId));
    expect(await option(id)).toMatchObject({ onHand: 2, reserved: 0 });
  });

  it('restock(tx, orderId, lines) puts a refunded line back on the shelf', async () => {
    const id = await product([{ variant: '|', onHand: 1, madeToOrder: false }]);
    const s = await makeShopper(ctx.app);
    const session = await openSession(ctx.app, s.token, line(id), amountFor(1));
    await payForm(ctx.app, session.sessionId);
    expect(await option(id)).toMatchObject({ onHand: 0, reserved: 0 });
    const order = await orderRow(ctx.app, session.orderId);
    await ctx.app.db.transaction((tx) => ctx.app.stock.restock(tx, order.id, [{ lineIndex: 0, quantity: 1 }], order.items as unknown as StoredOrderItem[]));
    expect(await option(id)).toMatchObject({ onHand: 1, reserved: 0 });
    // The refund hook may leave the lines to the service, which reads them in the same transaction.
    await ctx.app.db.transaction((tx) => ctx.app.stock.restock(tx, order.id, [{ lineIndex: 0, quantity: 1 }]));
    expect(await option(id)).toMatchObject({ onHand: 2, reserved: 0 });
    expect((await productJson(id)).outOfStock).toBe(false);
  });
});

describe('bundles hold one unit of each product in the option they name', () => {
  it('is available while every product is, and holds each one', async () => {
    const figure = await product(
      [
        { variant: 'Red|', onHand: 1, madeToOrder: false },
        { variant: 'Blue|', onHand: 0, madeToOrder: false },
      ],
      { colorVariants: [{ color: 'Red', image: '' }, { color: 'Blue', image: '' }] },
    );
    const stand = await product([{ variant: '|', onHand: 0, madeToOrder: true }]);
    const bundleId = `dddddddddddddddddddd${(++seq).toString(16).padStart(4, '0')}`;
    const day = 86_400_000;
    await ctx.app.db.insert(bundles).values({
      id: bundleId,
      title: 'Stock Bundle',
      priceCents: 3000,
      startDate: new Date(Date.now() - day),
      endDate: new Date(Date.now() + day),
      productIds: [figure, stand],
      productOptions: { [figure]: 'Red|' },
    });
    await ctx.app.catalog.invalidate();
    const listed = async () => ((await ctx.app.inject({ method: 'GET', url: '/api/bundle/list' })).json().bundles as Array<{ _id: string; outOfStock?: boolean }>).find((b) => b._id === bundleId);
    expect(await listed()).toMatchObject({ outOfStock: false });

    const s = await makeShopper(ctx.app);
    const session = await openSession(ctx.app, s.token, [{ productId: bundleId, color: 'bundle', quantity: 1 }], 40);
    const held = await reservations(session.orderId);
    expect(held.map((r) => [r.productId, r.variant, r.fromShelf, r.toPrint]).sort()).toEqual(
      [
        [figure, 'Red|', 1, 0],
        [stand, '|', 0, 1],
      ].sort(),
    );
    await new Promise((r) => setTimeout(r, 5));
    ctx.app.catalog.invalidateLocal();
    expect(await listed()).toMatchObject({ outOfStock: true });
    const other = await makeShopper(ctx.app);
    const refused = await postJson(ctx.app, '/api/order/stripe', orderBody([{ productId: bundleId, color: 'bundle', quantity: 1 }], 40), other.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sold out — we updated your cart');
  });
});

function outbox(): Array<{ to: string; subject: string; text: string }> {
  const file = path.join(ctx.t.dataDir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; subject: string; text: string });
}

describe('back in stock', () => {
  it('a shopper asks once; staff add stock; one e-mail with an unsubscribe link, sent once', async () => {
    const id = await product([{ variant: '|', onHand: 0, madeToOrder: false }], { name: 'Sold Out Owl' });
    const s = await makeShopper(ctx.app);
    expect((await postJson(ctx.app, '/api/stock/notify', { productId: id, variant: '|' })).statusCode).toBe(401);
    const asked = await postJson(ctx.app, '/api/stock/notify', { productId: id, variant: '|' }, s.token);
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await postJson(ctx.app, '/api/stock/notify', { productId: id, variant: '|' }, s.token)).statusCode).toBe(200);
    const waiting = await ctx.app.inject({ method: 'GET', url: `/api/stock/notify?productId=${id}&variant=${encodeURIComponent('|')}`, headers: { token: s.token } });
    expect(waiting.json()).toEqual({ success: true, waiting: true });

    const setStock = (onHand: number) =>
      ctx.app.db.transaction((tx) => ctx.app.stock.setProductStock(tx, id, ['|'], [{ variant: '|', onHand, madeToOrder: false, printMinutes: 120, material: 'PLA' }]));
    await setStock(3);
    await ctx.app.emailOutbox.deliverDue({});
    const mails = () => outbox().filter((m) => m.to === s.email && m.subject === 'Sold Out Owl is back in stock');
    expect(mails()).toHaveLength(1);
    await setStock(0);
    await setStock(4);
    await ctx.app.emailOutbox.deliverDue({});
    expect(mails()).toHaveLength(1);

    const link = /\/api\/stock\/unsubscribe\?token=\S+/.exec(mails()[0]!.text)![0];
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You will not get e-mails about this option any more.');
    const waitingAfter = await ctx.app.inject({ method: 'GET', url: `/api/stock/notify?productId=${id}&variant=${encodeURIComponent('|')}`, headers: { token: s.token } });
    expect(waitingAfter.json().waiting).toBe(false);
  });

  it('a catalog import that puts an option back on the shelf e-mails its waiters too (the server sends them once it runs)', async () => {
    const id = await product([{ variant: '|', onHand: 0, madeToOrder: false }], { name: 'Imported Owl' });
    const s = await makeShopper(ctx.app);
    expect((await postJson(ctx.app, '/api/stock/notify', { productId: id, variant: '|' }, s.token)).statusCode).toBe(200);
    // `npm run seed -- --file catalog.json`: the import writes the numbers and nothing else.
    await importCatalog(ctx.app.db, { products: [{ _id: id, name: 'Imported Owl', price: 20, mainCategory: 'Widgets', subCategory: 'Home_Gadgets', stock: [{ option: '|', onHand: 3, madeToOrder: false }] }] });
    const mails = () => outbox().filter((m) => m.to === s.email && m.subject === 'Imported Owl is back in stock');
    // A server starting on the database (or one running beside the import, within its next minute).
    const server = await ctx.t.buildOn();
    try {
      await server.ready();
      await vi.waitFor(async () => {
        await ctx.app.emailOutbox.deliverDue({});
        expect(mails()).toHaveLength(1);
      }, { timeout: 5000, interval: 100 });
    } finally {
      await server.close();
    }
    // Once: neither the job's next run nor another change sends it again.
    expect(await ctx.app.stock.notifyBuyable()).toBe(0);
    await ctx.app.emailOutbox.deliverDue({});
    expect(mails()).toHaveLength(1);
  });

  it('refuses a made-to-order option and one that can be bought', async () => {
    const mto = await product([{ variant: '|', onHand: 0, madeToOrder: true }]);
    const shelf = await product([{ variant: '|', onHand: 2, madeToOrder: false }]);
    const s = await makeShopper(ctx.app);
    const a = await postJson(ctx.app, '/api/stock/notify', { productId: mto, variant: '|' }, s.token);
    expect(a.statusCode).toBe(409);
    expect(a.json().message).toBe('This option is made to order: it never runs out.');
    const b = await postJson(ctx.app, '/api/stock/notify', { productId: shelf, variant: '|' }, s.token);
    expect(b.json().message).toBe('This option can be bought now, so there is nothing to wait for.');
  });
});
