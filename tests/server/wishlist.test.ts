import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../server/lib/auth';
import { WISHLIST_MESSAGES } from '../../server/routes/wishlist';
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

async function listOf(token: string): Promise<string[]> {
  const res = await post(app, '/api/wishlist/list', undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().wishlist as string[];
}

describe('POST /api/wishlist/list, /add, /remove (SPEC §7)', () => {
  it('adds ids once, in the order added, and removes them', async () => {
    const a = await shopper(app);
    expect(await listOf(a.token)).toEqual([]);
    for (const id of [p.sized._id, p.plain._id, p.sized._id]) {
      const res = await post(app, '/api/wishlist/add', { productId: id }, a.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(WISHLIST_MESSAGES.added);
    }
    expect(await listOf(a.token)).toEqual([p.sized._id, p.plain._id]);
    const res = await post(app, '/api/wishlist/remove', { productId: p.sized._id }, a.token);
    expect(res.json()).toEqual({ success: true, message: WISHLIST_MESSAGES.removed, wishlist: [p.plain._id] });
    // Removing what is not there is fine (a retried remove must not fail).
    expect((await post(app, '/api/wishlist/remove', { productId: p.sized._id }, a.token)).statusCode).toBe(200);
  });

  it('refuses unknown and malformed product ids with a clear 400 and changes nothing', async () => {
    const a = await shopper(app);
    await post(app, '/api/wishlist/add', { productId: p.plain._id }, a.token);
    const unknown = await post(app, '/api/wishlist/add', { productId: 'f'.repeat(24) }, a.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ success: false, message: WISHLIST_MESSAGES.unknownProduct });
    for (const body of [{ productId: 'x' }, {}, { productId: 42 }]) {
      for (const url of ['/api/wishlist/add', '/api/wishlist/remove']) {
        const res = await post(app, url, body, a.token);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().message).toMatch(/Product id/);
      }
    }
    expect(await listOf(a.token)).toEqual([p.plain._id]);
  });

  it("never shows or changes another shopper's wishlist", async () => {
    const a = await shopper(app, 'Alice');
    const b = await shopper(app, 'Bob');
    await post(app, '/api/wishlist/add', { productId: p.plain._id }, a.token);
    expect(await listOf(b.token)).toEqual([]);
    await post(app, '/api/wishlist/remove', { productId: p.plain._id, userId: a.id }, b.token);
    expect(await listOf(a.token)).toEqual([p.plain._id]);
  });

  it('answers 401 without a token or with a bad one, for every call', async () => {
    for (const url of ['/api/wishlist/list', '/api/wishlist/add', '/api/wishlist/remove']) {
      const none = await post(app, url, { productId: p.plain._id });
      expect(none.statusCode, url).toBe(401);
      expect(none.json()).toEqual({ success: false, message: AUTH_MESSAGES.missing });
      expect((await post(app, url, { productId: p.plain._id }, 'nope')).statusCode, url).toBe(401);
    }
  });
});
