import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bundles, discounts, emailOutbox, orderEvents, orderRefunds, paymentSessions, stockOptions } from '../../../server/db/schema';
import { REFUND_ANSWER_WAIT_MS } from '../../../server/services/orderWorkflow';
import type { StaffRefundPanelResponse, StaffRefundResponse } from '../../../server/routes/staffRefunds';
import type { StaffOrderDetailResponse } from '../../../server/routes/staffOrders';
import { REFUND_MESSAGES } from '../../../src/domain/refunds';
import type { Order, UserOrdersResponse } from '../../../src/domain/types';
import { mailsAbout, makeShopper, openSession, payForm, postJson, TP } from '../checkout-helpers';
import { listen, next, openSocket } from '../chat-helpers';
import { useStaffApp } from './staff-helpers';

const ctx = useStaffApp({ config: { publicUrl: 'http://shop.test' }, catalog: true });

let keys = 0;
const key = () => `test-refund-${Date.now()}-${++keys}`;
const refund = (orderId: string, body: Record<string, unknown>) =>
  postJson(ctx.app, `/api/staff/orders/${orderId}/refunds`, { idempotencyKey: key(), ...body }, ctx.staff.token);
const panel = async (orderId: string) => (await ctx.get(`/api/staff/orders/${orderId}/refunds`)).json() as StaffRefundPanelResponse;
const refundRows = (orderId: string) => ctx.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const refundMails = (orderId: string) => ctx.app.db.select().from(emailOutbox).where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'refund')));

/**
 * 3 × Test Plain Widget ($60.00) and 1 × Test Sale Figure ($30.00), $10.00 delivery, 10 % off
 * subtotal and delivery ($10.00): $90.00 paid. The discount's shares: $6.67 and $3.33 (largest
 * remainder), so the lines refund $53.33 (1777 + 1778 + 1778 cents a unit) and $26.67; delivery
 * is the last $10.00.
 */
async function paidOrder(name = 'Refundee') {
  await ctx.app.db.insert(discounts).values({ code: 'TENOFF', percentage: 10 }).onConflictDoNothing();
  const a = await makeShopper(ctx.app, name);
  const s = await openSession(
    ctx.app,
    a.token,
    [
      { productId: TP.plain, color: '|', quantity: 3 },
      { productId: TP.sale, color: 'Red|S', quantity: 1 },
    ],
    90,
    { discountCode: 'TENOFF' },
  );
  expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(303);
  return { ...s, shopper: a };
}

