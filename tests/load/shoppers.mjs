// Scripted shoppers against the real server on PostgreSQL.
//
// `runLoad()` creates a database of its own on the PostgreSQL at DATABASE_URL (default the
// machine's, 127.0.0.1:5432), starts `server/main.ts` on it (NODE_ENV=production, serving dist/
// when built), registers N shoppers and lets each one browse, change its cart and wishlist, chat
// over socket.io and check out through the built-in card page for `durationMs`. Each shopper acts
// in sequence (think time between actions), so its own cart, wishlist and chat are known exactly
// from what the server acknowledged; afterwards the database is checked against that:
//   - every paid payment session has exactly one order, and it is 'Order Placed';
//   - no order is 'Order Placed' without a paid session;
//   - every acknowledged cart line, wishlist entry and chat message is in the database, once;
//   - every checkout the shopper saw verified is an 'Order Placed' order; no 5xx answers.
// Shoppers come from distinct client addresses (X-Forwarded-For with TRUST_PROXY=loopback, as behind
// a load balancer), so per-IP limits (sign-up, the test card page) apply per shopper, as in real
// use. Everything targets 127.0.0.1 and stops by itself (deadline, bounded loops); the database is
// dropped at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';

export const ADDRESS = {
  firstName: 'Load',
  lastName: 'Shopper',
  email: 'load.shopper@example.com',
  street: '1 Busy Street',
  city: 'Portland',
  state: 'OR',
  zipcode: '97201',
  country: 'United States',
  phone: '5035550199',
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const pick = (arr) => arr[Math.floor(Math.random() * arr.length)];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminClient(base) {
  const tryConnect = async (u) => {
    const c = new pg.Client({ connectionString: u, connectionTimeoutMillis: 3000 });
    await c.connect();
    return c;
  };
  try {
    return await tryConnect(base);
  } catch (err) {
    if (err.code !== '3D000') throw err;
    return tryConnect(withDatabase(base, 'postgres'));
  }
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Counters of one run; `phase` names the part of the run a request started in (cluster faults). */
export function newStats() {
  return { requests: 0, byStatus: {}, latencies: [], byAction: {}, byPhase: {}, socketMessages: 0, chatLatencies: [], errors: [] };
}

/** Starts counting afresh (after the untimed set-up), keeping what the set-up counted in `setupRequests`. */
export function resetTimedStats(stats) {
  stats.setupRequests = stats.requests;
  stats.latencies = [];
  stats.byStatus = {};
  stats.byAction = {};
  stats.byPhase = {};
}

/**
 * A request function against `base` from a given client address (X-Forwarded-For), counting
 * statuses, latencies and, per phase, 5xx and network failures.
 */
export function makeRequester(base, stats, phase = () => 'steady') {
  return async (ip, method, url, { body, token, form, headers = {}, action } = {}) => {
    const h = { 'x-forwarded-for': ip, ...headers };
    if (token) h.token = token;
    let payload;
    if (form) {
      h['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const inPhase = phase();
    (stats.byPhase[inPhase] ??= { requests: 0, failed: 0 }).requests += 1;
    // A failure counts in the phase it happened in: a request in flight when an instance was killed
    // belongs to the kill, whenever it started.
    const failedNow = () => (stats.byPhase[phase()] ??= { requests: 0, failed: 0 });
    const started = performance.now();
    let res;
    let text;
    try {
      res = await fetch(`${base}${url}`, { method, headers: h, body: payload, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      // The body too: a connection cut (or 30 s passing) while it streams is a failed answer, not a crash of the run.
      text = await res.text();
    } catch (err) {
      stats.byStatus.network = (stats.byStatus.network ?? 0) + 1;
      failedNow().failed += 1;
      stats.errors.push(`${phase()}: ${method} ${url}: ${err.message}${err.cause ? ` (${err.cause.code ?? err.cause.message})` : ''} at ${new Date().toISOString().slice(11, 23)}`);
      return { status: 0, json: {}, headers: new Headers() };
    }
    const ms = performance.now() - started;
    stats.requests += 1;
    stats.latencies.push(ms);
    stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
    if (action) stats.byAction[action] = (stats.byAction[action] ?? 0) + 1;
    if (res.status >= 500) {
      failedNow().failed += 1;
      stats.errors.push(`${phase()}: ${res.status} ${method} ${url}: ${text.slice(0, 200)} at ${new Date().toISOString().slice(11, 23)}`);
    }
    let json = {};
    try {
      json = JSON.parse(text);
    } catch {
      /* html or empty */
    }
    return { status: res.status, json, headers: res.headers };
  };
}

/** Waits until GET base/readyz answers 200 (or `alive()` says the process is gone). */
export async function waitForReady(base, { alive = () => true, output = () => '', timeoutMs = 90_000 } = {}) {
  const readyBy = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`server exited before ready:\n${output().slice(-2000)}`);
    try {
      if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > readyBy) throw new Error(`server not ready:\n${output().slice(-2000)}`);
    await sleep(200);
  }
}

/** `n` shoppers registered from distinct client addresses; what the server acknowledges is kept per shopper. */
export async function signUpShoppers(request, n, tag) {
  const people = [];
  for (let batch = 0; batch < n; batch += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, n - batch) }, async (_, j) => {
        const i = batch + j;
        const ip = `10.${Math.floor(i / 250)}.${i % 250}.${1 + (i % 7)}`;
        const email = `shopper${i}.${tag}@example.com`;
        const reg = await request(ip, 'POST', '/api/user/register', { body: { name: `Shopper ${i}`, email, password: `load-password-${i}` }, action: 'register' });
        if (reg.status !== 200) throw new Error(`register ${i} answered ${reg.status}: ${JSON.stringify(reg.json)}`);
        people[i] = { i, ip, email, token: reg.json.token, cart: {}, wishlist: new Set(), sentMessages: 0, verified: [], declined: 0, conversationId: null, etag: null, staffReplies: [], received: new Set(), reconnects: 0, inDoubt: new Set(), messagesInDoubt: 0, lowered: 0 };
      }),
    );
  }
  return people;
}

