/**
 * Attack suite — who may do what, over real HTTP and real socket.io connections: another user's
 * cart, wishlist, orders, conversation and socket rooms; staff routes as a shopper; forged, foreign,
 * expired, tampered and revoked tokens; mass assignment of role, status, price or owner fields.
 * Each case asserts the refusal and that the victim's data did not change.
 * Already covered elsewhere (not repeated): cart/wishlist ownership through inject (cart.test.ts,
 * wishlist.test.ts), another user's payment session (checkout.test.ts), posting in another's
 * thread (chat.test.ts), joining another's room and a token revoked after the handshake
 * (realtime.test.ts), staff routes for shoppers (staff.test.ts), alg none / another key / expired /
 * deleted user / reset-revoked tokens and register mass assignment (user.test.ts).
 */
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationResponse } from '../../../src/domain/types';
import { ADDRESS, insertTestCatalog, makeShopper, orderRow, serverCart, TP } from '../checkout-helpers';
import { collect, insertOrder, join, makeStaff, openSocket, type TestSocket } from '../chat-helpers';
import { attack, call, expectNoLeaks, report, startTarget, type Target } from './attack-helpers';

let target: Target;
let base: string;
type Who = { id: string; token: string; email: string };
let alice: Who;
let bob: Who;
let staff: Who;
let aliceConversation: string;
let aliceOrder: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  target = await startTarget();
  base = target.base;
  const app = target.t.app;
  await insertTestCatalog(app);
  await app.catalog.invalidate();
  alice = await makeShopper(app, 'Alice');
  bob = await makeShopper(app, 'Bob');
  staff = await makeStaff(app);
  expect((await call(base, 'POST', '/api/cart/add', { body: { itemId: TP.sale, color: 'Red|M', quantity: 2 }, token: alice.token })).status).toBe(200);
  expect((await call(base, 'POST', '/api/wishlist/add', { body: { productId: TP.plain }, token: alice.token })).status).toBe(200);
  aliceConversation = ((await call(base, 'GET', '/api/conversations/general', { token: alice.token })).json as unknown as ConversationResponse).conversation._id;
  expect((await call(base, 'POST', '/api/messages', { body: { conversationId: aliceConversation, body: 'my address is secret' }, token: alice.token })).status).toBe(200);
  aliceOrder = (await insertOrder(app, alice.id, { status: 'Payment Pending' })).id;
});
afterAll(async () => {
  report('access.test.ts');
  for (const s of sockets) s.close();
  await target?.close();
});

async function aliceSnapshot() {
  const app = target.t.app;
  return {
    cart: await serverCart(app, alice.id),
    wishlist: await app.lists.wishlist(alice.id),
    order: (await orderRow(app, aliceOrder)).status,
    messages: (await app.conversations.messages(aliceConversation)).map((m) => m.body),
  };
}

