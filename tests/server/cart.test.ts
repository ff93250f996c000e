import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../server/routes/cart';
import { AUTH_MESSAGES } from '../../server/lib/auth';
import { buildTestApp, type TestApp } from './helpers';
import { post, sampleProducts, shopper } from './lists-helpers';

let t: TestApp;
let app: FastifyInstance;
let p: Awaited<ReturnType<typeof sampleProducts>>;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  p = await sampleProducts(app);
});
afterAll(async () => {
  await t?.close();
});

async function cartOf(token: string) {
  const res = await post(app, '/api/cart/get', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().cartData as Record<string, number>;
}

describe('POST /api/cart/get, /add, /update (SPEC §7)', () => {
  it('starts empty, adds (incrementing), updates to an absolute quantity and removes with 0', async () => {
    const a = await shopper(app);
    expect(await cartOf(a.token)).toEqual({});

    const key = `${p.plain._id}_|`;
    let res = await post(app, '/api/cart/add', { itemId: p.plain._id, color: '|', quantity: 2 }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, cartData: { [key]: 2 } });
    await post(app, '/api/cart/add', { itemId: p.plain._id, color: 'null|null', quantity: 3 }, a.token);
    expect(await cartOf(a.token)).toEqual({ [key]: 5 });

    res = await post(app, '/api/cart/update', { itemId: p.plain._id, color: '|', quantity: 7 }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await cartOf(a.token)).toEqual({ [key]: 7 });

    res = await post(app, '/api/cart/update', { itemId: p.plain._id, color: '|', quantity: 0 }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await cartOf(a.token)).toEqual({});
  });

  it('accepts listed colors and sizes and existing accessory indexes, stored in the normal key form', async () => {
    const a = await shopper(app);
    const color = p.sized.colorVariants[0]!.color;
    const size = p.sized.clothingSizes.at(-1)!;
    const onlyColor = p.colored.colorVariants.at(-1)!.color;
    const lastAccessory = p.withAccessories.accessories.length - 1;
    for (const [itemId, variant] of [
      [p.sized._id, `${color}|${size}`],
      [p.colored._id, `${onlyColor}|null`],
      [p.withAccessories._id, `accessory-${lastAccessory}`],
    ]) {
      const res = await post(app, '/api/cart/add', { itemId, color: variant, quantity: 1 }, a.token);
      expect(res.statusCode, `${variant}: ${res.body}`).toBe(200);
    }
    expect(await cartOf(a.token)).toEqual({
      [`${p.sized._id}_${color}|${size}`]: 1,
      [`${p.colored._id}_${onlyColor}|`]: 1,
      [`${p.withAccessories._id}_accessory-${lastAccessory}`]: 1,
    });
  });

  it('caps a line at 99 when adds pile up', async () => {
    const a = await shopper(app);
    await post(app, '/api/cart/add', { itemId: p.plain._id, color: '|', quantity: 90 }, a.token);
    await post(app, '/api/cart/add', { itemId: p.plain._id, color: '|', quantity: 20 }, a.token);
    expect(await cartOf(a.token)).toEqual({ [`${p.plain._id}_|`]: 99 });
  });

  it('answers a clear 400 and changes nothing for bad variants, quantities, unknown products and bundles', async () => {
    const a = await shopper(app);
    await post(app, '/api/cart/add', { itemId: p.plain._id, color: '|', quantity: 1 }, a.token);
    const before = await cartOf(a.token);
    const color = p.sized.colorVariants[0]!.color;
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a color the product lacks', { itemId: p.colored._id, color: 'Plaid|', quantity: 1 }, /does not come in Plaid/],
      ['no color where one is required', { itemId: p.colored._id, color: '|', quantity: 1 }, /choose a color/],
      ['a size the product lacks', { itemId: p.sized._id, color: `${color}|XXXL`, quantity: 1 }, /size XXXL/],
      ['a missing size', { itemId: p.sized._id, color: `${color}|`, quantity: 1 }, /choose a size/],
      ['a color on a product without colors', { itemId: p.plain._id, color: 'Red|', quantity: 1 }, /does not come in colors/],
      ['an accessory index past the end', { itemId: p.withAccessories._id, color: `accessory-${p.withAccessories.accessories.length}`, quantity: 1 }, /no accessory number/],
      ['an accessory on a product without any', { itemId: p.plain._id, color: 'accessory-0', quantity: 1 }, /no accessory number 0/],
      ['a malformed variant', { itemId: p.plain._id, color: 'Red', quantity: 1 }, /Invalid variant/],
      ['a bundle line', { itemId: p.bundleId, color: 'bundle', quantity: 1 }, /never stored on the server/],
      ['an unknown product', { itemId: 'f'.repeat(24), color: '|', quantity: 1 }, /Product not found/],
      ['a malformed product id', { itemId: 'nope', color: '|', quantity: 1 }, /Item id must be a product id/],
      ['a negative quantity', { itemId: p.plain._id, color: '|', quantity: -1 }, /Quantity must be a whole number from 0 to 99/],
      ['a huge quantity', { itemId: p.plain._id, color: '|', quantity: 1e9 }, /Quantity must be a whole number from 0 to 99/],
      ['a fractional quantity', { itemId: p.plain._id, color: '|', quantity: 1.5 }, /Quantity must be a whole number/],
      ['a quantity as text', { itemId: p.plain._id, color: '|', quantity: '3' }, /Quantity must be a whole number/],
      ['no variant', { itemId: p.plain._id, quantity: 1 }, /Color is required/],
    ];
    for (const url of ['/api/cart/add', '/api/cart/update']) {
      for (const [what, body, message] of cases) {
        const res = await post(app, url, body, a.token);
        expect(res.statusCode, `${url} ${what}: ${res.body}`).toBe(400);
        expect(res.json().success, what).toBe(false);
        expect(res.json().message, `${url} ${what}`).toMatch(message);
      }
    }
    expect(await cartOf(a.token)).toEqual(before);
  });

  it('lets a line leave the cart after its product left the catalog', async () => {
    const a = await shopper(app);
    const gone = 'e'.repeat(24);
    await app.lists.setLine(a.id, `${gone}_|`, 2);
    const res = await post(app, '/api/cart/update', { itemId: gone, color: '|', quantity: 0 }, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await cartOf(a.token)).toEqual({});
    // …but it cannot be set to anything else.
    await app.lists.setLine(a.id, `${gone}_|`, 2);
    expect((await post(app, '/api/cart/update', { itemId: gone, color: '|', quantity: 3 }, a.token)).statusCode).toBe(400);
  });
});

