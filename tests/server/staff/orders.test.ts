import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../../server/routes/staff';
import type { StaffOrderBoardResponse, StaffOrderDetailResponse } from '../../../server/routes/staffOrders';
import type { StaffRefundPanelResponse } from '../../../server/routes/staffRefunds';
import { boardTsQuery } from '../../../server/repositories/staffOrders';
import type { Order } from '../../../src/domain/types';
import { addDays, localMoment } from '../../../src/domain/shipBy';
import { useStaffApp } from './staff-helpers';
import { makeShopper, openSession, payForm, postJson, TP } from '../checkout-helpers';
import { insertOrder, ITEMS, next, openSocket } from '../chat-helpers';

const ctx = useStaffApp({ config: { publicUrl: 'http://shop.test' }, catalog: true });
const { get } = ctx;

const board = async (query: string) => {
  const res = await get(`/api/staff/orders/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffOrderBoardResponse;
};
const detail = async (id: string) => (await get(`/api/staff/orders/${id}`)).json() as StaffOrderDetailResponse;
/** An order's refunds, as the refund panel (and the order page's Payment row) reads them. */
const refundsOf = async (id: string) => ((await get(`/api/staff/orders/${id}/refunds`)).json() as StaffRefundPanelResponse).refunds;
const setStatus = (body: Record<string, unknown>) => postJson(ctx.app, '/api/staff/order-status', body, ctx.staff.token);

/** An order placed and paid through the built-in checkout, as a shopper does it. */
async function paidOrder(token: string) {
  const s = await openSession(ctx.app, token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
  expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(303);
  return s;
}

describe('the order board', () => {
  it('is for staff only', async () => {
    const shopper = await makeShopper(ctx.app, 'Mallory');
    for (const url of ['/api/staff/orders/search', `/api/staff/orders/${'a'.repeat(24)}`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url, shopper.token)).statusCode, url).toBe(403);
    }
  });

  it('searches by order id, delivery or account e-mail and product name, filters by status and dates, and pages', async () => {
    const a = await makeShopper(ctx.app, 'Boardy');
    const dragon = await insertOrder(ctx.app, a.id, { status: 'Processing', items: [{ ...ITEMS[0]!, name: 'Zephyrine Dragon' }] });
    const lamp = await insertOrder(ctx.app, a.id, { status: 'Delivered', items: [{ ...ITEMS[0]!, name: 'Zephyrine Lamp' }] });
    const other = await insertOrder(ctx.app, (await makeShopper(ctx.app, 'Other')).id, { status: 'Processing', items: [{ ...ITEMS[0]!, name: 'Quokka Vase' }] });

    expect((await board('q=zephyrine')).orders.map((o) => o._id)).toEqual([lamp.id, dragon.id]); // newest first
    expect((await board('q=ZEPHYR%20drag')).orders.map((o) => o._id)).toEqual([dragon.id]);
    expect((await board(`q=${dragon.id.slice(0, 10)}`)).orders.map((o) => o._id)).toEqual([dragon.id]);
    expect((await board(`q=${dragon.id.toUpperCase()}`)).orders.map((o) => o._id)).toEqual([dragon.id]);
    const byAccount = await board(`q=${encodeURIComponent(a.email)}`);
    expect(byAccount.orders.map((o) => o._id)).toEqual([lamp.id, dragon.id]);
    expect(byAccount.orders[0]).toMatchObject({ customer: { _id: a.id, name: 'Boardy', email: a.email }, deliveryEmail: 'ada@example.com', itemCount: 2, status: 'Delivered' });
    // The delivery form's e-mail (ada@example.com) matches every test order, the other shopper's too.
    expect((await board('q=ada%40example.com&pageSize=100')).orders.map((o) => o._id)).toEqual(expect.arrayContaining([dragon.id, lamp.id, other.id]));

    expect((await board('q=zephyrine&status=delivered')).orders.map((o) => o._id)).toEqual([lamp.id]);
    expect((await board('q=zephyrine&status=All')).total).toBe(2);
    // A bare day is the shop's day (SHOP_TIMEZONE, as the dashboard counts), whatever the hour in UTC.
    const today = localMoment(Date.now(), ctx.app.config.shopTimeZone).date;
    expect((await board(`q=zephyrine&from=${today}&to=${today}`)).total).toBe(2);
    expect((await board(`q=zephyrine&from=${addDays(today, 1)}`)).total).toBe(0);
    expect((await board(`q=zephyrine&to=${addDays(today, -1)}`)).total).toBe(0);
    expect((await board(`q=zephyrine&to=2000-01-01`)).total).toBe(0);
    expect((await board(`q=zephyrine&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);

    const first = await board('q=zephyrine&pageSize=1');
    const second = await board('q=zephyrine&pageSize=1&page=2');
    expect([first.total, first.page, first.orders.map((o) => o._id), second.orders.map((o) => o._id)]).toEqual([2, 1, [lamp.id], [dragon.id]]);
    expect((await board('q=zephyrine&pageSize=1&page=3')).orders).toEqual([]);
    expect((await board('q=nothing-is-called-this')).total).toBe(0);
    expect((await board("q=%27%3A*%20%7C%20!")).total).toBe(0); // tsquery syntax is never passed through
  });

  it('refuses bad filters with a message per field', async () => {
    const res = await get('/api/staff/orders/search?status=Shipped&from=yesterday&page=0&pageSize=1000');
    expect(res.statusCode).toBe(400);
    const message = res.json().message as string;
    expect(message).toContain('Status must be one of Payment Pending, Order Placed, Processing, Delivered, Cancelled, Refunded (or All)');
    expect(message).toContain('Start date must be a date (2025-01-31) or an ISO 8601 date-time');
    expect(message).toContain('Page must be 1 or more');
    expect(message).toContain('Page size must be at most 100');
    expect((await get('/api/staff/orders/search?from=2025-02-01&to=2025-01-01')).json().message).toContain('The end date must be after the start date');
    expect((await get('/api/staff/orders/not-an-id')).statusCode).toBe(400);
    expect((await get(`/api/staff/orders/${'f'.repeat(24)}`)).statusCode).toBe(404);
  });

  it('turns search words into word prefixes only', () => {
    expect(boardTsQuery('  Dragon  ada@example.com ')).toBe("'dragon':* & 'ada@example.com':*");
    expect(boardTsQuery("a'b | c & !d")).toBe("'ab':* & 'c':* & 'd':*");
    expect(boardTsQuery(' | & ')).toBeNull();
  });
});

