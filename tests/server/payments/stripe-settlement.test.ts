import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentSessions } from '../../../server/db/schema';
import { CHECKOUT_MESSAGES } from '../../../server/payments/checkout';
import { STAFF_MESSAGES } from '../../../server/routes/staff';
import { makeStaff } from '../chat-helpers';
import { mailsAbout, makeShopper, openSession, orderBody, orderRow, postJson, sessionRow, TP, type Line, useShopApp } from '../checkout-helpers';

/**
 * The payment rules against Stripe (the real SDK pointed at tests/server/stripe-stub.ts, webhooks signed
 * for real): delayed payment methods keep the order pending until Stripe settles them (item 2);
 * a staff cancel expires the Checkout Session first (item 3); reading My Orders never cancels a
 * Stripe session without asking Stripe (item 5); twins with one Idempotency-Key open one session
 * (item 4).
 */
const WEBHOOK_SECRET = 'whsec_test_settlement_secret';
const signer = new Stripe('sk_test_signer_only');

const ctx = useShopApp({ stripe: true, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
beforeEach(() => {
  ctx.stub.fail = false;
});

const LINES: Line[] = [{ productId: TP.plain, color: '|', quantity: 2 }];
const TOTAL = 50;

let eventSeq = 0;
function webhook(type: string, sessionId: string) {
  const payload = JSON.stringify({ id: `evt_settle_${++eventSeq}`, object: 'event', type, data: { object: ctx.stub.sessions.get(sessionId) } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return ctx.app.inject({ method: 'POST', url: '/api/order/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

/** The shopper finished Checkout with a delayed method: complete, but no money yet. */
function completeUnpaid(id: string) {
  const s = ctx.stub.sessions.get(id)!;
  s.status = 'complete';
  s.url = null;
  return s;
}

async function pastExpiry(sessionId: string, ms: number) {
  await ctx.app.db.update(paymentSessions).set({ expiresAt: new Date(Date.now() - ms) }).where(eq(paymentSessions.id, sessionId));
}

describe('delayed payment methods (complete, payment_status unpaid)', () => {
  it('asks Stripe for card payments only', async () => {
    const a = await makeShopper(ctx.app);
    const from = ctx.stub.requests.length;
    await openSession(ctx.app, a.token, LINES, TOTAL);
    const create = ctx.stub.requests.slice(from).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(Object.entries(create.params).filter(([k]) => k.startsWith('allowed_payment_method_types'))).toEqual([['allowed_payment_method_types[0]', 'card']]);
  });

  it('keeps the order Payment Pending through completed, verify and the sweep; async_payment_succeeded places it once', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, TOTAL);
    completeUnpaid(s.sessionId);

    expect((await webhook('checkout.session.completed', s.sessionId)).statusCode).toBe(200);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');

    const verify = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, a.token);
    expect(verify.json()).toEqual({ success: false, message: CHECKOUT_MESSAGES.processing });
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');

    const resume = await postJson(ctx.app, '/api/order/resume-payment', { orderId: s.orderId }, a.token);
    expect(resume.statusCode).toBe(409);
    expect(resume.json().message).toBe(CHECKOUT_MESSAGES.processing);

    // Days later, still processing: the sweep asks Stripe and leaves it alone.
    await pastExpiry(s.sessionId, 3 * 86_400_000);
    await ctx.app.orderWorkflow.sweep();
    await postJson(ctx.app, '/api/order/userorders', {}, a.token);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(0);

    ctx.stub.complete(s.sessionId);
    expect((await webhook('checkout.session.async_payment_succeeded', s.sessionId)).statusCode).toBe(200);
    const row = await orderRow(ctx.app, s.orderId);
    expect(row.status).toBe('Order Placed');
    expect(row.paidAt).not.toBeNull();
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(1);
  });

  it('cancels the order on async_payment_failed', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, TOTAL);
    completeUnpaid(s.sessionId);
    await webhook('checkout.session.completed', s.sessionId);
    expect((await webhook('checkout.session.async_payment_failed', s.sessionId)).statusCode).toBe(200);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Cancelled');
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(0);
  });
});

describe('reading My Orders asks before cancelling (item 5)', () => {
  it('leaves a Stripe session past its expiry to the sweep, which confirms a payment whose webhook was lost', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, TOTAL);
    ctx.stub.complete(s.sessionId);
    await pastExpiry(s.sessionId, 2 * 3600_000);
    const res = await postJson(ctx.app, '/api/order/userorders', {}, a.token);
    expect(res.json().orders.find((o: { _id: string }) => o._id === s.orderId).status).toBe('Payment Pending');
    expect((await sessionRow(ctx.app, s.sessionId)).status).toBe('open');
    await ctx.app.orderWorkflow.sweep();
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Order Placed');
  });

  it('a sweep that cannot reach Stripe cancels nothing', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, TOTAL);
    await pastExpiry(s.sessionId, 2 * 3600_000);
    ctx.stub.fail = true;
    await ctx.app.orderWorkflow.sweep();
    ctx.stub.fail = false;
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');
    await ctx.app.orderWorkflow.sweep();
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Cancelled');
    expect(ctx.stub.sessions.get(s.sessionId)!.status).toBe('expired');
  });
});