describe('Idempotency-Key on /api/cart/add', () => {
  it('applies a retried add only once', async () => {
    const a = await shopper(app);
    const body = { itemId: p.plain._id, color: '|', quantity: 2 };
    const first = await post(app, '/api/cart/add', body, a.token, { 'idempotency-key': 'add-1' });
    const retry = await post(app, '/api/cart/add', body, a.token, { 'idempotency-key': 'add-1' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ success: true, cartData: { [`${p.plain._id}_|`]: 2 } });
    await post(app, '/api/cart/add', body, a.token, { 'idempotency-key': 'add-2' });
    expect(await cartOf(a.token)).toEqual({ [`${p.plain._id}_|`]: 4 });
  });

  it('applies concurrent duplicates once', async () => {
    const a = await shopper(app);
    const body = { itemId: p.plain._id, color: '|', quantity: 1 };
    const results = await Promise.all([1, 2, 3].map(() => post(app, '/api/cart/add', body, a.token, { 'idempotency-key': 'same' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await cartOf(a.token)).toEqual({ [`${p.plain._id}_|`]: 1 });
  });

  it('keeps keys per user and refuses a key reused for another request or malformed', async () => {
    const a = await shopper(app);
    const b = await shopper(app);
    const body = { itemId: p.plain._id, color: '|', quantity: 1 };
    await post(app, '/api/cart/add', body, a.token, { 'idempotency-key': 'k' });
    await post(app, '/api/cart/add', body, b.token, { 'idempotency-key': 'k' });
    expect(await cartOf(b.token)).toEqual({ [`${p.plain._id}_|`]: 1 });

    const other = await post(app, '/api/cart/add', { ...body, quantity: 5 }, a.token, { 'idempotency-key': 'k' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(CART_MESSAGES.keyReused);
    const bad = await post(app, '/api/cart/add', body, a.token, { 'idempotency-key': 'has space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CART_MESSAGES.badKey);
    expect(await cartOf(a.token)).toEqual({ [`${p.plain._id}_|`]: 1 });
  });
});

describe('ownership and sessions', () => {
  it("never shows or changes another shopper's cart", async () => {
    const a = await shopper(app, 'Alice');
    const b = await shopper(app, 'Bob');
    await post(app, '/api/cart/add', { itemId: p.plain._id, color: '|', quantity: 3 }, a.token);
    expect(await cartOf(b.token)).toEqual({});
    // Bob's update of "the same" line creates his own line; Alice's stays.
    await post(app, '/api/cart/update', { itemId: p.plain._id, color: '|', quantity: 0 }, b.token);
    await post(app, '/api/cart/update', { itemId: p.plain._id, color: '|', quantity: 1 }, b.token);
    expect(await cartOf(a.token)).toEqual({ [`${p.plain._id}_|`]: 3 });
    expect(await cartOf(b.token)).toEqual({ [`${p.plain._id}_|`]: 1 });
    // There is no way to name another user: extra fields are ignored, the token decides.
    await post(app, '/api/cart/update', { itemId: p.plain._id, color: '|', quantity: 0, userId: a.id }, b.token);
    expect(await cartOf(a.token)).toEqual({ [`${p.plain._id}_|`]: 3 });
  });

  it('answers 401 without a token or with a bad one, for every call', async () => {
    for (const url of ['/api/cart/get', '/api/cart/add', '/api/cart/update']) {
      const none = await post(app, url, { itemId: p.plain._id, color: '|', quantity: 1 });
      expect(none.statusCode, url).toBe(401);
      expect(none.json()).toEqual({ success: false, message: AUTH_MESSAGES.missing });
      const bad = await post(app, url, { itemId: p.plain._id, color: '|', quantity: 1 }, 'not-a-token');
      expect(bad.statusCode, url).toBe(401);
      expect(bad.json().success).toBe(false);
    }
  });
});