describe('an order page', () => {
  it('shows items, address, delivery e-mail, payment, and the history with who made each change', async () => {
    const a = await makeShopper(ctx.app, 'Histo');
    const s = await paidOrder(a.token);
    expect((await setStatus({ orderId: s.orderId, status: 'Processing' })).statusCode).toBe(200);
    expect((await setStatus({ orderId: s.orderId, trackingNumber: '1Z-HISTORY' })).statusCode).toBe(200);

    const { order, audit } = await detail(s.orderId);
    expect(order).toMatchObject({
      _id: s.orderId,
      status: 'Processing',
      trackingNumber: '1Z-HISTORY',
      amount: 70,
      subtotal: 60,
      deliveryFee: 10,
      deliveryEmail: 'ada@example.com',
      address: { firstName: 'Ada', city: 'Portland', zipcode: '97201' },
      customer: { _id: a.id, email: a.email },
      items: [{ productId: TP.plain, name: 'Test Plain Widget', quantity: 3, unitPrice: 20 }],
      payment: { method: 'Card', provider: 'test', sessionId: s.sessionId, sessionStatus: 'paid' },
    });
    expect(order.payment.paidAt).not.toBeNull();
    expect(order.history.map((e) => [e.from, e.to, e.trackingNumber, e.by.kind, e.by.email])).toEqual([
      [null, 'Payment Pending', null, 'shopper', a.email],
      ['Payment Pending', 'Order Placed', null, 'provider', null],
      ['Order Placed', 'Processing', null, 'staff', ctx.staff.email],
      ['Processing', 'Processing', '1Z-HISTORY', 'staff', ctx.staff.email],
    ]);
    expect(audit.map((e) => [e.action, e.actor.email, e.changes])).toEqual([
      ['tracking', ctx.staff.email, { trackingNumber: { from: null, to: '1Z-HISTORY' } }],
      ['status', ctx.staff.email, { status: { from: 'Order Placed', to: 'Processing' } }],
    ]);
  });

  it('records an expired unpaid order as cancelled by its expiry', async () => {
    const a = await makeShopper(ctx.app, 'Expiry');
    const s = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
    await ctx.app.orders.cancelUnpaid(s.sessionId, 'expired');
    expect((await detail(s.orderId)).order.history.at(-1)).toMatchObject({ from: 'Payment Pending', to: 'Cancelled', by: { kind: 'expiry', _id: null } });
  });
});

