import { describe, expect, it } from 'vitest';
import type { StaffOrderBoardResponse } from '../../../server/routes/staffOrders';
import type { UserOrdersResponse } from '../../../src/domain/types';
import { makeShopper, openSession, orderRow, payForm, postJson, TP } from '../checkout-helpers';
import { useStaffApp } from '../staff/staff-helpers';

/**
 * An abandoned checkout is an order cancelled before any payment: kept, but not an order. It is
 * told apart from a paid order staff cancelled later by its missing payment (paid_at).
 */
const ctx = useStaffApp({ catalog: true });

const board = async (query: string) => {
  const res = await ctx.get(`/api/staff/orders/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffOrderBoardResponse;
};
const mine = async (token: string) => ((await postJson(ctx.app, '/api/order/userorders', {}, token)).json() as UserOrdersResponse).orders;
const cancelOnCardPage = (sessionId: string) =>
  ctx.app.inject({ method: 'POST', url: `/pay/${sessionId}/cancel`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('abandoned checkouts', () => {
  it('cancelling on the card page goes straight back to the cart, and the checkout is abandoned on arrival', async () => {
    const shopper = await makeShopper(ctx.app, 'Quitter');
    const s = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 2 }], 50);
    const page = await ctx.app.inject({ method: 'GET', url: `/pay/${s.sessionId}` });
    expect(page.body).toContain(`formaction="/pay/${s.sessionId}/cancel"`);

    const res = await cancelOnCardPage(s.sessionId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`/cart\\?payment=cancelled&session_id=${s.sessionId}$`));
    const row = await orderRow(ctx.app, s.orderId);
    expect(row).toMatchObject({ status: 'Cancelled', paidAt: null, orderNumber: null });
    expect((await mine(shopper.token)).find((o) => o._id === s.orderId)).toMatchObject({ status: 'Cancelled', abandoned: true, orderNumber: null });
    // It cannot be paid any more, and cancelling again changes nothing.
    expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(410);
    expect((await cancelOnCardPage(s.sessionId)).statusCode).toBe(410);
    // The cart page's own call (after a Stripe cancel) answers that it was cancelled.
    const verify = await postJson(ctx.app, '/api/order/verifyStripe', { success: false, sessionId: s.sessionId }, shopper.token);
    expect(verify.json()).toMatchObject({ success: false });
  });

  it('tells apart a checkout never paid (abandoned) from a paid order cancelled by staff (an order)', async () => {
    const shopper = await makeShopper(ctx.app, 'Twoways');
    const lost = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 1 }], 30);
    await cancelOnCardPage(lost.sessionId);
    const kept = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
    await payForm(ctx.app, kept.sessionId);
    const staffCancel = await postJson(ctx.app, '/api/staff/order-status', { orderId: kept.orderId, status: 'Cancelled' }, ctx.staff.token);
    expect(staffCancel.statusCode, staffCancel.body).toBe(200);

    const orders = await mine(shopper.token);
    expect(orders.find((o) => o._id === lost.orderId)?.abandoned).toBe(true);
    expect(orders.find((o) => o._id === kept.orderId)).toMatchObject({ status: 'Cancelled', abandoned: false });

    // The board's default view lists the order, not the checkout; the abandoned view the reverse, with its value.
    const q = `q=${encodeURIComponent(shopper.email)}`;
    expect((await board(q)).orders.map((o) => o._id)).toEqual([kept.orderId]);
    expect((await board(`${q}&status=Cancelled`)).orders.map((o) => o._id)).toEqual([kept.orderId]);
    const abandoned = await board(`${q}&view=abandoned`);
    expect(abandoned.orders.map((o) => o._id)).toEqual([lost.orderId]);
    expect(abandoned).toMatchObject({ total: 1, value: 30 });
    expect(abandoned.orders[0]!.items).toEqual([expect.objectContaining({ productId: TP.plain, quantity: 1 })]);
  });

  it('a session that ran out makes an abandoned checkout; an open one is still a checkout in progress, and paid orders wait to be fulfilled', async () => {
    const shopper = await makeShopper(ctx.app, 'Slowpoke');
    const expired = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 1 }], 30);
    const open = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 2 }], 50);
    const paid = await openSession(ctx.app, shopper.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
    await payForm(ctx.app, paid.sessionId);
    // Only the first session's time is up.
    const { paymentSessions } = await import('../../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    await ctx.app.db.update(paymentSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentSessions.id, expired.sessionId));
    await ctx.app.orderWorkflow.expireStale({ userId: shopper.id, stripe: 'leave' });

    const orders = await mine(shopper.token);
    expect(orders.find((o) => o._id === expired.orderId)).toMatchObject({ status: 'Cancelled', abandoned: true });
    expect(orders.find((o) => o._id === open.orderId)).toMatchObject({ status: 'Payment Pending', abandoned: false });
    const q = `q=${encodeURIComponent(shopper.email)}`;
    expect((await board(q)).orders.map((o) => o._id)).toEqual([paid.orderId, open.orderId]);
    expect((await board(`${q}&view=abandoned`)).orders.map((o) => o._id)).toEqual([expired.orderId]);
    expect((await board(`${q}&view=toFulfil`)).orders.map((o) => o._id)).toEqual([paid.orderId]);
    expect((await ctx.get('/api/staff/orders/search?view=everything')).statusCode).toBe(400);
  });
});