/**
 * Each shopper's chat: the conversation and a websocket joined to its room. Every message that
 * arrives is noted by id; after a reconnect the shopper joins again and fetches the thread, so a
 * message sent while the socket was away still reaches them (as the app does).
 */
export async function openChats(base, people, request, stats, sockets) {
  await Promise.all(
    people.map(async (p) => {
      const conv = await request(p.ip, 'GET', '/api/conversations/general', { token: p.token, action: 'chat-open' });
      p.conversationId = conv.json.conversation._id;
      const socket = connectSocket(base, { path: '/socket.io', auth: { token: p.token }, transports: ['websocket'], forceNew: true, reconnection: true, reconnectionDelay: 500, reconnectionDelayMax: 2000 });
      sockets.push(socket);
      p.pendingChat = new Map();
      socket.on('newMessage', (m) => {
        stats.socketMessages += 1;
        p.received.add(m._id);
        const at = p.pendingChat.get(m.body);
        if (at) {
          stats.chatLatencies.push(performance.now() - at);
          p.pendingChat.delete(m.body);
        }
      });
      let connectedOnce = false;
      await new Promise((resolve, reject) => {
        socket.on('connect', () => {
          socket.emit('join', p.conversationId, async (r) => {
            if (!connectedOnce) {
              connectedOnce = true;
              return r?.ok ? resolve() : reject(new Error(`join: ${r?.message}`));
            }
            p.reconnects += 1;
            const thread = await request(p.ip, 'GET', '/api/conversations/general', { token: p.token, action: 'chat-catch-up' });
            for (const m of thread.json.messages ?? []) p.received.add(m._id);
          });
        });
        socket.once('connect_error', (err) => {
          if (!connectedOnce) reject(err);
        });
      });
    }),
  );
}

/**
 * A write whose answer never came (the connection dropped, or a 5xx from a dying instance): it may
 * or may not have been saved, so the invariants neither demand nor forbid it.
 */
const unanswered = (res) => res.status === 0 || res.status >= 500;

