/**
 * Paths that answered without a limit. The order quote shares the discount-code
 * budget; orders and payment resumes are counted per account; image renders on cache misses are
 * bounded; shoppers' sockets are bounded (staff exempt); old idempotency rows expire.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../../server/db/schema';
import { DISCOUNT_CODE_LIMIT } from '../../../server/plugins/limits';
import { SOCKET_LIMITS } from '../../../server/realtime/socketServer';
import { IMAGE_RENDER_LIMIT } from '../../../server/routes/images';
import { IDEMPOTENCY_TTL_MS } from '../../../server/repositories/lists';
import { insertTestCatalog, makeShopper, orderBody, TP } from '../checkout-helpers';
import { join, makeStaff, openSocket, type TestSocket } from '../chat-helpers';
import { buildTestApp, type TestApp } from '../helpers';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp({ config: { orderRateLimitMax: 3 } });
  await insertTestCatalog(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, token?: string, remoteAddress = '192.0.2.10') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers: token ? { token } : {} });

describe('discount answers share one budget per client', () => {
  it('the order quote cannot be used to go on guessing once /api/discounts/validate is limited', async () => {
    const a = await makeShopper(t.app, 'Guesser');
    for (let i = 0; i < DISCOUNT_CODE_LIMIT.max; i++) expect((await post('/api/discounts/validate', { code: `G${i}` }, undefined, '192.0.2.20')).statusCode).toBe(404);
    const quote = await post('/api/order/quote', { items: [{ productId: TP.plain, color: '|', quantity: 1 }], discountCode: 'G99' }, a.token, '192.0.2.20');
    expect(quote.statusCode).toBe(429);
    expect(quote.json().message).toMatch(/^Too many discount code checks\. Please try again in \d+ seconds?\.$/);
    expect(quote.headers['retry-after']).toBeTruthy();
    // A quote without a code (the cart preview) is not a guess and is not limited.
    expect((await post('/api/order/quote', { items: [{ productId: TP.plain, color: '|', quantity: 1 }] }, a.token, '192.0.2.20')).statusCode).toBe(200);
  });
});

describe('orders and payment resumes are counted per account', () => {
  it('a fresh session token of the same account buys no new orders', async () => {
    const a = await makeShopper(t.app, 'Orderer');
    for (let i = 0; i < 3; i++) {
      const token = await t.app.sessionTokens.issue(a.id);
      expect((await post('/api/order/stripe', orderBody([{ productId: TP.plain, color: '|', quantity: 1 }], 30), token)).statusCode).toBe(200);
    }
    const fresh = await t.app.sessionTokens.issue(a.id);
    expect((await post('/api/order/stripe', orderBody([{ productId: TP.plain, color: '|', quantity: 1 }], 30), fresh)).statusCode).toBe(429);
    // Another account is not affected.
    const b = await makeShopper(t.app, 'Other');
    expect((await post('/api/order/stripe', orderBody([{ productId: TP.plain, color: '|', quantity: 1 }], 30), b.token)).statusCode).toBe(200);
  });

  it('resume-payment is limited too', async () => {
    const a = await makeShopper(t.app, 'Resumer');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/order/resume-payment', { orderId: 'ffffffffffffffffffffffff' }, await t.app.sessionTokens.issue(a.id))).statusCode);
    expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true);
    expect(codes[3]).toBe(429);
  });
});

describe('image renders on cache misses', () => {
  it('are bounded per client; pictures already drawn are still served', async () => {
    const img = (seed: string, remoteAddress: string) => t.app.inject({ url: `/img/p/${seed}.svg?k=gadget&c=red`, remoteAddress });
    expect((await img('warm', '192.0.2.30')).statusCode).toBe(200);
    for (let i = 0; i < IMAGE_RENDER_LIMIT.max - 1; i++) expect((await img(`miss-${i}`, '192.0.2.30')).statusCode).toBe(200);
    const over = await img('one-too-many', '192.0.2.30');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many new pictures asked for/);
    expect((await img('warm', '192.0.2.30')).statusCode).toBe(200);
    expect((await img('one-too-many', '192.0.2.31')).statusCode).toBe(200);
  });
});

describe("shoppers' sockets", () => {
  it(`at most ${SOCKET_LIMITS.connectionsPerUser} connections per account; a closed one frees its place; staff are not bounded`, async () => {
    const a = await makeShopper(t.app, 'Tabs');
    const open: TestSocket[] = [];
    try {
      for (let i = 0; i < SOCKET_LIMITS.connectionsPerUser; i++) open.push(await openSocket(base, a.token));
      await expect(openSocket(base, a.token)).rejects.toThrow('Too many open connections for this account. Close another tab or device and try again.');
      open.pop()!.close();
      await expect.poll(async () => openSocket(base, a.token).then((s) => (open.push(s), true), () => false)).toBe(true);
      const staff = await makeStaff(t.app);
      for (let i = 0; i <= SOCKET_LIMITS.connectionsPerUser; i++) open.push(await openSocket(base, staff.token));
    } finally {
      for (const s of open) s.close();
    }
  });

  it(`at most ${SOCKET_LIMITS.joinsPerWindow} joins per socket per minute for shoppers, not for staff`, async () => {
    const a = await makeShopper(t.app, 'Joiner');
    const conv = (await t.app.inject({ url: '/api/conversations/general', headers: { token: a.token } })).json().conversation._id as string;
    const socket = await openSocket(base, a.token);
    const staff = await makeStaff(t.app);
    const staffSocket = await openSocket(base, staff.token);
    try {
      for (let i = 0; i < SOCKET_LIMITS.joinsPerWindow; i++) expect(await join(socket, conv)).toEqual({ ok: true });
      expect(await join(socket, conv)).toEqual({ ok: false, message: 'Too many conversations opened. Please try again in a minute.' });
      for (let i = 0; i <= SOCKET_LIMITS.joinsPerWindow; i++) expect(await join(staffSocket, conv)).toEqual({ ok: true });
    } finally {
      socket.close();
      staffSocket.close();
    }
  });
});

describe('idempotency rows of cart and wishlist calls', () => {
  it('expire for every account, not only when their owner comes back', async () => {
    const gone = await makeShopper(t.app, 'Gone');
    const old = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000);
    await t.app.db.insert(idempotencyKeys).values([
      { userId: gone.id, key: 'old-1', response: null, createdAt: old },
      { userId: gone.id, key: 'fresh-1', response: null },
    ]);
    // A new app instance expires them when it is ready (and every hour after).
    const app = await t.buildOn();
    try {
      await app.ready();
      await expect.poll(async () => (await t.app.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).filter((r) => r.key.endsWith('-1')).map((r) => r.key)).toEqual(['fresh-1']);
    } finally {
      await app.close();
    }
  });
});
