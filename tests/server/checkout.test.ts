import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, paymentSessions } from '../../server/db/schema';
import { CHECKOUT_MESSAGES } from '../../server/payments/checkout';
import { CARD_MESSAGES } from '../../server/payments/cards';
import { ORDER_MESSAGES } from '../../server/routes/order';
import {
  ADDRESS,
  mailsAbout,
  makeShopper,
  openSession,
  orderBody,
  orderRow,
  payForm,
  postJson,
  putInServerCart,
  serverCart,
  sessionRow,
  TP,
  type Line,
  useShopApp,
} from './checkout-helpers';

const ctx = useShopApp();

/** 2 × $20 + 1 × $30 (25% off $40) + 2 × $4.50 accessory = $79; + $10 delivery = $89. */
const MIXED: Line[] = [
  { productId: TP.plain, color: '|', quantity: 2, name: 'x', price: 0.01, unitPrice: 0.01, image: '' },
  { productId: TP.sale, color: 'Red|M', quantity: 1 },
  { productId: TP.accessory, color: 'accessory-0', quantity: 2 },
];

async function orderCount() {
  const [r] = await ctx.app.db.select({ n: count() }).from(orders);
  return r!.n;
}

describe('POST /api/discounts/validate', () => {
  it('trims and upper-cases the code and answers the percentage', async () => {
    const res = await postJson(ctx.app, '/api/discounts/validate', { code: '  welcome10 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, discount: { code: 'WELCOME10', percentage: 10 } });
  });

  it('refuses unknown, disabled, expired and empty codes with { success: false, message }', async () => {
    const cases: Array<[string, number, string]> = [
      ['NOPE', 404, 'Invalid code'],
      ['staff50', 404, 'Invalid code'],
      ['SPRING25', 410, 'This code has expired'],
      ['   ', 400, 'Please enter a discount code'],
    ];
    for (const [code, status, message] of cases) {
      const res = await postJson(ctx.app, '/api/discounts/validate', { code });
      expect(res.statusCode, code).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
  });
});

describe('POST /api/order/stripe: the server prices the order', () => {
  it('needs a session token', async () => {
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody(MIXED, 89));
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('re-prices every line from the database and stores a Payment Pending order with a hosted session', async () => {
    const a = await makeShopper(ctx.app);
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody(MIXED, 89, { discountCode: '' }), a.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, amount: 89 });
    expect(body.session_url).toMatch(new RegExp(`/pay/${body.sessionId}$`));

    const row = await orderRow(ctx.app, body.orderId);
    expect(row).toMatchObject({
      userId: a.id,
      status: 'Payment Pending',
      subtotalCents: 7900,
      shippingCents: 1000,
      discountCents: 0,
      amountCents: 8900,
      paymentMethod: 'Card',
      isBuyNow: false,
      paymentSessionId: body.sessionId,
    });
    expect(row.address).toMatchObject({ ...ADDRESS, country: 'United States' });
    const items = row.items as Array<Record<string, unknown>>;
    expect(items.map((i) => [i.name, i.variant, i.quantity, i.unitPriceCents, i.lineTotalCents])).toEqual([
      ['Test Plain Widget', '|', 2, 2000, 4000],
      ['Test Sale Figure', 'Red|M', 1, 3000, 3000],
      ['Test Base Plate', 'accessory-0', 2, 450, 900],
    ]);
    expect(await sessionRow(ctx.app, body.sessionId)).toMatchObject({ orderId: body.orderId, userId: a.id, provider: 'test', status: 'open', amountCents: 8900 });
  });

  it('applies the discount to subtotal plus shipping, in cents', async () => {
    const a = await makeShopper(ctx.app);
    // $89.00 − 10% = $80.10
    const s = await openSession(ctx.app, a.token, MIXED, 80.1, { discountCode: ' welcome10' });
    expect(s.amount).toBe(80.1);
    expect(await orderRow(ctx.app, s.orderId)).toMatchObject({ discountCents: 890, amountCents: 8010, discountCode: 'WELCOME10' });
  });

  it('waives the delivery fee at a subtotal of exactly $100 and charges it at $99.99', async () => {
    const a = await makeShopper(ctx.app);
    const free = await openSession(ctx.app, a.token, [{ productId: TP.plain, color: 'null|null', quantity: 5 }], 100);
    expect(await orderRow(ctx.app, free.orderId)).toMatchObject({ subtotalCents: 10000, shippingCents: 0, amountCents: 10000 });
    const paid = await openSession(ctx.app, a.token, [{ productId: TP.preOrder, color: '|', quantity: 1 }], 109.99);
    expect(await orderRow(ctx.app, paid.orderId)).toMatchObject({ subtotalCents: 9999, shippingCents: 1000, amountCents: 10999 });
  });

  it('answers a forged amount with the server amount and a clear message, storing and charging nothing', async () => {
    const a = await makeShopper(ctx.app);
    const before = await orderCount();
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody(MIXED, 1), a.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: CHECKOUT_MESSAGES.amountChanged(89, 1),
      amount: 89,
      quote: { subtotal: 79, deliveryFee: 10, discount: 0, amount: 89 },
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses negative, zero, fractional and too large quantities', async () => {
    const a = await makeShopper(ctx.app);
    for (const quantity of [-1, 0, 1.5, 100, '2']) {
      const res = await postJson(ctx.app, '/api/order/stripe', orderBody([{ productId: TP.plain, color: '|', quantity: quantity as number }], 30), a.token);
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().message).toMatch(/quantity must be a whole number from 1 to 99/);
    }
    // Two lines of the same item are merged, and the sum is capped too.
    const res = await postJson(
      ctx.app,
      '/api/order/stripe',
      orderBody(
        [
          { productId: TP.plain, color: '|', quantity: 60 },
          { productId: TP.plain, color: 'null|null', quantity: 60 },
        ],
        0,
      ),
      a.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHECKOUT_MESSAGES.tooMany);
  });

  it('refuses an empty order with the cart message', async () => {
    const a = await makeShopper(ctx.app);
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody([], 0), a.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(ORDER_MESSAGES.emptyCart);
  });

  it('sells a bundle at its price only while it is active', async () => {
    const a = await makeShopper(ctx.app);
    const ok = await openSession(ctx.app, a.token, [{ productId: TP.activeBundle, color: 'bundle', quantity: 1 }], 60);
    expect(await orderRow(ctx.app, ok.orderId)).toMatchObject({ subtotalCents: 5000, amountCents: 6000 });
    for (const [id, title] of [
      [TP.endedBundle, 'Test Ended Bundle'],
      [TP.futureBundle, 'Test Future Bundle'],
      [TP.cancelledBundle, 'Test Cancelled Bundle'],
    ]) {
      const res = await postJson(ctx.app, '/api/order/stripe', orderBody([{ productId: id, color: 'bundle', quantity: 1 }], 60), a.token);
      expect(res.statusCode, title).toBe(400);
      expect(res.json().message).toContain(`The bundle "${title}" is not on offer right now`);
    }
  });

  it('refuses unavailable and unknown items with a message naming them', async () => {
    const a = await makeShopper(ctx.app);
    const cases: Array<[Line, string]> = [
      [{ productId: TP.outOfStock, color: '|', quantity: 1 }, 'Test Sold Out Lamp is out of stock'],
      [{ productId: TP.vaulted, color: '|', quantity: 1 }, 'Test Vaulted Statue is no longer sold'],
      [{ productId: TP.notYet, color: '|', quantity: 1 }, 'Test Future Gadget is not available yet'],
      [{ productId: TP.comingSoon, color: '|', quantity: 1 }, 'Test Teaser Toy is coming soon'],
      [{ productId: TP.accessory, color: 'accessory-1', quantity: 1 }, 'Test Gone Plate is out of stock'],
      [{ productId: TP.accessory, color: 'accessory-7', quantity: 1 }, 'has no accessory number 7'],
      [{ productId: TP.sale, color: 'Green|M', quantity: 1 }, 'does not come in Green'],
      [{ productId: 'cccccccccccccccccccccccc', color: '|', quantity: 1 }, 'no longer in our catalog'],
    ];
    for (const [l, message] of cases) {
      const res = await postJson(ctx.app, '/api/order/stripe', orderBody([{ productId: TP.plain, color: '|', quantity: 1 }, l], 50), a.token);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('refuses expired, disabled and unknown discount codes', async () => {
    const a = await makeShopper(ctx.app);
    for (const [code, message] of [
      ['SPRING25', CHECKOUT_MESSAGES.expiredCode],
      ['STAFF50', CHECKOUT_MESSAGES.invalidCode],
      ['BOGUS', CHECKOUT_MESSAGES.invalidCode],
    ]) {
      const res = await postJson(ctx.app, '/api/order/stripe', orderBody(MIXED, 89, { discountCode: code }), a.token);
      expect(res.statusCode, code).toBe(code === 'SPRING25' ? 410 : 404);
      expect(res.json().message).toBe(message);
    }
  });

  it('validates the address: US states only, ZIP and phone, country United States', async () => {
    const a = await makeShopper(ctx.app);
    const bad = [
      [{ state: 'ZZ' }, 'state: Please choose a US state'],
      [{ zipcode: '1234' }, 'zipcode:'],
      [{ zipcode: '12345-67' }, 'zipcode:'],
      [{ phone: '555-0142' }, 'phone:'],
      [{ phone: 'call me' }, 'phone:'],
      [{ email: 'ada.example.com' }, 'email:'],
      [{ country: 'Canada' }, 'country: We deliver to the United States only'],
      [{ firstName: '  ' }, 'firstName:'],
    ] as const;
    for (const [patch, message] of bad) {
      const res = await postJson(ctx.app, '/api/order/stripe', { ...orderBody(MIXED, 89), address: { ...ADDRESS, ...patch } }, a.token);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const ok = await openSession(ctx.app, a.token, MIXED, 89, { address: { ...ADDRESS, state: 'District of Columbia', zipcode: '20001-1234', phone: '+1 (202) 555-0100' } });
    expect((await orderRow(ctx.app, ok.orderId)).address).toMatchObject({ state: 'DC', zipcode: '20001-1234', phone: '2025550100' });
  });

  it('accepts card only', async () => {
    const a = await makeShopper(ctx.app);
    const res = await postJson(ctx.app, '/api/order/stripe', orderBody(MIXED, 89, { paymentMethod: 'cod' }), a.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid payment method.');
  });

  it('refuses totals below the card minimum', async () => {
    const a = await makeShopper(ctx.app);
    // $0.10 + $10 delivery is fine; a 100%-off code does not exist, so the minimum guards odd catalogs only.
    const s = await openSession(ctx.app, a.token, [{ productId: TP.cheap, color: '|', quantity: 1 }], 10.1);
    expect(s.amount).toBe(10.1);
  });

  it('quotes the server figures for a cart', async () => {
    const a = await makeShopper(ctx.app);
    const res = await postJson(ctx.app, '/api/order/quote', { items: MIXED, discountCode: 'welcome10' }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      quote: { subtotal: 79, deliveryFee: 10, discount: 8.9, amount: 80.1, discountCode: 'WELCOME10', discountPercent: 10 },
    });
  });
});

describe('the built-in hosted card page', () => {
  it('shows the shop name, the order lines and the total, with a cancel link', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const res = await ctx.app.inject({ method: 'GET', url: `/pay/${s.sessionId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('LayerLoft');
    for (const text of ['Test Plain Widget', 'Test Sale Figure', 'Test Base Plate', '$89.00', 'Red · Size M']) expect(res.body).toContain(text);
    expect(res.body).toContain(`formaction="/pay/${s.sessionId}/cancel"`);
    expect(res.body).not.toMatch(/<script/i);
    const css = await ctx.app.inject({ method: 'GET', url: '/pay/assets/pay.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    const font = await ctx.app.inject({ method: 'GET', url: '/pay/assets/fonts/nunito.woff2' });
    expect(font.statusCode).toBe(200);
  });

  it('refuses a bad number, an expired date and a bad CVC with messages, and declines 4000 0000 0000 0002', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    let res = await payForm(ctx.app, s.sessionId, { number: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CARD_MESSAGES.number);
    expect(res.body).toContain(CARD_MESSAGES.expired);
    expect(res.body).toContain(CARD_MESSAGES.cvc.replace("'", '&#39;'));
    res = await payForm(ctx.app, s.sessionId, { expiry: '13 / 40' });
    expect(res.body).toContain(CARD_MESSAGES.expiryMonth.replace("'", '&#39;'));

    res = await payForm(ctx.app, s.sessionId, { number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CARD_MESSAGES.declined);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Payment Pending');
    expect((await sessionRow(ctx.app, s.sessionId)).status).toBe('open');
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(0);
  });

  it('pays with 4242…: marks the order paid, empties the server cart, sends one e-mail, redirects to /verify', async () => {
    const a = await makeShopper(ctx.app);
    await putInServerCart(ctx.app, a.id, { [`${TP.plain}_|`]: 2 });
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const res = await payForm(ctx.app, s.sessionId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`/verify\\?success=true&session_id=${s.sessionId}$`));

    const row = await orderRow(ctx.app, s.orderId);
    expect(row.status).toBe('Order Placed');
    expect(row.paidAt).not.toBeNull();
    expect(await serverCart(ctx.app, a.id)).toEqual({});
    const mails = mailsAbout(ctx.t.dataDir, s.orderId);
    expect(mails).toHaveLength(1);
    // To the account's address, never the one typed into the delivery form.
    expect(mails[0]!.to).toBe(a.email);
    for (const text of [s.orderId, 'Test Sale Figure', '$89.00', '12 Analytical Way', 'Portland, OR 97201']) expect(mails[0]!.text).toContain(text);

    // Paying again (a double submit) changes nothing and sends nothing.
    const again = await payForm(ctx.app, s.sessionId);
    expect(again.statusCode).toBe(303);
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(1);
  });
});

describe('POST /api/order/verifyStripe', () => {
  it('never trusts success=true: an unpaid session answers false and cancels the order', async () => {
    const a = await makeShopper(ctx.app);
    await putInServerCart(ctx.app, a.id, { [`${TP.plain}_|`]: 1 });
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const res = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId, orderData: { amount: 89 } }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: false, message: CHECKOUT_MESSAGES.notPaid });
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Cancelled');
    expect((await sessionRow(ctx.app, s.sessionId)).status).toBe('cancelled');
    expect(await serverCart(ctx.app, a.id)).toEqual({ [`${TP.plain}_|`]: 1 });
    // The page cannot be paid any more.
    expect((await payForm(ctx.app, s.sessionId)).statusCode).toBe(410);
    expect((await orderRow(ctx.app, s.orderId)).status).toBe('Cancelled');
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(0);
  });

  it('confirms a paid order once however many times it is called, sequentially and concurrently', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    await payForm(ctx.app, s.sessionId);
    const calls = await Promise.all(
      Array.from({ length: 6 }, () => postJson(ctx.app, '/api/order/verifyStripe', { success: 'true', sessionId: s.sessionId }, a.token)),
    );
    calls.push(await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, a.token));
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, order: { _id: s.orderId, status: 'Order Placed', amount: 89, address: { city: 'Portland' } } });
    }
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(1);
  });

  it('confirms exactly once when payment and confirmations race', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const results = await Promise.all([
      ctx.app.orderWorkflow.payTestSession(s.sessionId),
      ctx.app.orderWorkflow.payTestSession(s.sessionId),
      ctx.app.orderWorkflow.sessionReported(s.sessionId, { state: 'paid', amountCents: 8900, orderId: s.orderId }),
      ctx.app.orderWorkflow.payTestSession(s.sessionId),
      ctx.app.orderWorkflow.sessionReported(s.sessionId, { state: 'paid', amountCents: 8900, orderId: s.orderId }),
    ]);
    expect(results.filter((r) => r === 'closed')).toHaveLength(0);
    const row = await orderRow(ctx.app, s.orderId);
    expect(row.status).toBe('Order Placed');
    expect(mailsAbout(ctx.t.dataDir, s.orderId)).toHaveLength(1);
  });

  it('never both cancels and places an order when cancel and pay race', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    const [, pay] = await Promise.all([
      postJson(ctx.app, '/api/order/verifyStripe', { success: false, sessionId: s.sessionId }, a.token),
      payForm(ctx.app, s.sessionId),
      postJson(ctx.app, '/api/order/verifyStripe', { success: false, sessionId: s.sessionId }, a.token),
    ]);
    const row = await orderRow(ctx.app, s.orderId);
    const mails = mailsAbout(ctx.t.dataDir, s.orderId).length;
    if (row.status === 'Order Placed') {
      expect(pay!.statusCode).toBe(303);
      expect(mails).toBe(1);
    } else {
      expect(row.status).toBe('Cancelled');
      expect(pay!.statusCode).toBe(410);
      expect(mails).toBe(0);
    }
  });

  it("refuses another user's session and an unknown session", async () => {
    const a = await makeShopper(ctx.app);
    const b = await makeShopper(ctx.app, 'Mallory');
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    await payForm(ctx.app, s.sessionId);
    let res = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, b.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: CHECKOUT_MESSAGES.notYourSession });
    res = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: 'cs_ll_nope' }, b.token);
    expect(res.statusCode).toBe(404);
    res = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the server cart of a buy-now order', async () => {
    const a = await makeShopper(ctx.app);
    await putInServerCart(ctx.app, a.id, { [`${TP.plain}_|`]: 3 });
    const s = await openSession(ctx.app, a.token, [{ productId: TP.sale, color: 'Blue|S', quantity: 1 }], 40, { isBuyNow: true });
    await payForm(ctx.app, s.sessionId);
    const res = await postJson(ctx.app, '/api/order/verifyStripe', { success: true, sessionId: s.sessionId }, a.token);
    expect(res.json()).toMatchObject({ success: true, order: { isBuyNow: true } });
    expect(await serverCart(ctx.app, a.id)).toEqual({ [`${TP.plain}_|`]: 3 });
  });
});

describe('unpaid orders expire; pending ones can be resumed', () => {
  it('resumes the open session of a pending order, and refuses paid, cancelled and foreign orders', async () => {
    const a = await makeShopper(ctx.app);
    const b = await makeShopper(ctx.app, 'Other');
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    let res = await postJson(ctx.app, '/api/order/resume-payment', { orderId: s.orderId }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, session_url: s.session_url, orderId: s.orderId, amount: 89 });

    res = await postJson(ctx.app, '/api/order/resume-payment', { orderId: s.orderId }, b.token);
    expect(res.statusCode).toBe(404);

    await payForm(ctx.app, s.sessionId);
    res = await postJson(ctx.app, '/api/order/resume-payment', { orderId: s.orderId }, a.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CHECKOUT_MESSAGES.alreadyPaid);
  });

  it('cancels orders whose session passed its 24 hours, on read and in the sweep', async () => {
    const a = await makeShopper(ctx.app);
    const s1 = await openSession(ctx.app, a.token, MIXED, 89);
    const s2 = await openSession(ctx.app, a.token, MIXED, 89);
    const s3 = await openSession(ctx.app, a.token, MIXED, 89);
    const session = await sessionRow(ctx.app, s1.sessionId);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBeGreaterThan(23.9 * 3600_000);
    const past = new Date(Date.now() - 1000);
    await ctx.app.db.update(paymentSessions).set({ expiresAt: past }).where(eq(paymentSessions.id, s1.sessionId));
    await ctx.app.db.update(paymentSessions).set({ expiresAt: past }).where(eq(paymentSessions.id, s2.sessionId));

    // The page refuses an expired session.
    expect((await ctx.app.inject({ method: 'GET', url: `/pay/${s1.sessionId}` })).statusCode).toBe(410);
    expect((await payForm(ctx.app, s1.sessionId)).statusCode).toBe(410);

    // Reading My Orders cancels the shopper's expired built-in sessions before answering.
    const listed = (await postJson(ctx.app, '/api/order/userorders', {}, a.token)).json() as { orders: { _id: string; status: string }[] };
    expect(listed.orders.find((o) => o._id === s1.orderId)?.status).toBe('Cancelled');
    await ctx.app.orderWorkflow.sweep();
    expect((await orderRow(ctx.app, s2.orderId)).status).toBe('Cancelled');
    expect((await sessionRow(ctx.app, s2.sessionId)).status).not.toBe('open');
    expect((await orderRow(ctx.app, s3.orderId)).status).toBe('Payment Pending');

    const res = await postJson(ctx.app, '/api/order/resume-payment', { orderId: s2.orderId }, a.token);
    expect(res.statusCode).toBe(409);
  });

  it('moves orders only along the arrows of ARCHITECTURE.md', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, MIXED, 89);
    expect(await ctx.app.orders.setStatus(s.orderId, 'Delivered')).toBeNull();
    expect(await ctx.app.orders.setStatus(s.orderId, 'Refunded')).toBeNull();
    expect(await ctx.app.orders.setStatus(s.orderId, 'Processing')).toBeNull();
    await payForm(ctx.app, s.sessionId);
    expect((await ctx.app.orders.setStatus(s.orderId, 'Processing'))?.status).toBe('Processing');
    expect(await ctx.app.orders.setStatus(s.orderId, 'Payment Pending')).toBeNull();
    expect(await ctx.app.orders.setStatus(s.orderId, 'Order Placed')).toBeNull();
    expect((await ctx.app.orders.setStatus(s.orderId, 'Delivered'))?.status).toBe('Delivered');
    expect((await ctx.app.orders.setStatus(s.orderId, 'Refunded'))?.status).toBe('Refunded');
    expect(await ctx.app.orders.setStatus(s.orderId, 'Cancelled')).toBeNull();
  });
});
