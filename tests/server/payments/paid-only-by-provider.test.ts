import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../server/routes/staff';
import { makeStaff } from '../chat-helpers';
import { mailsAbout, makeShopper, openSession, orderRow, payForm, postJson, sessionRow, TP, useShopApp } from '../checkout-helpers';

/**
 * On the built-in card page, 'Payment Pending' → 'Order Placed' happens only when
 * the payment provider confirms it, never by staff or a repository call; a staff cancel also ends
 * the payment session, so nobody can pay a cancelled order. (Stripe: payments/stripe-settlement.test.ts.)
 */
const ctx = useShopApp();

const LINES = [{ productId: TP.plain, color: '|', quantity: 2 }];

describe('only the provider marks an order paid', () => {
  it('staff cannot move a pending order to Order Placed', async () => {
    const staff = await makeStaff(ctx.app);
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, 50);
    const res = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Order Placed' }, staff.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: STAFF_MESSAGES.paidByProviderOnly });
    const row = await orderRow(ctx.app, s.orderId);
    expect(row.status).toBe('Payment Pending');
    expect(row.paidAt).toBeNull();
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(0);
  });

  it('the repository refuses it too: setStatus never makes an order paid', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, 50);
    expect(await ctx.app.orders.setStatus(s.orderId, 'Order Placed')).toBeNull();
    expect(await ctx.app.orders.setStatus(s.orderId, 'Order Placed', { from: 'Payment Pending' })).toBeNull();
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');
    // The provider's confirmation does it.
    expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(303);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Order Placed');
  });

  it('a staff cancel closes the card page: it cannot be shown or paid afterwards', async () => {
    const staff = await makeStaff(ctx.app);
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, 50);
    const res = await postJson(ctx.app, '/api/staff/order-status', { orderId: s.orderId, status: 'Cancelled' }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('Cancelled');
    expect((await sessionRow(ctx.app, s.sessionId)).status).toBe('cancelled');
    expect((await ctx.app.inject({ method: 'GET', url: `/pay/${s.sessionId}` })).statusCode).toBe(410);
    expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(410);
    expect(await ctx.app.orderWorkflow.payTestSession(s.sessionId)).toBe('closed');
    const row = await orderRow(ctx.app, s.orderId);
    expect(row.status).toBe('Cancelled');
    expect(row.paidAt).toBeNull();
    const resume = await postJson(ctx.app, '/api/order/resume-payment', { orderId: s.orderId }, a.token);
    expect(resume.statusCode).toBe(409);
  });
});
