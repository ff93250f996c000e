import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '../../../server/db/schema';
import { CHECKOUT_MESSAGES } from '../../../server/payments/checkout';
import { ORDER_MESSAGES } from '../../../server/routes/order';
import { makeShopper, orderBody, payForm, TP, type Line, useShopApp } from '../checkout-helpers';

/**
 * POST /api/order/stripe with an Idempotency-Key answers a repeat of the same
 * request with the same order and session — sent again later or at the same instant — and the
 * same key with another request with a 409. Keys are forgotten after 24 hours.
 */
const ctx = useShopApp();

const LINES: Line[] = [{ productId: TP.plain, color: '|', quantity: 2 }];
/** 2 × $20 + $10 delivery. */
const TOTAL = 50;

function order(a: { token: string }, key: string | undefined, body: object = orderBody(LINES, TOTAL)) {
  return ctx.app.inject({ method: 'POST', url: '/api/order/stripe', payload: body, headers: { token: a.token, ...(key === undefined ? {} : { 'idempotency-key': key }) } });
}

async function ordersOf(userId: string) {
  const [r] = await ctx.app.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return r!.n;
}

describe('Idempotency-Key on POST /api/order/stripe', () => {
  it('answers a repeated request with the same session and stores one order', async () => {
    const a = await makeShopper(ctx.app);
    const first = await order(a, 'key-one');
    expect(first.statusCode, first.body).toBe(200);
    const again = await order(a, 'key-one');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(a.id)).toBe(1);
    // The same body written in another key order is the same request.
    const reordered = await order(a, 'key-one', { isBuyNow: false, discountCode: '', description: '', amount: TOTAL, items: LINES, address: orderBody(LINES, TOTAL).address });
    expect(reordered.json()).toEqual(first.json());
  });

  it('answers two requests arriving at once with one order and one session', async () => {
    const a = await makeShopper(ctx.app);
    const results = await Promise.all([order(a, 'twin'), order(a, 'twin'), order(a, 'twin')]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(results.map((r) => `${r.json().orderId} ${r.json().sessionId} ${r.json().session_url}`));
    expect(ids.size).toBe(1);
    expect(await ordersOf(a.id)).toBe(1);
  });

  it('refuses the same key with a different body with a 409, storing nothing', async () => {
    const a = await makeShopper(ctx.app);
    expect((await order(a, 'changed')).statusCode).toBe(200);
    const other = await order(a, 'changed', orderBody([{ productId: TP.plain, color: '|', quantity: 3 }], 70));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ success: false, message: CHECKOUT_MESSAGES.keyReused });
    expect(await ordersOf(a.id)).toBe(1);
  });

  it('keeps keys per shopper, and without a key every request is a new order', async () => {
    const a = await makeShopper(ctx.app);
    const b = await makeShopper(ctx.app, 'Other');
    const fromA = await order(a, 'shared-key');
    const fromB = await order(b, 'shared-key');
    expect(fromB.json().orderId).not.toBe(fromA.json().orderId);
    await order(a, undefined);
    await order(a, undefined);
    expect(await ordersOf(a.id)).toBe(3);
  });

  it('forgets a key after 24 hours', async () => {
    const a = await makeShopper(ctx.app);
    const first = await order(a, 'old-key');
    await ctx.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, a.id), eq(idempotencyKeys.key, 'order:old-key')));
    const later = await order(a, 'old-key');
    expect(later.statusCode).toBe(200);
    expect(later.json().orderId).not.toBe(first.json().orderId);
    // The expired row was replaced, not kept beside the new one.
    const [r] = await ctx.app.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, a.id));
    expect(r!.n).toBe(1);
  });

  it('replays the answer after the order was paid: no second order, the page says it is paid', async () => {
    const a = await makeShopper(ctx.app);
    const first = (await order(a, 'paid-key')).json();
    expect((await payForm(ctx.app, first.sessionId)).statusCode).toBe(303);
    const again = await order(a, 'paid-key');
    expect(again.json()).toEqual(first);
    expect(await ordersOf(a.id)).toBe(1);
  });

  it('refuses a malformed key with a clear 400', async () => {
    const a = await makeShopper(ctx.app);
    for (const key of ['', 'with space', 'x'.repeat(201), 'é']) {
      const res = await order(a, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().message).toBe(ORDER_MESSAGES.badKey);
    }
    expect(await ordersOf(a.id)).toBe(0);
  });
});