/** The scripted shopper's actions and how often each is chosen. */
export function shopperActions({ request, products, buyable, hasDist }) {
  const lineKey = (prod) => `${prod._id}_${prod.colorVariants[0].color}|`;
  const actions = {
    async browse(p) {
      const list = await request(p.ip, 'GET', '/api/product/list', { headers: p.etag ? { 'if-none-match': p.etag } : {}, action: 'browse' });
      if (list.status === 200) p.etag = list.headers.get('etag');
      await request(p.ip, 'GET', `/api/product/single/${pick(products)._id}`, { action: 'browse' });
      if (Math.random() < 0.3) await request(p.ip, 'GET', '/api/bundle/list', { action: 'browse' });
      if (hasDist && Math.random() < 0.2) await request(p.ip, 'GET', pick(['/', '/collection', `/product/${pick(products)._id}`]), { action: 'browse' });
    },
    async cartAdd(p) {
      const prod = pick(buyable);
      const key = lineKey(prod);
      if ((p.cart[key] ?? 0) >= 95) return;
      const res = await request(p.ip, 'POST', '/api/cart/add', { token: p.token, body: { itemId: prod._id, color: `${prod.colorVariants[0].color}|`, quantity: 1 }, headers: { 'idempotency-key': `${p.i}-${Date.now()}-${Math.random()}` }, action: 'cart' });
      if (res.status === 200) p.cart[key] = (p.cart[key] ?? 0) + 1;
      else if (unanswered(res)) p.inDoubt.add(key);
    },
    async cartUpdate(p) {
      const keys = Object.keys(p.cart);
      if (!keys.length) return actions.cartAdd(p);
      const key = pick(keys);
      const [itemId, variant] = [key.slice(0, key.indexOf('_')), key.slice(key.indexOf('_') + 1)];
      const quantity = Math.random() < 0.3 ? 0 : 1 + Math.floor(Math.random() * 4);
      const res = await request(p.ip, 'POST', '/api/cart/update', { token: p.token, body: { itemId, color: variant, quantity }, action: 'cart' });
      if (res.status === 200) {
        if (quantity === 0) delete p.cart[key];
        else p.cart[key] = quantity;
      } else if (unanswered(res)) p.inDoubt.add(key);
    },
    async wishlist(p) {
      const prod = pick(products);
      const has = p.wishlist.has(prod._id);
      const res = await request(p.ip, 'POST', has ? '/api/wishlist/remove' : '/api/wishlist/add', { token: p.token, body: { productId: prod._id }, action: 'wishlist' });
      if (res.status === 200) {
        if (has) p.wishlist.delete(prod._id);
        else p.wishlist.add(prod._id);
      } else if (unanswered(res)) p.inDoubt.add(prod._id);
    },
    async chat(p) {
      const body = `load message ${p.i}-${p.sentMessages + 1}-${Math.random().toString(36).slice(2, 8)}`;
      p.pendingChat.set(body, performance.now());
      const res = await request(p.ip, 'POST', '/api/messages', { token: p.token, body: { conversationId: p.conversationId, body }, action: 'chat' });
      if (res.status === 200) p.sentMessages += 1;
      else {
        p.pendingChat.delete(body);
        if (unanswered(res)) p.messagesInDoubt += 1;
      }
    },
    async checkout(p) {
      const keys = Object.keys(p.cart);
      if (!keys.length) return actions.cartAdd(p);
      const items = keys.map((k) => ({ productId: k.slice(0, k.indexOf('_')), color: k.slice(k.indexOf('_') + 1), quantity: p.cart[k] }));
      const quote = await request(p.ip, 'POST', '/api/order/quote', { token: p.token, body: { items }, action: 'checkout' });
      if (quote.status !== 200) return;
      const placed = await request(p.ip, 'POST', '/api/order/stripe', { token: p.token, body: { address: ADDRESS, items, amount: quote.json.quote.amount, description: '', discountCode: '', isBuyNow: false }, action: 'checkout' });
      if (placed.status === 409 && Array.isArray(placed.json.cart)) {
        // A stocked-only option had fewer free units ("Only N left — we updated your cart"): the
        // server lowered exactly the lines it names (0 removes one), and this answer acknowledges it.
        for (const { key, quantity } of placed.json.cart) {
          if (quantity > 0) p.cart[key] = quantity;
          else delete p.cart[key];
        }
        p.lowered += placed.json.cart.length;
        return;
      }
      // No answer: the cart may have been lowered (or not); its lines are neither demanded nor forbidden.
      if (unanswered(placed)) for (const k of keys) p.inDoubt.add(k);
      if (placed.status !== 200) return;
      const { sessionId, orderId } = placed.json;
      await request(p.ip, 'GET', `/pay/${sessionId}`, { action: 'checkout' });
      const decline = Math.random() < 0.15;
      const paid = await request(p.ip, 'POST', `/pay/${sessionId}`, { form: { name: 'Load Shopper', number: decline ? '4000 0000 0000 0002' : '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' }, action: 'checkout' });
      const verify = await request(p.ip, 'POST', '/api/order/verifyStripe', { token: p.token, body: { success: paid.status === 303, sessionId }, action: 'checkout' });
      if (verify.status === 200 && verify.json.success === true) {
        p.verified.push({ orderId, sessionId });
        p.cart = {}; // the paid order took the cart (not buy-now)
      } else if (unanswered(paid) || unanswered(verify)) {
        // Paid or not is unknown here, so is whether the order took the cart.
        for (const k of keys) p.inDoubt.add(k);
      } else if (decline) p.declined += 1;
    },
  };
  const weights = [
    ['browse', 40],
    ['cartAdd', 20],
    ['cartUpdate', 10],
    ['wishlist', 15],
    ['chat', 5],
    ['checkout', 10],
  ];
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const chooseAction = () => {
    let r = Math.random() * total;
    for (const [name, w] of weights) if ((r -= w) < 0) return name;
    return 'browse';
  };
  return { actions, chooseAction };
}

