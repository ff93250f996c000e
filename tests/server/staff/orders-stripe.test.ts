import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../server/routes/staff';
import type { StaffOrderDetailResponse } from '../../../server/routes/staffOrders';
import type { StaffRefundPanelResponse } from '../../../server/routes/staffRefunds';
import { useStaffApp } from './staff-helpers';
import { makeShopper, openSession, postJson, TP } from '../checkout-helpers';

const ctx = useStaffApp({ stripe: true, config: { publicUrl: 'https://shop.example.com' }, catalog: true });

const setStatus = (body: Record<string, unknown>) => postJson(ctx.app, '/api/staff/order-status', body, ctx.staff.token);
const detail = async (id: string) => ((await ctx.app.inject({ method: 'GET', url: `/api/staff/orders/${id}`, headers: { token: ctx.staff.token } })).json() as StaffOrderDetailResponse).order;
const refundsOf = async (id: string) => ((await ctx.app.inject({ method: 'GET', url: `/api/staff/orders/${id}/refunds`, headers: { token: ctx.staff.token } })).json() as StaffRefundPanelResponse).refunds;

/** An order Stripe reports paid, confirmed on the shopper's return. */
async function paidOrder() {
  const a = await makeShopper(ctx.app, 'Striped');
  const s = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
  ctx.stub.complete(s.sessionId);
  expect((await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, a.token)).json()).toMatchObject({ success: true });
  return s;
}

describe('refunds through Stripe', () => {
  it('refunds the PaymentIntent in full, once, with the order as idempotency key', async () => {
    const s = await paidOrder();
    const intent = ctx.stub.sessions.get(s.sessionId)!.payment_intent!;
    const res = await setStatus({ orderId: s.orderId, status: 'Refunded' });
    expect(res.statusCode, res.body).toBe(200);
    const refund = [...ctx.stub.refunds.values()].find((r) => r.payment_intent === intent)!;
    expect(refund).toMatchObject({ amount: 7000, metadata: { orderId: s.orderId } });
    expect(res.json()).toMatchObject({ order: { status: 'Refunded' }, refund: { _id: refund.id, provider: 'stripe', amount: 70, status: 'succeeded' } });
    const call = ctx.stub.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent === intent)!;
    expect(call.headers['idempotency-key']).toBe(`order-${s.orderId}-refund`);
    expect((await detail(s.orderId)).payment).toMatchObject({ provider: 'stripe', sessionStatus: 'paid' });
    expect(await refundsOf(s.orderId)).toMatchObject([{ providerRefundId: refund.id, amount: 70 }]);

    // Refunded is final: a second request changes nothing and refunds nothing.
    expect((await setStatus({ orderId: s.orderId, status: 'Refunded' })).statusCode).toBe(409);
    expect([...ctx.stub.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });

  it('cancelling a paid order refunds it at Stripe', async () => {
    const s = await paidOrder();
    expect((await setStatus({ orderId: s.orderId, status: 'Processing' })).statusCode).toBe(200);
    const res = await setStatus({ orderId: s.orderId, status: 'Cancelled' });
    expect(res.json()).toMatchObject({ order: { status: 'Cancelled' }, refund: { provider: 'stripe', amount: 70 } });
    expect([...ctx.stub.refunds.values()].some((r) => r.metadata.orderId === s.orderId)).toBe(true);
  });

  it('when Stripe refuses, the order is left as it was and staff are told why', async () => {
    const s = await paidOrder();
    ctx.stub.fail = true;
    let res;
    try {
      res = await setStatus({ orderId: s.orderId, status: 'Refunded' });
    } finally {
      ctx.stub.fail = false;
    }
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(STAFF_MESSAGES.refundFailed('Stub says no'));
    const order = await detail(s.orderId);
    expect(order.status).toBe('Order Placed');
    expect(await refundsOf(s.orderId)).toEqual([]);
    expect(order.history.at(-1)).toMatchObject({ to: 'Order Placed' });

    // Retrying once Stripe answers again refunds it.
    expect((await setStatus({ orderId: s.orderId, status: 'Refunded' })).json()).toMatchObject({ order: { status: 'Refunded' }, refund: { amount: 70 } });
  });

  it('a partial refund gives back part of the PaymentIntent, keyed by its refund; a retried request refunds once', async () => {
    const s = await paidOrder();
    const intent = ctx.stub.sessions.get(s.sessionId)!.payment_intent!;
    const body = { idempotencyKey: 'stripe-partial-refund-1', lines: [{ index: 0, quantity: 1 }] };
    const first = await postJson(ctx.app, `/api/staff/orders/${s.orderId}/refunds`, body, ctx.staff.token);
    expect(first.json()).toMatchObject({ refund: { amount: 20, provider: 'stripe', status: 'succeeded' }, order: { status: 'Order Placed', refunded: 20 }, repeated: false });
    const again = await postJson(ctx.app, `/api/staff/orders/${s.orderId}/refunds`, body, ctx.staff.token);
    expect(again.json()).toMatchObject({ repeated: true, refund: { _id: first.json().refund._id } });
    const made = [...ctx.stub.refunds.values()].filter((r) => r.payment_intent === intent);
    expect(made.map((r) => r.amount)).toEqual([2000]);
    expect(first.json().refund.providerRefundId).toBe(made[0]!.id);
    const call = ctx.stub.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent === intent)!;
    expect(call.headers['idempotency-key']).toBe(`refund-${first.json().refund._id}`);
  });
});
