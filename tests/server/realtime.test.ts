import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { sessions } from '../../server/db/schema';
import type { ConversationResponse, Message } from '../../src/domain/types';
import { makeShopper, postJson } from './checkout-helpers';
import { collect, conversationOf, insertOrder, join, listen, makeStaff, next, openSocket, redisConfig, redisReachable, useSocketApp, withTwoInstances } from './chat-helpers';

const ctx = useSocketApp();
const { socketFor } = ctx;

describe('socket.io handshake', () => {
  it('refuses a socket without a token or with a bad one', async () => {
    await expect(openSocket(ctx.url)).rejects.toThrow('Not authorized. Please log in.');
    await expect(openSocket(ctx.url, 'nope')).rejects.toThrow('Invalid session token. Please log in again.');
  });

  it('accepts a valid session token', async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const s = await socketFor(ctx.url, a.token);
    expect(s.connected).toBe(true);
  });
});

describe('join and newMessage', () => {
  it("joins only the caller's own conversation; staff may join any", async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const b = await makeShopper(ctx.app, 'Bob');
    const staff = await makeStaff(ctx.app);
    const aConv = await conversationOf(ctx.app, a.token);
    const bSocket = await socketFor(ctx.url, b.token);
    expect(await join(bSocket, aConv._id)).toEqual({ ok: false, message: 'Conversation not found' });
    expect(await join(bSocket, 'not-an-id')).toEqual({ ok: false, message: 'Invalid conversation id' });
    const aSocket = await socketFor(ctx.url, a.token);
    expect(await join(aSocket, aConv._id)).toEqual({ ok: true });
    const staffSocket = await socketFor(ctx.url, staff.token);
    expect(await join(staffSocket, aConv._id)).toEqual({ ok: true });

    // Alice posts: her socket and staff receive it once; Bob (refused) receives nothing.
    const bGot = collect(bSocket, 'newMessage', 600);
    const aGot = collect(aSocket, 'newMessage', 600);
    const staffNext = next(staffSocket, 'newMessage');
    const res = await postJson(ctx.app, '/api/messages', { conversationId: aConv._id, body: ' hello ' }, a.token);
    const saved = (res.json() as { message: Message }).message;
    expect(await aGot).toEqual([saved]);
    expect(await staffNext).toEqual(saved);
    expect(await bGot).toEqual([]);
    expect(saved).toMatchObject({ body: 'hello', sender: { _id: a.id }, conversation: aConv._id, isAdmin: false });
  });

  it("a staff reply reaches the shopper's joined socket live", async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const staff = await makeStaff(ctx.app);
    const aConv = await conversationOf(ctx.app, a.token);
    const aSocket = await socketFor(ctx.url, a.token);
    await join(aSocket, aConv._id);
    const got = next(aSocket, 'newMessage');
    await postJson(ctx.app, '/api/staff/reply', { email: a.email, text: 'Hi from the shop' }, staff.token);
    expect(await got).toMatchObject({ body: 'Hi from the shop', isAdmin: true, conversation: aConv._id });
  });

  it('a token revoked after the handshake can no longer join', async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const aConv = await conversationOf(ctx.app, a.token);
    const s = await socketFor(ctx.url, a.token);
    // Ended behind the realtime server's back (as by an instance whose disconnect never arrived):
    // the join's own check still refuses it.
    await ctx.app.db.update(sessions).set({ endedAt: new Date(), endReason: 'ended' }).where(eq(sessions.userId, a.id));
    const disconnected = new Promise((r) => s.once('disconnect', r));
    expect((await join(s, aConv._id)).ok).toBe(false);
    await disconnected;
  });
});

describe('orderUpdated', () => {
  it("reaches only the order's owner when staff move it", async () => {
    const a = await makeShopper(ctx.app, 'Alice');
    const b = await makeShopper(ctx.app, 'Bob');
    const staff = await makeStaff(ctx.app);
    const order = await insertOrder(ctx.app, a.id, { status: 'Processing' });
    const aSocket = await socketFor(ctx.url, a.token);
    const bSocket = await socketFor(ctx.url, b.token);
    const bGot = collect(bSocket, 'orderUpdated', 600);
    const aNext = next(aSocket, 'orderUpdated');
    await postJson(ctx.app, '/api/staff/order-status', { orderId: order.id, status: 'Delivered', trackingNumber: 'TRACK-42' }, staff.token);
    expect(await aNext).toMatchObject({ _id: order.id, status: 'Delivered', trackingNumber: 'TRACK-42' });
    expect(await bGot).toEqual([]);
  });
});

describe('several instances behind Redis', async () => {
  const up = await redisReachable();

  it.skipIf(!up)('delivers a message posted on one instance to a socket on the other', async () => {
    await withTwoInstances(ctx.t, async ({ one, urlTwo }) => {
      const a = await makeShopper(one, 'Alice');
      const conv = await conversationOf(one, a.token);
      const onTwo = await socketFor(urlTwo, a.token);
      expect(await join(onTwo, conv._id)).toEqual({ ok: true });
      const got = next(onTwo, 'newMessage');
      const res = await postJson(one, '/api/messages', { conversationId: conv._id, body: 'across instances' }, a.token);
      expect(res.statusCode).toBe(200);
      expect(await got).toEqual((res.json() as { message: Message }).message);

      // orderUpdated too: the order moves on instance one, the owner's socket is on two.
      const staff = await makeStaff(one);
      const order = await insertOrder(one, a.id, { status: 'Order Placed' });
      // (Its own creation moved it to Order Placed, which is announced too.)
      const updated = next(onTwo, 'orderUpdated', 5000, (o) => o.status === 'Processing');
      await postJson(one, '/api/staff/order-status', { orderId: order.id, status: 'Processing' }, staff.token);
      expect(await updated).toMatchObject({ _id: order.id, status: 'Processing' });
      onTwo.close();
    });
  });

  it.skipIf(!up)('keeps serving when Redis goes away: the message is saved, the failed publish is logged, not fatal', async () => {
    // Unguarded, the adapter's unawaited publish rejected (ioredis refuses commands once
    // the connection is gone and its retries are spent) and the unhandled rejection ended the process.
    const config = redisConfig(ctx.t);
    const one = await buildApp(config, { database: ctx.t.database, distDir: '/nonexistent' });
    const failures: string[] = [];
    const warn = one.log.warn.bind(one.log);
    vi.spyOn(one.log, 'warn').mockImplementation((...args: unknown[]) => {
      if (typeof args[1] === 'string' && args[1].startsWith('realtime redis publish failed')) failures.push(args[1]);
      return (warn as (...a: unknown[]) => void)(...args);
    });
    try {
      await listen(one);
      const a = await makeShopper(one, 'Alice');
      const staff = await makeStaff(one);
      await conversationOf(one, a.token);
      // The publishing connection is gone for good: every publish is refused at once (no network timing).
      (one.realtime.io.of('/').adapter as unknown as { pubClient: { disconnect(): void } }).pubClient.disconnect();
      // A staff reply: not rate limited, so nothing but the emit needs Redis.
      const res = await postJson(one, '/api/staff/reply', { email: a.email, text: 'while Redis is down' }, staff.token);
      expect(res.statusCode).toBe(200);
      await expect.poll(() => failures.length).toBeGreaterThan(0);
      // Still answering, and the message is in the thread.
      const thread = ((await one.inject({ method: 'GET', url: '/api/conversations/general', headers: { token: a.token } })).json() as ConversationResponse).messages;
      expect(thread.map((m) => m.body)).toContain('while Redis is down');
    } finally {
      await one.close();
    }
  });
});