/** Every shopper acts in turn, with think time, until the deadline. */
export async function runShoppers(people, { actions, chooseAction, deadline, thinkMs }) {
  const lastChat = new Map();
  await Promise.all(
    people.map(async (p) => {
      await sleep(Math.random() * thinkMs[1]);
      for (let n = 0; n < 100_000 && Date.now() < deadline; n++) {
        let name = chooseAction();
        // The chat limit is 5 messages per 10 s per shopper: a person types slower than that.
        if (name === 'chat' && Date.now() - (lastChat.get(p.i) ?? 0) < 2500) name = 'browse';
        if (name === 'chat') lastChat.set(p.i, Date.now());
        await actions[name](p);
        await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]));
      }
    }),
  );
}

/** Units on hand per option ('<productId> <variant>' → on_hand), before the timed run. */
export async function readStock(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = (await db.query(`select product_id, variant, on_hand from stock_options`)).rows;
    return new Map(rows.map((r) => [`${r.product_id} ${r.variant}`, r.on_hand]));
  } finally {
    await db.end().catch(() => undefined);
  }
}

/**
 * Stock, from the database, whichever instance moved it: never negative nor held beyond what is on
 * hand; each option's held units are exactly its open reservations' shelf units; a reservation is
 * held while its order awaits payment, taken once paid, released once cancelled; and (given the
 * units on hand before the run, no staff stock edits or restocks during it) every option's units on
 * hand are what it had minus the shelf units paid orders took.
 */
async function checkStock(q, stockBefore) {
  const violations = [];
  for (const r of await q(`select product_id, variant, on_hand, reserved from stock_options where on_hand < 0 or reserved < 0 or reserved > on_hand`))
    violations.push(`stock of ${r.product_id} ${r.variant}: ${r.on_hand} on hand, ${r.reserved} held`);
  const held = await q(`select s.product_id, s.variant, s.reserved, coalesce(sum(r.from_shelf) filter (where r.status = 'held'), 0)::int as held
                          from stock_options s left join stock_reservations r on r.product_id = s.product_id and r.variant = s.variant
                         group by s.product_id, s.variant, s.reserved having s.reserved <> coalesce(sum(r.from_shelf) filter (where r.status = 'held'), 0)`);
  for (const r of held) violations.push(`stock of ${r.product_id} ${r.variant}: ${r.reserved} counted as held, open reservations hold ${r.held}`);
  const mismatched = await q(`select r.order_id, r.status, o.status as order_status, o.paid_at is not null as paid from stock_reservations r join orders o on o.id = r.order_id
                               where not ((r.status = 'held' and o.status = 'Payment Pending')
                                       or (r.status = 'taken' and o.paid_at is not null)
                                       or (r.status = 'released' and o.paid_at is null and o.status <> 'Payment Pending'))`);
  for (const r of mismatched) violations.push(`order ${r.order_id} is ${r.order_status} (paid ${r.paid}) but its units are ${r.status}`);
  const unheld = await q(`select o.id from orders o where not exists (select 1 from stock_reservations r where r.order_id = o.id)`);
  for (const r of unheld) violations.push(`order ${r.id} holds no units`);
  if (stockBefore) {
    const taken = await q(`select s.product_id, s.variant, s.on_hand, coalesce(sum(r.from_shelf) filter (where r.status = 'taken'), 0)::int as taken
                             from stock_options s left join stock_reservations r on r.product_id = s.product_id and r.variant = s.variant
                            group by s.product_id, s.variant, s.on_hand`);
    for (const r of taken) {
      const before = stockBefore.get(`${r.product_id} ${r.variant}`);
      if (before !== undefined && r.on_hand !== before - r.taken) violations.push(`stock of ${r.product_id} ${r.variant}: ${r.on_hand} on hand, ${before} before the run less ${r.taken} taken by paid orders`);
    }
  }
  return violations;
}

