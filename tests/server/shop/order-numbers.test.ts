import { describe, expect, it } from 'vitest';
import type { StaffOrderBoardResponse } from '../../../server/routes/staffOrders';
import type { UserOrdersResponse } from '../../../src/domain/types';
import { makeShopper, mailsAbout, openSession, orderRow, payForm, postJson, TP } from '../checkout-helpers';
import { useStaffApp } from '../staff/staff-helpers';

const ctx = useStaffApp({ catalog: true });

async function placed(token: string) {
  return openSession(ctx.app, token, [{ productId: TP.plain, color: '|', quantity: 1 }], 30);
}

describe('order numbers', () => {
  it('an order gets its number when it is paid, not before; the shopper and staff read it', async () => {
    const shopper = await makeShopper(ctx.app, 'Numa');
    const s = await placed(shopper.token);
    expect((await orderRow(ctx.app, s.orderId)).orderNumber).toBeNull();
    const before = (await postJson(ctx.app, '/api/order/userorders', {}, shopper.token)).json() as UserOrdersResponse;
    expect(before.orders.find((o) => o._id === s.orderId)?.orderNumber).toBeNull();

    expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(303);
    const number = (await orderRow(ctx.app, s.orderId)).orderNumber;
    expect(number).toBeGreaterThanOrEqual(1001);
    const after = (await postJson(ctx.app, '/api/order/userorders', {}, shopper.token)).json() as UserOrdersResponse;
    expect(after.orders.find((o) => o._id === s.orderId)?.orderNumber).toBe(number);
    // The confirmation e-mail names the order by its number and keeps the long id as a reference.
    const [mail] = mailsAbout(ctx.t.dataDir, `#${number} `);
    expect(mail?.subject).toBe(`Your LayerLoft order #${number} is confirmed`);
    expect(mail?.text).toContain(`Order reference: ${s.orderId}`);
  });

  it('orders paid at the same moment get distinct numbers', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, (_, i) => makeShopper(ctx.app, `Rush${i}`)));
    const sessions = await Promise.all(shoppers.map((sh) => placed(sh.token)));
    const paid = await Promise.all(sessions.map((s) => payForm(ctx.app, s.sessionId)));
    expect(paid.map((r) => r.statusCode)).toEqual(sessions.map(() => 303));
    const numbers = await Promise.all(sessions.map(async (s) => (await orderRow(ctx.app, s.orderId)).orderNumber));
    expect(numbers.every((n) => typeof n === 'number' && n >= 1001)).toBe(true);
    expect(new Set(numbers).size).toBe(sessions.length);
  });

  it('the staff search finds #1001 or 1001 exactly, before orders whose id only contains the digits', async () => {
    const shopper = await makeShopper(ctx.app, 'Finder');
    const s = await placed(shopper.token);
    await payForm(ctx.app, s.sessionId);
    const number = (await orderRow(ctx.app, s.orderId)).orderNumber!;
    // An unpaid order whose id starts with the same digits: a substring match, listed after the exact one.
    const lookalike = `${number}${'0'.repeat(24 - String(number).length)}`;
    await ctx.app.orders.create(
      { userId: shopper.id, address: (await orderRow(ctx.app, s.orderId)).address as never, items: [], subtotalCents: 0, shippingCents: 0, discountCents: 0, amountCents: 0, discountCode: null, paymentMethod: 'Stripe', isBuyNow: false },
      undefined,
      lookalike,
    );
    for (const q of [`%23${number}`, `${number}`, `%20%23${number}%20`]) {
      const res = await ctx.get(`/api/staff/orders/search?q=${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json() as StaffOrderBoardResponse).orders.map((o) => o._id);
      expect(ids[0], q).toBe(s.orderId);
    }
    const plain = (await ctx.get(`/api/staff/orders/search?q=${number}`)).json() as StaffOrderBoardResponse;
    expect(plain.orders.map((o) => o._id)).toContain(lookalike);
    expect(plain.orders[0]).toMatchObject({ orderNumber: number });
  });
});