describe('partial refunds', () => {
  it('refunds chosen units of a line less their share of the discount; the order keeps its status, e-mails the shopper and shows it everywhere', async () => {
    const s = await paidOrder();
    const res = await refund(s.orderId, { lines: [{ index: 0, quantity: 1 }], reason: 'Arrived cracked', restock: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StaffRefundResponse;
    expect(body).toMatchObject({ order: { status: 'Order Placed', refunded: 17.77 }, refund: { amount: 17.77, status: 'succeeded', provider: 'test', reason: 'Arrived cracked', restock: true, lines: [{ index: 0, quantity: 1, amount: 17.77 }] }, repeated: false });
    expect(body.refund.providerRefundId).toMatch(/^re_ll_/);

    const p = await panel(s.orderId);
    expect(p).toMatchObject({ paid: 90, refunded: 17.77, refundable: 72.23, shipping: 10, discount: 10 });
    expect(p.lines.map((l) => [l.name, l.quantity, l.refundedQuantity])).toEqual([
      ['Test Plain Widget', 3, 1],
      ['Test Sale Figure', 1, 0],
    ]);

    // The shopper: one refund e-mail, and My Orders' details show the refund with the breakdown.
    const mails = await refundMails(s.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.dedupeKey).toBe(`${s.orderId}:refund:${body.refund._id}`);
    expect(mails[0]!.subject).toContain('refund of $17.77');
    expect(mailsAbout(ctx.t.dataDir, s.orderId).some((m) => m.subject.includes('refund of $17.77'))).toBe(true);
    const mine = (await postJson(ctx.app, '/api/order/userorders', {}, s.shopper.token)).json() as UserOrdersResponse;
    const order = mine.orders.find((o) => o._id === s.orderId)!;
    expect(order).toMatchObject({ status: 'Order Placed', refunded: 17.77, details: { subtotal: 90, deliveryFee: 10, discount: 10, discountCode: 'TENOFF', address: { city: expect.any(String) } } });
    expect(order.details!.refunds).toEqual([{ _id: body.refund._id, amount: 17.77, at: expect.any(String) }]);

    // The staff timeline and the audit log.
    const detail = (await ctx.get(`/api/staff/orders/${s.orderId}`)).json() as StaffOrderDetailResponse;
    expect(detail.audit[0]).toMatchObject({ action: 'refund', actor: { email: ctx.staff.email }, changes: { refunded: { from: 0, to: 17.77 } } });
    const events = await ctx.app.db.select().from(orderEvents).where(eq(orderEvents.orderId, s.orderId));
    expect(events.at(-1)).toMatchObject({ refundId: body.refund._id, fromStatus: 'Order Placed', toStatus: 'Order Placed', actorKind: 'staff', actorId: ctx.staff.id });
    expect(detail.order.history.at(-1)).toMatchObject({ refund: { _id: body.refund._id, amount: 17.77 }, by: { kind: 'staff', email: ctx.staff.email } });
  });

  it('puts refunded units back on the shelf only when staff ask ("Put the items back in stock"), in the refund\'s transaction', async () => {
    const onHand = async () => (await ctx.app.db.select({ n: stockOptions.onHand }).from(stockOptions).where(and(eq(stockOptions.productId, TP.plain), eq(stockOptions.variant, '|'))))[0]!.n;
    // The test catalogue is inserted without stock rows: this option is made to order, nothing on the shelf.
    await ctx.app.db.insert(stockOptions).values({ productId: TP.plain, variant: '|', onHand: 0, madeToOrder: true, printMinutes: 60, material: 'PLA' }).onConflictDoNothing();
    const s = await paidOrder('Restocker');
    const before = await onHand();
    const kept = await refund(s.orderId, { lines: [{ index: 0, quantity: 1 }], restock: false });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await onHand()).toBe(before);
    const back = await refund(s.orderId, { lines: [{ index: 0, quantity: 2 }], restock: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(await onHand()).toBe(before + 2);
  });

  it('refunds an amount (delivery); never more than what is left, with a message for people and nothing saved', async () => {
    const s = await paidOrder();
    expect((await refund(s.orderId, { amount: 10 })).json()).toMatchObject({ refund: { amount: 10, lines: [] }, order: { refunded: 10, status: 'Order Placed' } });
    const over = await refund(s.orderId, { amount: 80.01 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: 'You can refund at most $80.00' });
    const tooMany = await refund(s.orderId, { lines: [{ index: 1, quantity: 2 }] });
    expect(tooMany.json().message).toBe('You can refund at most 1 of Test Sale Figure');
    const nothing = await refund(s.orderId, {});
    expect(nothing.json().message).toBe(REFUND_MESSAGES.nothingChosen);
    const badAmount = await refund(s.orderId, { amount: 1.234 });
    expect([badAmount.statusCode, badAmount.json().message]).toEqual([400, 'Enter the amount in dollars and cents, such as 12.40']);
    expect(await refundRows(s.orderId)).toHaveLength(1);
    expect((await refundMails(s.orderId)).length).toBe(1);
  });

  it('a retried request (same key) refunds once and e-mails once', async () => {
    const s = await paidOrder();
    const body = { idempotencyKey: key(), lines: [{ index: 1, quantity: 1 }] };
    const first = await postJson(ctx.app, `/api/staff/orders/${s.orderId}/refunds`, body, ctx.staff.token);
    const again = await postJson(ctx.app, `/api/staff/orders/${s.orderId}/refunds`, body, ctx.staff.token);
    expect(first.json()).toMatchObject({ refund: { amount: 26.67 }, repeated: false });
    expect(again.json()).toMatchObject({ refund: { _id: first.json().refund._id, amount: 26.67 }, repeated: true, order: { refunded: 26.67 } });
    expect(await refundRows(s.orderId)).toHaveLength(1);
    expect(await refundMails(s.orderId)).toHaveLength(1);
  });

  it('several refunds add up to the order, then it is Refunded and nothing is left', async () => {
    const s = await paidOrder();
    expect((await refund(s.orderId, { lines: [{ index: 0, quantity: 1 }] })).json().order).toMatchObject({ status: 'Order Placed', refunded: 17.77 });
    expect((await refund(s.orderId, { lines: [{ index: 0, quantity: 2 }, { index: 1, quantity: 1 }] })).json()).toMatchObject({ refund: { amount: 62.23 }, order: { status: 'Order Placed', refunded: 80 } });
    const last = (await refund(s.orderId, { amount: 10 })).json() as StaffRefundResponse;
    expect(last.order).toMatchObject({ status: 'Refunded', refunded: 90 });
    const after = await refund(s.orderId, { amount: 0.01 });
    expect([after.statusCode, after.json().message]).toEqual([409, REFUND_MESSAGES.nothingLeft]);
    expect(await refundMails(s.orderId)).toHaveLength(3);
    expect((await panel(s.orderId)).refundable).toBe(0);
    const detail = (await ctx.get(`/api/staff/orders/${s.orderId}`)).json() as StaffOrderDetailResponse;
    expect(detail.order.history.at(-1)).toMatchObject({ from: 'Order Placed', to: 'Refunded', by: { kind: 'staff' } });
    expect(detail.audit[0]).toMatchObject({ action: 'refund', changes: { refunded: { from: 80, to: 90 }, status: { from: 'Order Placed', to: 'Refunded' } } });
  });

  it('moving a partly refunded order to Refunded refunds only what is left', async () => {
    const s = await paidOrder();
    await refund(s.orderId, { lines: [{ index: 1, quantity: 1 }] });
    const res = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Refunded' }, ctx.staff.token);
    expect(res.json()).toMatchObject({ order: { status: 'Refunded', refunded: 90 }, refund: { amount: 63.33 } });
    const rows = await refundRows(s.orderId);
    expect(rows.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([2667, 6333]);
    expect(rows.find((r) => r.amountCents === 6333)!.lines).toEqual([{ index: 0, quantity: 3, amountCents: 5333 }]);
  });

  it('concurrent refunds never add up to more than the order took', async () => {
    const s = await paidOrder();
    const results = await Promise.all([refund(s.orderId, { amount: 50 }), refund(s.orderId, { amount: 50 }), refund(s.orderId, { amount: 50 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await refundRows(s.orderId);
    expect(rows.reduce((a, r) => a + r.amountCents, 0)).toBe(5000);
    expect((await panel(s.orderId)).refundable).toBe(40);
  });

  it('refuses unpaid orders, unknown orders and shoppers', async () => {
    const a = await makeShopper(ctx.app, 'Unpaid');
    const unpaid = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: '|', quantity: 1 }], 30);
    const res = await refund(unpaid.orderId, { amount: 1 });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Only a paid order can be refunded (this one is Payment Pending)']);
    expect((await refund('f'.repeat(24), { amount: 1 })).statusCode).toBe(404);
    const asShopper = await postJson(ctx.app, `/api/staff/orders/${unpaid.orderId}/refunds`, { idempotencyKey: key(), amount: 1 }, a.token);
    expect(asShopper.statusCode).toBe(403);
  });
});

describe('the staff CLI (npm run staff -- refund)', () => {
  it('lists what is left, refunds units of a line and an amount through the same workflow, once per key, with clear refusals', async () => {
    const { main } = await import('../../../scripts/staff');
    const server = ctx.app.server.listening ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}` : await listen(ctx.app);
    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await main([...args, '--server', server], { DATA_DIR: ctx.t.dataDir }, (l) => lines.push(l));
      return { code, text: lines.join('\n') };
    };
    const s = await paidOrder('Terminal');
    const number = `#${(await ctx.get(`/api/staff/orders/${s.orderId}`)).json().order.orderNumber}`;

    expect((await run('refund', '--order', s.orderId)).text).toBe(
      [
        `Order ${s.orderId} · Order Placed · paid $90.00 · refunded $0.00 · can still refund $90.00`,
        '  line 1: Test Plain Widget × 3 · $60.00',
        '  line 2: Test Sale Figure (Red, S) × 1 · $30.00',
        '  delivery $10.00 (refunded as an amount) · discount $10.00',
      ].join('\n'),
    );
    // Line 1, one unit (less its share of the discount), back in stock, with a reason; retried with its key: once.
    const once = ['refund', '--order', s.orderId, '--line', '1:1', '--reason', 'Arrived cracked', '--restock', '--key', 'cli-test-key-1'];
    expect((await run(...once)).text).toBe(`Refunded $17.77 of order ${number} (succeeded); $17.77 refunded in all, the order is Order Placed. The customer is e-mailed.`);
    expect((await run(...once)).text).toBe(`That refund was made before (key cli-test-key-1): $17.77 of order ${number}, nothing more was refunded.`);
    expect(await refundRows(s.orderId)).toMatchObject([{ amountCents: 1777, reason: 'Arrived cracked', restock: true, lines: [{ index: 0, quantity: 1 }] }]);
    expect(await refundMails(s.orderId)).toHaveLength(1);

    await expect(run('refund', '--order', s.orderId, '--amount', '80')).rejects.toThrow('You can refund at most $72.23');
    await expect(run('refund', '--order', s.orderId, '--amount', '12,40')).rejects.toThrow('--amount takes dollars and cents, such as 12.40, not "12,40"');
    await expect(run('refund', '--order', s.orderId, '--line', '0')).rejects.toThrow('--line takes a line number');
    await expect(run('refund', '--order', s.orderId, '--line', '9')).rejects.toThrow('The order has no item number 9');
    expect((await run('refund', '--order', s.orderId, '--line', '1:2', '--line', '2', '--amount', '10')).text).toMatch(/^Refunded \$72\.23 of order .*; \$90\.00 refunded in all, the order is Refunded\./);
    expect((await run('refund', '--order', s.orderId)).text).toContain('  refund ');
    await expect(run('refund')).rejects.toThrow('--order is required');
  });
});

describe('live: the staff room hears each refund', () => {
  it('a partial refund and a move to Refunded each reach a staff socket with what was given back (the board and the order page read again)', async () => {
    const s = await paidOrder('Heard');
    const url = ctx.app.server.listening ? `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}` : await listen(ctx.app);
    const socket = await openSocket(url, ctx.staff.token);
    try {
      const part = next(socket, 'orderUpdated', 5000, (o: Order) => o._id === s.orderId);
      expect((await refund(s.orderId, { lines: [{ index: 1, quantity: 1 }] })).statusCode).toBe(200);
      expect(await part).toMatchObject({ status: 'Order Placed', refunded: 26.67 });

      const rest = next(socket, 'orderUpdated', 5000, (o: Order) => o._id === s.orderId && o.status === 'Refunded');
      expect((await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Refunded' }, ctx.staff.token)).statusCode).toBe(200);
      expect(await rest).toMatchObject({ status: 'Refunded', refunded: 90 });
    } finally {
      socket.close();
    }
  });
});

describe('a refund whose provider answer never arrived', () => {
  /** The first half of a refund request that died: the row reserved ('requested'), and perhaps the provider asked. */
  const stuck = async (orderId: string, amountCents: number) =>
    (
      await ctx.app.refunds.reserve(
        { orderId, idempotencyKey: `${orderId}:${key()}`, provider: 'test', actorId: ctx.staff.id, reason: 'Died midway', restock: false },
        () => ({ amountCents, lines: [] }),
      )
    ).refund;
  const later = () => new Date(Date.now() + REFUND_ANSWER_WAIT_MS + 60_000);

  it('counts until the sweep asks the provider again under the same key and settles it (once, e-mailed)', async () => {
    const s = await paidOrder('Stuck');
    const row = await stuck(s.orderId, 1500);
    // The provider had made it before the process died: the retry must find that refund, not make a second.
    const made = await ctx.app.paymentProvider.refund({ orderId: s.orderId, sessionId: s.sessionId, amountCents: 1500, idempotencyKey: row.providerKey! });
    expect((await panel(s.orderId)).refundable).toBe(75);
    // A request still within its time is left alone.
    expect(await ctx.app.orderWorkflow.retryWaitingRefunds()).toBe(0);
    expect(await ctx.app.orderWorkflow.retryWaitingRefunds(later())).toBe(1);
    const [settled] = await refundRows(s.orderId);
    expect(settled).toMatchObject({ status: 'succeeded', providerRefundId: made.id });
    expect((await panel(s.orderId)).refundable).toBe(75);
    expect((await ctx.get(`/api/staff/orders/${s.orderId}`)).json()).toMatchObject({ order: { status: 'Order Placed', refunded: 15 } });
    expect(await refundMails(s.orderId)).toHaveLength(1);
    expect(await ctx.app.orderWorkflow.retryWaitingRefunds(later())).toBe(0);
    expect(await refundMails(s.orderId)).toHaveLength(1);
  });

  it("keeps the provider key of refunds made before 0016 (the migration's backfill): a whole order's first refund under the order's key", async () => {
    const s = await paidOrder('Before');
    const whole = await ctx.app.refunds.reserve(
      { orderId: s.orderId, idempotencyKey: `${s.orderId}:order-${s.orderId}-refund`, provider: 'test', actorId: ctx.staff.id, reason: null, restock: false },
      () => ({ amountCents: 100, lines: [] }),
    );
    const part = await stuck(s.orderId, 200);
    await ctx.app.db.update(orderRefunds).set({ providerKey: null }).where(eq(orderRefunds.orderId, s.orderId));
    const statements = readFileSync(new URL('../../../server/db/migrations/0016_refund_retry.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    await ctx.app.db.execute(sql.raw(statements.at(-1)!));
    const keys = new Map((await refundRows(s.orderId)).map((r) => [r.id, r.providerKey]));
    expect([keys.get(whole.refund.id), keys.get(part.id)]).toEqual([`order-${s.orderId}-refund`, `refund-${part.id}`]);
    // Not left waiting for the sweep tests of this file.
    await ctx.app.db.delete(orderRefunds).where(eq(orderRefunds.orderId, s.orderId));
  });

  it('is marked failed and stops counting when the provider refuses it on retry', async () => {
    const s = await paidOrder('Refused');
    await stuck(s.orderId, 9000);
    expect((await panel(s.orderId)).refundable).toBe(0);
    // The built-in provider refuses more than the session took.
    await ctx.app.db.update(paymentSessions).set({ amountCents: 100 }).where(eq(paymentSessions.id, s.sessionId));
    try {
      expect(await ctx.app.orderWorkflow.retryWaitingRefunds(later())).toBe(1);
    } finally {
      await ctx.app.db.update(paymentSessions).set({ amountCents: 9000 }).where(eq(paymentSessions.id, s.sessionId));
    }
    expect((await refundRows(s.orderId)).map((r) => r.status)).toEqual(['failed']);
    const p = await panel(s.orderId);
    expect(p).toMatchObject({ refundable: 90, refunded: 0, refunds: [{ status: 'failed', amount: 90 }] });
    expect(await refundMails(s.orderId)).toHaveLength(0);
    // The order can be refunded afresh.
    expect((await refund(s.orderId, { amount: 10 })).json()).toMatchObject({ order: { refunded: 10 } });
  });
});

describe('the shopper’s order details', () => {
  it('a bundle line keeps the products it held when it was ordered; the tracking number comes with its carrier', async () => {
    const a = await makeShopper(ctx.app, 'Bundler');
    const s = await openSession(ctx.app, a.token, [{ productId: TP.activeBundle, color: 'bundle', quantity: 1 }], 60);
    expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(303);
    await ctx.app.db.update(bundles).set({ productIds: [TP.sale] }).where(eq(bundles.id, TP.activeBundle));
    try {
      const ship = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Processing', trackingNumber: '1Z999AA1', carrier: 'ups' }, ctx.staff.token);
      expect(ship.json()).toMatchObject({ order: { status: 'Processing', trackingNumber: '1Z999AA1', carrier: 'UPS' } });
      const bad = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, trackingNumber: '1Z999AA1', carrier: 'Pigeon' }, ctx.staff.token);
      expect([bad.statusCode, bad.json().message]).toEqual([400, 'Invalid order update: Carrier must be one of USPS, UPS, FedEx, DHL, Other']);

      const mine = (await postJson(ctx.app, '/api/order/userorders', {}, a.token)).json() as UserOrdersResponse;
      const order = mine.orders.find((o) => o._id === s.orderId)!;
      expect(order.items[0]!.contents).toEqual([{ productId: TP.plain, name: 'Test Plain Widget', image: expect.any(String) }]);
      expect(order).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA1', details: { refunds: [], deliveryFee: 10 } });
    } finally {
      await ctx.app.db.update(bundles).set({ productIds: [TP.plain] }).where(eq(bundles.id, TP.activeBundle));
    }
  });
});