describe("another user's data", () => {
  it("cannot be read or changed by naming Alice's ids in bodies, queries or headers", async () => {
    const before = await aliceSnapshot();
    const owner = { userId: alice.id, user: alice.id, _id: alice.id, owner: alice.id };
    const tries = [
      call(base, 'POST', '/api/cart/get', { body: owner, token: bob.token }),
      call(base, 'POST', '/api/cart/update', { body: { ...owner, itemId: TP.sale, color: 'Red|M', quantity: 0 }, token: bob.token }),
      call(base, 'POST', '/api/wishlist/list', { body: owner, token: bob.token }),
      call(base, 'POST', '/api/wishlist/remove', { body: { ...owner, productId: TP.plain }, token: bob.token }),
      call(base, 'POST', '/api/order/userorders', { body: owner, token: bob.token }),
      call(base, 'GET', `/api/conversations/general?userId=${alice.id}&conversationId=${aliceConversation}`, { token: bob.token }),
      call(base, 'GET', `/api/conversations/general/unread?userId=${alice.id}`, { token: bob.token }),
      call(base, 'POST', '/api/conversations/general/read', { body: { conversationId: aliceConversation, ...owner }, token: bob.token }),
      call(base, 'POST', '/api/cart/get', { token: bob.token, headers: { 'x-user-id': alice.id, 'x-forwarded-user': alice.email } }),
    ];
    const answers = await Promise.all(tries);
    // Bob gets Bob's (empty) data, never Alice's.
    expect(answers[0]!.json.cartData).toEqual({});
    expect(answers[2]!.json.wishlist).toEqual([]);
    expect(answers[4]!.json.orders).toEqual([]);
    expect((answers[5]!.json as unknown as ConversationResponse).conversation._id).not.toBe(aliceConversation);
    expect(answers[5]!.text).not.toContain('my address is secret');
    expect(answers[6]!.json.conversationId).not.toBe(aliceConversation);
    expect(answers[8]!.json.cartData).toEqual({});
    for (const _ of answers) attack(true);
    // Orders addressed by id: Alice's order is "not found" for Bob.
    const resume = await call(base, 'POST', '/api/order/resume-payment', { body: { orderId: aliceOrder }, token: bob.token });
    attack(resume.status === 404);
    expect(resume.status).toBe(404);
    expect(await aliceSnapshot()).toEqual(before);
  });

  it("cannot join Alice's rooms or spoof events on the socket", async () => {
    const aliceSocket = await openSocket(base, alice.token);
    sockets.push(aliceSocket);
    expect(await join(aliceSocket, aliceConversation)).toEqual({ ok: true });
    const bobSocket = await openSocket(base, bob.token);
    sockets.push(bobSocket);
    const heard = collect(aliceSocket, 'newMessage', 1500);
    const heardOrders = collect(aliceSocket, 'orderUpdated', 1500);
    // Room names, other users' ids, non-strings and oversized values instead of a conversation id.
    for (const bad of [aliceConversation.toUpperCase(), `conversation:${aliceConversation}`, `user:${alice.id}`, 'staff', alice.id, { $ne: null }, [aliceConversation], 'a'.repeat(10_000), null]) {
      const r = await join(bobSocket, bad as string);
      attack(r.ok === false);
      expect(r.ok, JSON.stringify(bad).slice(0, 60)).toBe(false);
    }
    // Events only the server sends: a client emitting them reaches nobody.
    (bobSocket as unknown as { emit: (e: string, ...a: unknown[]) => void }).emit('newMessage', { _id: 'x', body: 'fake staff message', conversation: aliceConversation, isAdmin: true });
    (bobSocket as unknown as { emit: (e: string, ...a: unknown[]) => void }).emit('orderUpdated', { _id: aliceOrder, status: 'Delivered' });
    expect(await heard).toEqual([]);
    expect(await heardOrders).toEqual([]);
    attack(true);
    attack(true);
    expect(bobSocket.connected).toBe(true);
  });

  it('staff routes answer 401 without a token and 403 to a shopper, for every staff route', async () => {
    const staffRoutes = target.t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((l) => /\/api\/staff\/[\w/-]+/.exec(l)?.[0])
      .filter((x): x is string => Boolean(x));
    const unique = [...new Set(staffRoutes)];
    expect(unique.length).toBeGreaterThan(3);
    const before = await aliceSnapshot();
    for (const url of unique) {
      for (const method of ['GET', 'POST']) {
        const anon = await call(base, method, url, method === 'POST' ? { body: { orderId: aliceOrder, status: 'Delivered', email: alice.email, text: 'x' } } : {});
        const shopper = await call(base, method, url, { token: bob.token, ...(method === 'POST' ? { body: { orderId: aliceOrder, status: 'Cancelled', email: alice.email, text: 'x', showSupportInOrders: false } } : {}) });
        if (anon.status === 404 && shopper.status === 404) continue; // no such method on this path
        attack(anon.status === 401 && shopper.status === 403);
        expect(anon.status, `${method} ${url}`).toBe(401);
        expect(shopper.status, `${method} ${url}`).toBe(403);
      }
    }
    expect(await aliceSnapshot()).toEqual(before);
  });
});

