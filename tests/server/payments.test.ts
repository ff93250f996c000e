import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../server/payments/checkout';
import { ORDER_MESSAGES } from '../../server/routes/order';
import { mailsAbout, makeShopper, openSession, orderBody, orderRow, postJson, putInServerCart, serverCart, sessionRow, TP, type Line, useShopApp } from './checkout-helpers';

/**
 * The Stripe provider, with the real SDK pointed at a local stub of Stripe's API and webhooks
 * signed for real with a test secret. Stripe itself cannot be reached from here (see README).
 */
const WEBHOOK_SECRET = 'whsec_test_layerloft_secret';
const signer = new Stripe('sk_test_signer_only');

const ctx = useShopApp({ stripe: true, config: { stripeWebhookSecret: WEBHOOK_SECRET, publicUrl: 'https://shop.example.com' } });
beforeEach(() => {
  ctx.stub.tamper = false;
  ctx.stub.fail = false;
});

/** 2 × $20 + 1 × $30 + 2 × $4.50 = $79, + $10 delivery = $89, − 10% = $80.10. */
const MIXED: Line[] = [
  { productId: TP.plain, color: '|', quantity: 2 },
  { productId: TP.sale, color: 'Red|M', quantity: 1 },
  { productId: TP.accessory, color: 'accessory-0', quantity: 2 },
];

function webhook(event: object, opts: { secret?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined ? signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET }) : opts.signature;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/order/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
  });
}

let eventSeq = 0;
const completedEvent = (sessionId: string, id = `evt_test_${++eventSeq}`) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: ctx.stub.sessions.get(sessionId) },
});

describe('Stripe Checkout provider (SDK against a local stub)', () => {
  it('opens a Checkout Session from our prices with an idempotency key derived from the order id', async () => {
    const a = await makeShopper(ctx.app);
    const from = ctx.stub.requests.length;
    const s = await openSession(ctx.app, a.token, MIXED, 80.1, { discountCode: 'welcome10' });
    expect(s.session_url).toBe(`https://checkout.stripe.test/c/pay/${s.sessionId}`);
    expect(s.sessionId).toMatch(/^cs_test_stub/);

    const calls = ctx.stub.requests.slice(from);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/coupons', 'POST /v1/checkout/sessions']);
    const [coupon, create] = calls as [(typeof calls)[0], (typeof calls)[0]];
    expect(coupon.headers.authorization).toBe('Bearer sk_test_fake');
    expect(coupon.headers['idempotency-key']).toBe(`order-${s.orderId}-coupon`);
    expect(coupon.params).toMatchObject({ amount_off: '890', currency: 'usd', duration: 'once', max_redemptions: '1' });
    expect(create.headers['idempotency-key']).toBe(`order-${s.orderId}-session`);
    expect(create.params).toMatchObject({
      mode: 'payment',
      client_reference_id: s.orderId,
      'metadata[orderId]': s.orderId,
      customer_email: 'ada@example.com',
      success_url: 'https://shop.example.com/verify?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example.com/cart?payment=cancelled&session_id={CHECKOUT_SESSION_ID}',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2000',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][product_data][name]': 'Test Plain Widget',
      'line_items[1][price_data][unit_amount]': '3000',
      'line_items[1][price_data][product_data][description]': 'Red · Size M',
      'line_items[2][price_data][unit_amount]': '450',
      'line_items[2][quantity]': '2',
      'line_items[3][price_data][unit_amount]': '1000',
      'line_items[3][price_data][product_data][name]': 'Delivery',
      'discounts[0][coupon]': 'co_stub_1',
    });
    // Relative pictures become absolute on the https public origin; others are left out.
    expect(create.params['line_items[1][price_data][product_data][images][0]']).toBe('https://shop.example.com/img/p/red.svg');
    expect(create.params['line_items[0][price_data][product_data][images][0]']).toBeUndefined();

    expect(ctx.stub.sessions.get(s.sessionId)!.amount_total).toBe(8010);
    expect(await orderRow(ctx.app, s.orderId)).toMatchObject({ paymentMethod: 'Stripe', amountCents: 8010, status: 'Payment Pending' });
    expect(await sessionRow(ctx.app, s.sessionId)).toMatchObject({ provider: 'stripe', status: 'open', amountCents: 8010 });
  });

  it('refuses to open a session whose Stripe total differs from ours, and cancels the order', async () => {
    const a = await makeShopper(ctx.app);
    ctx.stub.tamper = true;
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody(MIXED, 89), a.token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message: CHECKOUT_MESSAGES.providerDown });
    const expired = [...ctx.stub.sessions.values()].at(-1)!;
    expect(expired.status).toBe('expired');
  });

  it('answers 502 when Stripe refuses, leaving no pending order behind', async () => {
    const a = await makeShopper(ctx.app);
    ctx.stub.fail = true;
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody(MIXED, 89), a.token);
    expect(res.statusCode).toBe(502);
    const list = await ctx.app.orders.listForUser(a.id);
    expect(list.map((o) => o.status)).toEqual(['Cancelled']);
  });

  it('verifies by asking Stripe: an open session is expired there and the order cancelled', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const res = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, a.token);
    expect(res.json()).toEqual({ success: false, message: CHECKOUT_MESSAGES.notPaid });
    expect(ctx.stub.sessions.get(s.sessionId)!.status).toBe('expired');
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Cancelled');
  });

  it('confirms a session Stripe reports paid exactly once, with one e-mail and the cart emptied', async () => {
    const a = await makeShopper(ctx.app);
    await putInServerCart(ctx.app, a.id, { [`${TP.plain}_|`]: 2 });
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    ctx.stub.complete(s.sessionId);
    const calls = await Promise.all(Array.from({ length: 4 }, () => postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, a.token)));
    for (const res of calls) expect(res.json()).toMatchObject({ success: true, order: { _id: s.orderId, status: 'Order Placed', paymentMethod: 'Stripe' } });
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(1);
    expect(await serverCart(ctx.app, a.id)).toEqual({});
  });

  it('resumes a pending order with the url Stripe gives for its open session', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const res = await postJson(ctx.app, '/api/order/resume-payment', { orderId: s.orderId }, a.token);
    expect(res.json()).toMatchObject({ success: true, session_url: s.session_url, sessionId: s.sessionId });
  });
});

