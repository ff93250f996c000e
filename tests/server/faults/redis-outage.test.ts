/**
 * Fault: Redis goes away mid-run. Two instances share a Redis of the test's own
 * (a redis-server it starts; the machine's Redis is never touched) through the test's TCP proxy.
 * While shoppers log in, add to cart, check discount codes, order and chat, the proxy first
 * black-holes Redis (a partition: connections accepted, never answered), then refuses it (a crash),
 * then forwards again. Nothing may answer 5xx, nothing acknowledged may be lost, /readyz stays 200
 * and says `redis: "degraded"`, rate limits keep counting (per process) during the outage, and
 * afterwards counts go to Redis again and live events cross instances again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { RedisLinks } from '../../../server/lib/redis';
import type { ConversationResponse, Message } from '../../../src/domain/types';
import { ADDRESS, insertTestCatalog, TP } from '../checkout-helpers';
import { join, next, openSocket, type TestSocket } from '../chat-helpers';
import { buildTestApp, type TestApp } from '../helpers';
import { freePort, http, TcpProxy } from './fault-helpers';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

interface Shopper {
  email: string;
  password: string;
  token: string;
  conversationId: string;
  cartAdds: number;
  orders: string[];
  messages: string[];
}

describe.skipIf(!hasRedisServer)('Redis cut mid-run (own redis-server behind the test proxy)', { timeout: 180_000 }, () => {
  let t: TestApp;
  let redisProc: ChildProcess;
  let redisPort: number;
  let proxy: TcpProxy;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let bases: string[];
  let socket: TestSocket | undefined;
  const statuses: Array<{ call: string; status: number; body: string }> = [];
  const shoppers: Shopper[] = [];

  beforeAll(async () => {
    redisPort = await freePort();
    redisProc = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await vi.waitFor(async () => expect(await connects(redisPort)).toBe(true), { timeout: 10_000, interval: 100 });
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: redisPort });

    t = await buildTestApp();
    await insertTestCatalog(t.app);
    const config = {
      ...t.config,
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      realtimeRedisKey: `layerloft-fault-${randomUUID()}`,
      // Every shopper comes from 127.0.0.1: the per-IP auth budget is not what this test is about.
      authRateLimit: { max: 1000, windowMs: 60_000 },
      messageRateLimit: { max: 100, windowMs: 10_000 },
    };
    one = await buildApp(config, { database: t.database, distDir: '/nonexistent' });
    two = await buildApp(config, { database: t.database, distDir: '/nonexistent' });
    bases = [await listen(one), await listen(two)];
    await vi.waitFor(async () => expect(await one.realtime.io.of('/').adapter.serverCount()).toBe(2), { timeout: 10_000, interval: 100 });
  });

  afterAll(async () => {
    socket?.close();
    if (proxy?.mode !== 'up') await proxy?.restore();
    await one?.close();
    await two?.close();
    await t?.close();
    await proxy?.close();
    redisProc?.kill('SIGTERM');
  });

  async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
    const res = await http(base, method, url, body, token ? { token } : {});
    statuses.push({ call: `${method} ${url}`, status: res.status, body: res.text.slice(0, 200) });
    return res;
  }

  /** One shopper's visit: log in, add to cart, try a code, order, write to support. */
  async function visit(s: Shopper, i: number, tag: string) {
    const base = bases[i % 2];
    const login = await call(base, 'POST', '/api/user/login', { email: s.email, password: s.password });
    expect(login.status, login.text).toBe(200);
    s.token = login.json.token as string;
    const added = await call(bases[(i + 1) % 2], 'POST', '/api/cart/add', { itemId: TP.sale, color: 'Red|S', quantity: 1 }, s.token);
    expect(added.status, added.text).toBe(200);
    s.cartAdds += 1;
    const code = await call(base, 'POST', '/api/discounts/validate', { code: `NOPE${i}` });
    expect(code.status, code.text).toBe(404);
    const order = await call(base, 'POST', '/api/order/stripe', { address: ADDRESS, items: [{ productId: TP.plain, color: '|', quantity: 1 }], amount: 30, description: '', discountCode: '', isBuyNow: false }, s.token);
    expect(order.status, order.text).toBe(200);
    s.orders.push(order.json.orderId as string);
    const msg = await call(bases[(i + 1) % 2], 'POST', '/api/messages', { conversationId: s.conversationId, body: `${tag} from shopper ${i}` }, s.token);
    expect(msg.status, msg.text).toBe(200);
    s.messages.push((msg.json.message as unknown as Message)._id);
  }

  const round = (tag: string) => Promise.all(shoppers.map((s, i) => visit(s, i, tag)));

  async function redisState(base: string) {
    const res = await call(base, 'GET', '/readyz');
    expect(res.status).toBe(200);
    return res.json.redis;
  }

  it('keeps selling through a partition and a crash of Redis, and uses Redis again once it answers', async () => {
    for (let i = 0; i < 5; i++) {
      const email = `redis.${i}.${Date.now().toString(36)}@example.com`;
      const reg = await call(bases[i % 2], 'POST', '/api/user/register', { name: `Shopper ${i}`, email, password: 'a-long-password-1' });
      expect(reg.status, reg.text).toBe(200);
      const token = reg.json.token as string;
      const conv = (await call(bases[0], 'GET', '/api/conversations/general', undefined, token)).json as unknown as ConversationResponse;
      shoppers.push({ email, password: 'a-long-password-1', token, conversationId: conv.conversation._id, cartAdds: 0, orders: [], messages: [] });
    }
    // Shopper 0 watches their thread from instance two; messages are posted on instance one.
    socket = await openSocket(bases[1], shoppers[0].token);
    expect(await join(socket, shoppers[0].conversationId)).toEqual({ ok: true });
    expect(await redisState(bases[0])).toBe('ok');
    await round('before');

    await proxy.cut('blackhole');
    await round('partition');
    await expect.poll(() => redisState(bases[0]), { timeout: 10_000 }).toBe('degraded');
    await expect.poll(() => redisState(bases[1]), { timeout: 10_000 }).toBe('degraded');

    await proxy.cut('refuse');
    await round('crash');
    expect(await redisState(bases[0])).toBe('degraded');
    // Limits still hold while Redis is down, counted by this process: 30 code checks a minute per client.
    const codes = [];
    for (let i = 0; i < 31; i++) codes.push((await one.inject({ method: 'POST', url: '/api/discounts/validate', payload: { code: 'GUESS' }, remoteAddress: '198.51.100.7' })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 404)).toBe(true);
    expect(codes[30]).toBe(429);

    // The socket on instance two missed what instance one sent meanwhile: once Redis is back, its
    // transport is closed so that the client reconnects and fetches what it missed.
    const dropped = new Promise<string>((resolve, reject) => {
      socket!.once('disconnect', resolve);
      setTimeout(() => reject(new Error('the socket was not asked to reconnect after the outage')), 45_000).unref();
    });
    await proxy.restore();
    expect(await dropped).toBe('transport close');
    socket = await openSocket(bases[1], shoppers[0].token);
    expect(await join(socket, shoppers[0].conversationId)).toEqual({ ok: true });
    await expect.poll(() => redisState(bases[0]), { timeout: 30_000, interval: 500 }).toBe('ok');
    await expect.poll(() => redisState(bases[1]), { timeout: 30_000, interval: 500 }).toBe('ok');
    const direct = new Redis(redisPort, '127.0.0.1');
    try {
      await direct.flushall();
      await round('after');
      // Counts are shared again: the visits just made were counted in Redis.
      expect((await direct.keys('layerloft-rl:*')).length).toBeGreaterThan(0);
    } finally {
      direct.disconnect();
    }
    // Live events cross instances again: posted on one, seen by the socket on two.
    const seen = next(socket, 'newMessage', 10_000, (m) => m.body === 'live again');
    const posted = await call(bases[0], 'POST', '/api/messages', { conversationId: shoppers[0].conversationId, body: 'live again' }, shoppers[0].token);
    expect(posted.status).toBe(200);
    expect((await seen)._id).toBe((posted.json.message as unknown as Message)._id);

    // No 5xx anywhere.
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
    // Nothing acknowledged is lost.
    for (const s of shoppers) {
      const cart = await call(bases[0], 'POST', '/api/cart/get', undefined, s.token);
      expect(cart.json.cartData).toMatchObject({ [`${TP.sale}_Red|S`]: s.cartAdds });
      const orders = (await call(bases[1], 'POST', '/api/order/userorders', {}, s.token)).json.orders as Array<{ _id: string }>;
      expect(orders.map((o) => o._id)).toEqual(expect.arrayContaining(s.orders));
      const thread = (await call(bases[0], 'GET', '/api/conversations/general', undefined, s.token)).json as unknown as ConversationResponse;
      expect(thread.messages.map((m) => m._id)).toEqual(expect.arrayContaining(s.messages));
    }
  });
});

