import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/types';
import { buildTestApp, type TestApp } from './helpers';
import { makeShopper, postJson } from './checkout-helpers';
import { insertOrder } from './chat-helpers';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/order/userorders', () => {
  it('refuses a missing or invalid token', async () => {
    expect((await postJson(app, '/api/order/userorders', {})).statusCode).toBe(401);
    const bad = await postJson(app, '/api/order/userorders', {}, 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it("answers only the caller's orders, oldest first, in the wire shape of SPEC §3", async () => {
    const a = await makeShopper(app, 'Alice');
    const b = await makeShopper(app, 'Bob');
    const first = await insertOrder(app, a.id, { status: 'Order Placed' });
    const second = await insertOrder(app, a.id, { status: 'Delivered' });
    await app.orders.setTrackingNumber(second.id, '1Z999AA10123456784');
    const bobs = await insertOrder(app, b.id);

    const res = await postJson(app, '/api/order/userorders', {}, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { success: boolean; orders: Order[] };
    expect(body.success).toBe(true);
    expect(body.orders.map((o) => o._id)).toEqual([first.id, second.id]);
    expect(body.orders.map((o) => o._id)).not.toContain(bobs.id);
    const [o1, o2] = body.orders;
    expect(o1).toMatchObject({ status: 'Order Placed', amount: 110, paymentMethod: 'Stripe' });
    expect(o1!.trackingNumber).toBeUndefined();
    expect(typeof o1!.date).toBe('number');
    expect(o1!.items).toEqual([
      expect.objectContaining({ name: 'Galaxy Dragon', image: '/img/p/dragon.svg', price: 30, unitPrice: 30, quantity: 2, color: 'Red|M' }),
      expect.objectContaining({ name: 'Desk Buddies Bundle', unitPrice: 50, quantity: 1, color: 'bundle' }),
    ]);
    expect(o2).toMatchObject({ status: 'Delivered', trackingNumber: '1Z999AA10123456784' });

    const bobRes = (await postJson(app, '/api/order/userorders', {}, b.token)).json() as { orders: Order[] };
    expect(bobRes.orders.map((o) => o._id)).toEqual([bobs.id]);
  });

  it('answers an empty list for a shopper without orders', async () => {
    const c = await makeShopper(app, 'Carol');
    expect((await postJson(app, '/api/order/userorders', {}, c.token)).json()).toEqual({ success: true, orders: [] });
  });
});