describe('POST /api/order/webhook (signatures checked on the raw body)', () => {
  it('confirms checkout.session.completed once and ignores a replayed event id', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    ctx.stub.complete(s.sessionId);
    const event = completedEvent(s.sessionId);
    let res = await webhook(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Order Placed');

    res = await webhook(event);
    expect(res.json()).toEqual({ received: true, duplicate: true });
    // Stripe may also send a new event for the same session: still one confirmation.
    res = await webhook(completedEvent(s.sessionId));
    expect(res.statusCode).toBe(200);
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(1);

    // The shopper's return to /verify afterwards just reads the confirmed order.
    res = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, a.token);
    expect(res.json()).toMatchObject({ success: true, order: { _id: s.orderId } });
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(1);
  });

  it('refuses a bad signature, a signature made with another secret, a missing one and a tampered body', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    ctx.stub.complete(s.sessionId);
    const event = completedEvent(s.sessionId);
    for (const opts of [{ signature: 't=1,v1=deadbeef' }, { secret: 'whsec_someone_else' }, { signature: null }]) {
      const res = await webhook(event, opts);
      expect(res.statusCode, JSON.stringify(opts)).toBe(400);
      expect(res.json()).toEqual({ success: false, message: ORDER_MESSAGES.badSignature });
    }
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/webhook',
      payload: payload.replace('"complete"', '"complete" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');
  });

  it('cancels the order on checkout.session.expired', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const session = ctx.stub.sessions.get(s.sessionId)!;
    session.status = 'expired';
    const res = await webhook({ id: `evt_test_${++eventSeq}`, object: 'event', type: 'checkout.session.expired', data: { object: session } });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Cancelled');
  });

  it('checkout.session.expired frees the units the session held at once, without waiting for the sweep', async () => {
    const { stockOptions, stockReservations } = await import('../../server/db/schema');
    const { and, eq } = await import('drizzle-orm');
    const where = and(eq(stockOptions.productId, TP.plain), eq(stockOptions.variant, '|'));
    await ctx.app.db.insert(stockOptions).values({ productId: TP.plain, variant: '|', onHand: 2, reserved: 0, madeToOrder: false, printMinutes: 120, material: 'PLA' }).onConflictDoUpdate({ target: [stockOptions.productId, stockOptions.variant], set: { onHand: 2, reserved: 0, madeToOrder: false } });
    try {
      const a = await makeShopper(ctx.app);
      const s = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: '|', quantity: 2 }], 50);
      expect((await ctx.app.db.select().from(stockOptions).where(where))[0]).toMatchObject({ onHand: 2, reserved: 2 });
      const session = ctx.stub.sessions.get(s.sessionId)!;
      session.status = 'expired';
      const res = await webhook({ id: `evt_test_${++eventSeq}`, object: 'event', type: 'checkout.session.expired', data: { object: session } });
      expect(res.statusCode).toBe(200);
      expect((await ctx.app.db.select().from(stockOptions).where(where))[0]).toMatchObject({ onHand: 2, reserved: 0 });
      expect(await ctx.app.db.select({ status: stockReservations.status }).from(stockReservations).where(eq(stockReservations.orderId, s.orderId))).toEqual([{ status: 'released' }]);
    } finally {
      await ctx.app.db.delete(stockOptions).where(where);
    }
  });

  it('the sweep asks Stripe about expired sessions: a late payment is confirmed, the rest cancelled', async () => {
    const a = await makeShopper(ctx.app);
    const paid = await openSession(ctx.app, a.token, MIXED, 89);
    const unpaid = await openSession(ctx.app, a.token, MIXED, 89);
    ctx.stub.complete(paid.sessionId);
    const { paymentSessions } = await import('../../server/db/schema');
    const { inArray } = await import('drizzle-orm');
    await ctx.app.db
      .update(paymentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(paymentSessions.id, [paid.sessionId, unpaid.sessionId]));
    await ctx.app.orderWorkflow.sweep();
    expect((await orderRow(ctx.app, paid.orderId)).status).toBe('Order Placed');
    expect((await orderRow(ctx.app, unpaid.orderId)).status).toBe('Cancelled');
  });
});
