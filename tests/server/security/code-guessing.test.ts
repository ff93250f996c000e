/**
 * Discount codes cannot be guessed through the order: with validate and quote
 * answering 429, POST /api/order/stripe told an unknown code (400 "Invalid discount code") from a
 * real one (409 "Prices changed"). Every route that takes a code spends one budget per client
 * address, and an unknown code gets the same answer on each ('Invalid code', 404).
 */
import { describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_LIMIT } from '../../../server/plugins/limits';
import { makeShopper, orderBody, TP, useShopApp } from '../checkout-helpers';

const ctx = useShopApp();
const LINE = [{ productId: TP.plain, color: '|', quantity: 1 }];

const post = (url: string, body: unknown, token: string | undefined, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { token } : {}, remoteAddress });

describe('an unknown code', () => {
  it('answers the same on validate, quote and order', async () => {
    const a = await makeShopper(ctx.app);
    const from = '192.0.2.50';
    const answers = [
      await post('/api/discounts/validate', { code: 'NOPE-123' }, undefined, from),
      await post('/api/order/quote', { items: LINE, discountCode: 'NOPE-123' }, a.token, from),
      await post('/api/order/stripe', orderBody(LINE, 1, { discountCode: 'NOPE-123' }), a.token, from),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Invalid code' });
    }
  });
});

describe('one budget across every route that takes a code', () => {
  it('validate, quote and order spend it together; past it, the order answers 429 too', async () => {
    const a = await makeShopper(ctx.app);
    const from = '192.0.2.51';
    const routes = [
      (i: number) => post('/api/discounts/validate', { code: `G${i}` }, undefined, from),
      (i: number) => post('/api/order/quote', { items: LINE, discountCode: `G${i}` }, a.token, from),
      (i: number) => post('/api/order/stripe', orderBody(LINE, 1, { discountCode: `G${i}` }), a.token, from),
    ];
    for (let i = 0; i < DISCOUNT_CODE_LIMIT.max; i++) expect((await routes[i % 3](i)).statusCode, String(i)).toBe(404);
    for (const route of routes) {
      const res = await route(999);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
    // A real code with a made-up amount tells nothing more now.
    expect((await post('/api/order/stripe', orderBody(LINE, 1, { discountCode: 'WELCOME10' }), a.token, from)).statusCode).toBe(429);
    // An order without a code is not a guess: it does not spend the budget.
    const plain = await post('/api/order/stripe', orderBody(LINE, 30), a.token, from);
    expect(plain.statusCode, plain.body).toBe(200);
  });
});