describe('staff cancel a pending order (item 3)', () => {
  it('expires the Checkout Session at Stripe before cancelling', async () => {
    const staff = await makeStaff(ctx.app);
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, TOTAL);
    const res = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Cancelled' }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('Cancelled');
    expect(ctx.stub.sessions.get(s.sessionId)!.status).toBe('expired');
    expect((await sessionRow(ctx.app, s.sessionId)).status).toBe('cancelled');
  });

  it('does not cancel an order Stripe reports paid meanwhile: it is confirmed and the refusal says so', async () => {
    const staff = await makeStaff(ctx.app);
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, TOTAL);
    ctx.stub.complete(s.sessionId);
    const res = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Cancelled' }, staff.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHECKOUT_MESSAGES.paidMeanwhile);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Order Placed');
  });

  it('refuses to mark a pending order paid', async () => {
    const staff = await makeStaff(ctx.app);
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, TOTAL);
    const res = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Order Placed' }, staff.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAFF_MESSAGES.paidByProviderOnly);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');
  });
});

describe('Idempotency-Key with Stripe (item 4)', () => {
  // With a discount: a twin must send Stripe the very same coupon parameters under the same key.
  const send = (token: string, key: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/order/stripe', payload: orderBody(LINES, 45, { discountCode: 'welcome10' }), headers: { token, 'idempotency-key': key } });

  it('twins at once open one Checkout Session for one order', async () => {
    const a = await makeShopper(ctx.app);
    const before = ctx.stub.sessions.size;
    const results = await Promise.all([send(a.token, 'stripe-twin'), send(a.token, 'stripe-twin'), send(a.token, 'stripe-twin')]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(results[1]!.json()).toEqual(results[0]!.json());
    expect(results[2]!.json()).toEqual(results[0]!.json());
    expect(ctx.stub.sessions.size).toBe(before + 1);
    expect((await orderRow(ctx.app, results[0]!.json().orderId)).status).toBe('Payment Pending');
    const [r] = await ctx.app.db.select({ n: count() }).from(orders).where(eq(orders.userId, a.id));
    expect(r!.n).toBe(1);
  });

  it('a failed first attempt releases the key: the retry opens a session', async () => {
    const a = await makeShopper(ctx.app);
    ctx.stub.fail = true;
    expect((await send(a.token, 'retry-after-502')).statusCode).toBe(502);
    ctx.stub.fail = false;
    const retry = await send(a.token, 'retry-after-502');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(ctx.stub.sessions.get(retry.json().sessionId)?.status).toBe('open');
  });
});