/**
 * The invariants, from the database: no paid order lost or doubled, every acknowledged cart line,
 * wishlist entry and chat message stored once, every verified checkout an order; every staff reply
 * that was acknowledged reached its shopper (live, or fetched after a reconnect); stock (checkStock).
 */
export async function checkInvariants(databaseUrl, people, { stockBefore } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const q = async (text, params) => (await db.query(text, params)).rows;
    const violations = [];
    const paidSessionOrders = await q(`select s.id, count(o.id)::int as n, bool_and(o.status in ('Order Placed', 'Processing', 'Delivered')) as placed
                                          from payment_sessions s left join orders o on o.id = s.order_id
                                         where s.status = 'paid' group by s.id`);
    for (const r of paidSessionOrders) if (r.n !== 1 || !r.placed) violations.push(`paid session ${r.id} has ${r.n} order(s), placed=${r.placed}`);
    const byOrder = await q(`select order_id, count(*)::int as n from payment_sessions where status = 'paid' group by order_id having count(*) > 1`);
    for (const r of byOrder) violations.push(`order ${r.order_id} was paid by ${r.n} sessions`);
    const unpaidPlaced = await q(`select o.id from orders o where o.status = 'Order Placed' and (o.paid_at is null or not exists (select 1 from payment_sessions s where s.order_id = o.id and s.status = 'paid'))`);
    for (const r of unpaidPlaced) violations.push(`order ${r.id} is Order Placed without a paid session`);
    violations.push(...(await checkStock(q, stockBefore)));
    const checked = { paidSessions: paidSessionOrders.length, cartLines: 0, wishlistEntries: 0, messages: 0, verifiedOrders: 0, staffReplies: 0, linesLowered: 0, stockOptions: (await q(`select count(*)::int as n from stock_options`))[0].n };
    for (const p of people) {
      const uid = (await q(`select id from users where email = $1`, [p.email]))[0].id;
      const sure = ([key]) => !p.inDoubt.has(key);
      const cart = Object.fromEntries((await q(`select key, quantity from cart_lines where user_id = $1`, [uid])).map((r) => [r.key, r.quantity]).filter(sure));
      const acked = Object.fromEntries(Object.entries(p.cart).filter(sure));
      if (JSON.stringify(Object.entries(cart).sort()) !== JSON.stringify(Object.entries(acked).sort())) violations.push(`shopper ${p.i}: cart ${JSON.stringify(cart)} ≠ acknowledged ${JSON.stringify(acked)}`);
      checked.cartLines += Object.keys(p.cart).length;
      checked.linesLowered += p.lowered;
      const wl = (await q(`select product_id from wishlist_items where user_id = $1`, [uid])).map((r) => r.product_id).filter((id) => !p.inDoubt.has(id)).sort();
      if (JSON.stringify(wl) !== JSON.stringify([...p.wishlist].filter((id) => !p.inDoubt.has(id)).sort())) violations.push(`shopper ${p.i}: wishlist differs from acknowledged`);
      checked.wishlistEntries += p.wishlist.size;
      const msgs = (await q(`select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where c.user_id = $1 and not m.is_admin`, [uid]))[0].n;
      if (msgs < p.sentMessages || msgs > p.sentMessages + p.messagesInDoubt) violations.push(`shopper ${p.i}: ${msgs} messages stored, ${p.sentMessages} acknowledged (${p.messagesInDoubt} unanswered)`);
      checked.messages += p.sentMessages;
      for (const v of p.verified) {
        const o = (await q(`select status from orders where id = $1 and user_id = $2`, [v.orderId, uid]))[0];
        if (o?.status !== 'Order Placed') violations.push(`shopper ${p.i}: verified order ${v.orderId} is ${o?.status}`);
        checked.verifiedOrders += 1;
      }
      for (const id of p.staffReplies) {
        if (!p.received.has(id)) violations.push(`shopper ${p.i}: staff reply ${id} never reached the open chat`);
        checked.staffReplies += 1;
      }
    }
    const orders = Object.fromEntries((await q(`select status, count(*)::int as n from orders group by status`)).map((r) => [r.status, r.n]));
    return { violations, checked, orders };
  } finally {
    await db.end().catch(() => undefined);
  }
}