describe('REDIS_URL unreachable at start', { timeout: 60_000 }, () => {
  it('starts degraded and sells: /readyz 200 with redis "degraded", register and login answer as usual', async () => {
    const t = await buildTestApp({ config: { redisUrl: `redis://127.0.0.1:${await freePort()}`, realtimeRedisKey: `layerloft-fault-${randomUUID()}` } });
    try {
      const base = await listen(t.app);
      const ready = await http(base, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json.redis).toBe('degraded');
      const email = `nobody.redis.${Date.now().toString(36)}@example.com`;
      expect((await http(base, 'POST', '/api/user/login', { email, password: 'wrong-password' })).status).toBe(401);
      const reg = await http(base, 'POST', '/api/user/register', { name: 'Degraded', email, password: 'a-long-password-1' });
      expect(reg.status, reg.text).toBe(200);
      const socket = await openSocket(base, reg.json.token as string);
      socket.close();
    } finally {
      await t.close();
    }
  });

  it('logs the outage once, not on every reconnect attempt, and once more when Redis answers', async () => {
    const warnings: string[] = [];
    const infos: string[] = [];
    const log = { warn: (_o: unknown, m: string) => warnings.push(m), info: (_o: unknown, m: string) => infos.push(m) } as unknown as FastifyInstance['log'];
    const port = await freePort();
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port });
    await proxy.cut('refuse');
    const links = new RedisLinks(`redis://127.0.0.1:${proxy.port}`, log);
    const link = links.open('probe', { enableOfflineQueue: false, retryStrategy: () => 50 });
    let errors = 0;
    link.client.on('error', () => (errors += 1));
    try {
      await vi.waitFor(() => expect(errors).toBeGreaterThanOrEqual(5), { timeout: 20_000, interval: 50 });
      expect(links.degraded).toBe(true);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Redis is unreachable: the store keeps selling degraded/);
      if (hasRedisServer) {
        const redisProc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
        try {
          await proxy.restore();
          await vi.waitFor(() => expect(links.degraded).toBe(false), { timeout: 20_000, interval: 50 });
          expect(infos.filter((m) => m.startsWith('Redis answers again'))).toHaveLength(1);
        } finally {
          redisProc.kill('SIGTERM');
        }
      }
    } finally {
      await links.close();
      await proxy.close();
    }
  });
});
