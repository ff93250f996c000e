import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { ConversationResponse, OrderStatus, ServerToClientEvents, ClientToServerEvents } from '../../src/domain/types';
import type { StoredOrderItem } from '../../server/repositories/orders';
import { ADDRESS } from './checkout-helpers';
import { buildTestApp, type TestApp } from './helpers';

let seq = 0;

/** A staff account made through the repository, with a session token. */
export async function makeStaff(app: FastifyInstance): Promise<{ id: string; token: string; email: string }> {
  const email = `staff.${Date.now().toString(36)}.${++seq}@example.com`;
  const user = await app.users.create({ name: 'Staff', email, passwordHash: 'x', role: 'staff' });
  return { id: user.id, token: await app.sessionTokens.issue(user.id), email };
}

export const ITEMS: StoredOrderItem[] = [
  { productId: 'aaaaaaaaaaaaaaaaaaaaaa02', variant: 'Red|M', kind: 'product', name: 'Galaxy Dragon', image: '/img/p/dragon.svg', quantity: 2, unitPriceCents: 3000, lineTotalCents: 6000 },
  { productId: 'bbbbbbbbbbbbbbbbbbbbbb01', variant: 'bundle', kind: 'bundle', name: 'Desk Buddies Bundle', image: '/img/p/bundle.svg', quantity: 1, unitPriceCents: 5000, lineTotalCents: 5000 },
];

/** The path an order takes to reach `status` along the arrows (Payment Pending first). */
const PATH: Record<OrderStatus, OrderStatus[]> = {
  'Payment Pending': [],
  'Order Placed': ['Order Placed'],
  Processing: ['Order Placed', 'Processing'],
  Delivered: ['Order Placed', 'Processing', 'Delivered'],
  Cancelled: ['Cancelled'],
  Refunded: ['Order Placed', 'Refunded'],
};

/** An order inserted through the orders repository and moved along the arrows to `status`. */
export async function insertOrder(app: FastifyInstance, userId: string, opts: { status?: OrderStatus; items?: StoredOrderItem[] } = {}) {
  const items = opts.items ?? ITEMS;
  const subtotal = items.reduce((s, i) => s + i.lineTotalCents, 0);
  const row = await app.orders.create({
    userId,
    address: ADDRESS,
    items,
    subtotalCents: subtotal,
    shippingCents: 0,
    discountCents: 0,
    amountCents: subtotal,
    discountCode: null,
    paymentMethod: 'Stripe',
    isBuyNow: false,
  });
  for (const to of PATH[opts.status ?? 'Order Placed']) {
    // Only a payment makes an order paid: a confirmation of a session the test stands in for.
    if (to === 'Order Placed') await app.orders.markPaid(row.id, `cs_helper_${row.id}`);
    else await app.orders.setStatus(row.id, to);
  }
  return (await app.orders.findById(row.id))!;
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client on `url` with `token` in the handshake auth; resolves once connected (rejects on connect_error). */
export function openSocket(url: string, token?: string): Promise<TestSocket> {
  const socket: TestSocket = connect(url, { path: '/socket.io', auth: token ? { token } : {}, reconnection: false, transports: ['websocket'], forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export function join(socket: TestSocket, conversationId: string): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => socket.emit('join', conversationId, resolve));
}

/** Resolves with every `event` the socket received during `ms`. */
export function collect<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E, ms: number): Promise<Parameters<ServerToClientEvents[E]>[0][]> {
  const got: Parameters<ServerToClientEvents[E]>[0][] = [];
  const on = (payload: Parameters<ServerToClientEvents[E]>[0]) => got.push(payload);
  socket.on(event, on as never);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(event, on as never);
      resolve(got);
    }, ms),
  );
}

/** Resolves with the first `event` (matching `accept`, when given); rejects after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms = 5000,
  accept: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const on = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, on as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, on as never);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    socket.on(event, on as never);
  });
}

/** Makes `app` listen on a free local port; answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
}

/** The shopper's support conversation (`token`'s). */
export async function conversationOf(app: FastifyInstance, token: string) {
  return ((await app.inject({ method: 'GET', url: '/api/conversations/general', headers: { token } })).json() as ConversationResponse).conversation;
}

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the test Redis answers (the tests of several instances are skipped where it does not). */
export function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = net.connect(Number(port || 6379), hostname, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.setTimeout(1000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** `t`'s config behind Redis, with a key of this run's own: parallel runs sharing the Redis never see each other's events. */
export function redisConfig(t: TestApp): Config {
  return { ...t.config, redisUrl: REDIS_URL, realtimeRedisKey: `layerloft-test-${randomUUID()}` };
}

/**
 * Two instances on `t`'s database behind Redis, both listening and both adapters subscribed (each
 * sees two servers on the channel): runs `body` with them, then closes both.
 */
export async function withTwoInstances(t: TestApp, body: (apps: { one: FastifyInstance; two: FastifyInstance; urlTwo: string }) => Promise<void>): Promise<void> {
  const config = redisConfig(t);
  const one = await buildApp(config, { database: t.database, distDir: '/nonexistent' });
  const two = await buildApp(config, { database: t.database, distDir: '/nonexistent' });
  try {
    await listen(one);
    const urlTwo = await listen(two);
    await expect.poll(() => one.realtime.io.of('/').adapter.serverCount(), { timeout: 5000 }).toBe(2);
    await expect.poll(() => two.realtime.io.of('/').adapter.serverCount(), { timeout: 5000 }).toBe(2);
    await body({ one, two, urlTwo });
  } finally {
    await one.close();
    await two.close();
  }
}

export interface SocketApp {
  /** Set once beforeAll has run, like `app` and `url`. */
  t: TestApp;
  app: FastifyInstance;
  /** Where the app listens. */
  url: string;
  /** A socket (see openSocket) that is closed when the file ends. */
  socketFor(base: string, token?: string): Promise<TestSocket>;
}

/** Registers this file's beforeAll/afterAll: a test app listening on a free port, closed after the file's sockets. */
export function useSocketApp(): SocketApp {
  const sockets: TestSocket[] = [];
  const ctx = {
    async socketFor(base: string, token?: string) {
      const s = await openSocket(base, token);
      sockets.push(s);
      return s;
    },
  } as SocketApp;
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    ctx.app = ctx.t.app;
    ctx.url = await listen(ctx.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await ctx.t?.close();
  });
  return ctx;
}