describe('refunds through the payment provider', () => {
  it('moving a paid order to Refunded refunds it (built-in provider) and the order page shows the refund; the shopper sees it live', async () => {
    const a = await makeShopper(ctx.app, 'Refundee');
    const s = await paidOrder(a.token);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(`http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`, a.token);
    try {
      const live = next(socket, 'orderUpdated', 5000, (o: Order) => o._id === s.orderId);
      const res = await setStatus({ orderId: s.orderId, status: 'Refunded' });
      expect(res.statusCode, res.body).toBe(200);
      const refundId = expect.stringMatching(/^re_ll_[\w-]{32}$/) as unknown as string;
      expect(res.json()).toMatchObject({ order: { status: 'Refunded' }, refund: { _id: refundId, provider: 'test', amount: 70, status: 'succeeded' } });
      expect((await live).status).toBe('Refunded');

      const { order, audit } = await detail(s.orderId);
      expect(await refundsOf(s.orderId)).toMatchObject([{ providerRefundId: refundId, provider: 'test', amount: 70, status: 'succeeded', by: { _id: ctx.staff.id, email: ctx.staff.email } }]);
      expect(order.history.at(-1)).toMatchObject({ from: 'Order Placed', to: 'Refunded', by: { kind: 'staff', email: ctx.staff.email } });
      expect(audit[0]).toMatchObject({ action: 'refund', changes: { status: { from: 'Order Placed', to: 'Refunded' } } });
    } finally {
      socket.close();
    }
  });

  it('cancelling a paid order refunds it too; an unpaid one is cancelled without a refund', async () => {
    const a = await makeShopper(ctx.app, 'Canceller');
    const s = await paidOrder(a.token);
    const res = await setStatus({ orderId: s.orderId, status: 'Cancelled' });
    expect(res.json()).toMatchObject({ order: { status: 'Cancelled' }, refund: { provider: 'test', amount: 70 } });
    expect(await refundsOf(s.orderId)).toMatchObject([{ amount: 70 }]);

    const unpaid = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: '|', quantity: 3 }], 70);
    const cancelled = await setStatus({ orderId: unpaid.orderId, status: 'Cancelled' });
    expect(cancelled.json()).toMatchObject({ order: { status: 'Cancelled' } });
    expect(cancelled.json().refund).toBeUndefined();
    expect(await refundsOf(unpaid.orderId)).toEqual([]);
  });

  it('refuses to refund an order with no recorded payment, and changes nothing', async () => {
    const a = await makeShopper(ctx.app, 'NoPay');
    const placed = await insertOrder(ctx.app, a.id, { status: 'Order Placed' });
    const res = await setStatus({ orderId: placed.id, status: 'Refunded' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAFF_MESSAGES.noPayment(placed.id));
    expect((await detail(placed.id)).order.status).toBe('Order Placed');
  });
});