describe('tokens', () => {
  const secret = () => new TextEncoder().encode(target.t.config.jwtSecret);
  const sign = (claims: Record<string, unknown>, opts: { iss?: string; aud?: string; exp?: number; alg?: string } = {}) =>
    new SignJWT({ iat: Date.now() / 1000, ...claims })
      .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
      .setIssuer(opts.iss ?? 'layerloft')
      .setAudience(opts.aud ?? 'layerloft-session')
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(secret());

  it('refuses tampered payloads, foreign issuers or audiences, other algorithms and other carriers, on HTTP and sockets', async () => {
    const [header, , sig] = bob.token.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ sub: alice.id, iss: 'layerloft', aud: 'layerloft-session', iat: Date.now() / 1000, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
    const bad: Record<string, string> = {
      'payload swapped to another user (signature kept)': `${header}.${tamperedPayload}.${sig}`,
      'signature stripped': `${header}.${bob.token.split('.')[1]}.`,
      'another issuer': await sign({ sub: alice.id }, { iss: 'evil' }),
      'another audience': await sign({ sub: alice.id }, { aud: 'admin' }),
      'HS512 with the right key': await sign({ sub: alice.id }, { alg: 'HS512' }),
      'no subject': await sign({}),
      'role claim ignored: unknown user': await sign({ sub: 'ffffffffffffffffffffffff', role: 'staff' }),
      'issued in 1970, before the account existed': await sign({ sub: alice.id, iat: 1 }),
      'not a JWT': 'Bearer ' + bob.token,
      'huge': 'a'.repeat(8000),
    };
    for (const [what, token] of Object.entries(bad)) {
      const res = await call(base, 'POST', '/api/cart/get', { token });
      attack(res.status === 401);
      expect(res.status, what).toBe(401);
      expect(res.text).not.toContain(TP.sale);
      await expect(openSocket(base, token), what).rejects.toThrow();
      attack(true);
    }
    // The session token is read from the `token` header only (no cookie or Authorization fallback).
    for (const headers of [{ authorization: `Bearer ${alice.token}` }, { cookie: `token=${alice.token}` }] as Record<string, string>[]) {
      const res = await call(base, 'POST', '/api/cart/get', { headers });
      attack(res.status === 401);
      expect(res.status).toBe(401);
    }
  });

  it("a staff role inside a shopper's own (validly signed) token grants nothing: the role comes from the database", async () => {
    // Bob's own live session, so only the role claim is forged: a 401 would prove nothing here.
    const { sid } = decodeJwt(bob.token) as { sid: string };
    const forged = await sign({ sub: bob.id, sid, role: 'staff', isAdmin: true });
    const res = await call(base, 'GET', '/api/staff/orders', { token: forged });
    attack(res.status === 403);
    expect(res.status).toBe(403);
  });
});

describe('mass assignment', () => {
  it('order, cart, message and profile bodies cannot set owner, status, price, role or admin fields', async () => {
    const app = target.t.app;
    const placed = await call(base, 'POST', '/api/order/stripe', {
      token: bob.token,
      body: {
        address: { ...ADDRESS, userId: alice.id, role: 'staff' },
        items: [{ productId: TP.plain, color: '|', quantity: 1, price: 0.01, unitPrice: 0.01, name: 'Free stuff', image: 'javascript:alert(1)' }],
        amount: 30,
        userId: alice.id,
        status: 'Order Placed',
        paidAt: new Date().toISOString(),
        paymentMethod: 'card',
        subtotal: 0,
        discount: 100,
        discountPercent: 100,
        amountCents: 1,
        _id: aliceOrder,
      },
    });
    expect(placed.status, placed.text).toBe(200);
    const row = await orderRow(app, placed.json.orderId as string);
    expect(row).toMatchObject({ userId: bob.id, status: 'Payment Pending', amountCents: 3000, subtotalCents: 2000, discountCents: 0, paidAt: null });
    expect(row.id).not.toBe(aliceOrder);
    expect((row.items as { name: string; image: string }[])[0]).toMatchObject({ name: 'Test Plain Widget' });
    expect(JSON.stringify(row.address)).not.toContain('staff');
    attack(true);

    const msg = await call(base, 'POST', '/api/messages', {
      token: bob.token,
      body: { conversationId: ((await call(base, 'GET', '/api/conversations/general', { token: bob.token })).json as unknown as ConversationResponse).conversation._id, body: 'hello', isAdmin: true, sender: staff.id, senderId: staff.id },
    });
    expect(msg.json.message).toMatchObject({ isAdmin: false, sender: { _id: bob.id } });
    attack(true);

    const cart = await call(base, 'POST', '/api/cart/add', { token: bob.token, body: { itemId: TP.plain, color: '|', quantity: 1, price: 0, userId: alice.id } });
    expect(cart.status).toBe(200);
    expect(await serverCart(app, alice.id)).toEqual({ [`${TP.sale}_Red|M`]: 2 });
    attack(true);

    for (const extra of [{ role: 'staff' }, { isAdmin: true }, { tokensValidAfter: 0 }, { id: alice.id }]) {
      const reg = await call(base, 'POST', '/api/user/register', { body: { name: 'Mallory', email: `mallory.${Math.random().toString(36).slice(2)}@example.com`, password: 'password-1234', ...extra } });
      attack(reg.status === 400);
      expect(reg.status).toBe(400);
    }
  });

  it('never answers with a stack, a path or SQL (every answer of this file)', () => {
    expectNoLeaks();
  });
});