/** The figures of a run from its counters. */
export function summarise(stats, { shoppers, elapsed }) {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const chatSorted = [...stats.chatLatencies].sort((a, b) => a - b);
  const fiveXX = Object.entries(stats.byStatus).filter(([s]) => Number(s) >= 500 || s === 'network').reduce((a, [, n]) => a + n, 0);
  return {
    shoppers,
    durationS: elapsed,
    requests: stats.requests,
    setupRequests: stats.setupRequests ?? 0,
    throughput: stats.requests / elapsed,
    latencyMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
    chatDeliveryMs: { p50: percentile(chatSorted, 50), p95: percentile(chatSorted, 95), n: chatSorted.length },
    byStatus: stats.byStatus,
    byAction: stats.byAction,
    byPhase: stats.byPhase,
    fiveXX,
  };
}

/** The catalog's simple products: one colour, no sizes (a cart line the scripts can name). */
export function simpleProducts(products) {
  return products.filter((p) => !p.outOfStock && !p.vaulted && !p.notAvailableYet && !p.comingSoon && p.colorVariants.length > 0 && !p.clothingSizes.length && !p.canvasSizes.length);
}

/**
 * @param {{ root: string, shoppers?: number, durationMs?: number, thinkMs?: [number, number], databaseUrl?: string, log?: (line: string) => void }} opts
 */
export async function runLoad(opts) {
  const { root, shoppers = 200, durationMs = 60_000, thinkMs = [100, 600], log = () => {} } = opts;
  const baseUrl = opts.databaseUrl ?? process.env.DATABASE_URL?.trim() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `ll_load_${process.pid}_${Date.now().toString(36)}`;
  const admin = await adminClient(baseUrl);
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const databaseUrl = withDatabase(baseUrl, dbName);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // A production build on the built-in test card page with the demo catalog, said explicitly.
    PAYMENTS: 'test',
    SEED_ON_EMPTY: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: base,
    JWT_SECRET: 'load-test-secret-load-test-secret-0123456789',
    TRUST_PROXY: 'loopback',
    STAFF_EMAIL: 'staff@load.test',
    STAFF_PASSWORD: 'load-staff-password',
  };
  for (const k of ['REDIS_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete env[k];
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/server/faults/die-with-parent.mjs', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => server.once('exit', (code, signal) => r(code ?? signal)));
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stats = newStats();
  const sockets = [];
  try {
    await waitForReady(base, { alive: () => server.exitCode === null, output: () => output });
    const hasDist = existsSync(path.join(root, 'dist', 'index.html'));
    const request = makeRequester(base, stats);

    // ---- shoppers sign up and open their chats (not timed) ----
    const products = (await request('10.255.0.1', 'GET', '/api/product/list')).json.products ?? [];
    const buyable = simpleProducts(products);
    if (buyable.length < 3) throw new Error('the seeded catalog has too few simple products');
    const signupStarted = Date.now();
    const people = await signUpShoppers(request, shoppers, dbName);
    log(`${shoppers} shoppers signed up in ${((Date.now() - signupStarted) / 1000).toFixed(1)} s`);
    await openChats(base, people, request, stats, sockets);

    // ---- the timed run ----
    const stockBefore = await readStock(databaseUrl);
    resetTimedStats(stats);
    const started = Date.now();
    await runShoppers(people, { ...shopperActions({ request, products, buyable, hasDist }), deadline: started + durationMs, thinkMs });
    const elapsed = (Date.now() - started) / 1000;
    await sleep(500); // the last socket events
    for (const s of sockets) s.close();

    const { violations, checked, orders } = await checkInvariants(databaseUrl, people, { stockBefore });
    const result = summarise(stats, { shoppers, elapsed });
    if (result.fiveXX > 0) violations.push(`${result.fiveXX} answers were 5xx or network errors: ${stats.errors.slice(0, 5).join(' | ')}`);
    return { ...result, orders, checked, violations };
  } finally {
    for (const s of sockets) s.close();
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const t = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
    process.off('exit', killOnExit);
    const a = await adminClient(baseUrl);
    await a.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).finally(() => a.end());
    rmSync(dataDir, { recursive: true, force: true });
  }
}
