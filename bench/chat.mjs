// Chat: 500 connected shoppers, each joined to their own conversation's room, and staff
// replies at 50 per second through POST /api/staff/reply; the delivery latency from the staff API
// call to the shopper's socket receiving `newMessage`, p50 and p99. Then the same across two
// server instances sharing PostgreSQL and Redis (shoppers on one, staff calling the other, so every
// delivery crosses the Redis adapter). The shoppers' sockets live in this process, on the same
// 2 cores as the servers: the figures include the load generator's own scheduling delays.
// BENCH_CHAT_SECONDS (default 10), BENCH_REDIS_URL (default redis://127.0.0.1:6379).
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { createPgDatabase, describeLimits, median, percentile, runTs, serverEnv, sleep, startServer, tempDir } from '../scripts/bench-lib.mjs';

export const targets = { p99Ms: 50 };
const SHOPPERS = 500;
const RATE = 50;
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    s.setTimeout(1500);
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

async function connectShoppers(url, shoppers) {
  const sockets = [];
  // A few at a time: 500 handshakes at once only measure the accept queue.
  for (let i = 0; i < shoppers.length; i += 25) {
    await Promise.all(
      shoppers.slice(i, i + 25).map(async (s) => {
        const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token: s.token }, reconnection: false, forceNew: true });
        await new Promise((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const ack = await socket.timeout(10_000).emitWithAck('join', s.conversationId);
        if (!ack?.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
        sockets.push(socket);
      }),
    );
  }
  return sockets;
}

/** Staff replies at RATE per second for SECONDS to shoppers in turn; latency per delivered message. */
async function replyLoad(staffUrl, staffToken, shoppers, sockets) {
  const sentAt = new Map();
  const latencies = [];
  const apiLatencies = [];
  for (const socket of sockets) {
    socket.on('newMessage', (m) => {
      const t = sentAt.get(m.body);
      if (t !== undefined) {
        latencies.push(performance.now() - t);
        sentAt.delete(m.body);
      }
    });
  }
  const total = RATE * SECONDS;
  const start = performance.now();
  const pending = [];
  let failed = 0;
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const body = `bench reply ${n} ${Math.random().toString(36).slice(2, 8)}`;
    const t0 = performance.now();
    sentAt.set(body, t0);
    pending.push(
      fetch(`${staffUrl}/api/staff/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: staffToken },
        body: JSON.stringify({ email: shoppers[n % shoppers.length].email, text: body }),
      }).then(
        (r) => {
          apiLatencies.push(performance.now() - t0);
          return r.ok ? r.arrayBuffer() : ((failed += 1), r.text().then((t) => console.log(`  reply ${r.status}: ${t.slice(0, 200)}`)));
        },
        () => (failed += 1),
      ),
    );
  }
  await Promise.all(pending);
  const deadline = performance.now() + 5000;
  while (sentAt.size > failed && performance.now() < deadline) await sleep(50);
  const elapsed = (performance.now() - start) / 1000;
  return { sent: total, delivered: latencies.length, failed, rate: +(total / elapsed).toFixed(1), p50: +median(latencies).toFixed(1), p99: +percentile(latencies, 99).toFixed(1), apiP50: +median(apiLatencies).toFixed(1), apiP99: +percentile(apiLatencies, 99).toFixed(1) };
}

async function scenario(root, label, seeded, serverOpts) {
  const servers = [];
  let sockets = [];
  try {
    for (const opts of serverOpts) servers.push(await startServer(root, opts));
    const shopperServer = servers[0];
    const staffServer = servers[servers.length - 1];
    sockets = await connectShoppers(shopperServer.url, seeded.shoppers);
    await sleep(500);
    const r = await replyLoad(staffServer.url, seeded.staff.token, seeded.shoppers, sockets);
    console.log(`  ${label}: ${sockets.length} shoppers connected; ${r.sent} replies at ${r.rate}/s, ${r.delivered} delivered, ${r.failed} failed; delivery p50 ${r.p50} ms, p99 ${r.p99} ms; staff API response p50 ${r.apiP50} ms, p99 ${r.apiP99} ms`);
    return [
      { figure: `chat ${label}: delivery p50`, value: r.p50, unit: 'ms', target: null, better: 'lower' },
      { figure: `chat ${label}: delivery p99`, value: r.p99, unit: 'ms', target: targets.p99Ms, better: 'lower' },
      { figure: `chat ${label}: staff reply API p99`, value: r.apiP99, unit: 'ms', target: null, better: 'lower' },
      { figure: `chat ${label}: replies not delivered`, value: r.sent - r.delivered, unit: '', target: 0, better: 'lower' },
    ];
  } finally {
    for (const s of sockets) s.disconnect();
    for (const s of servers) await s.stop();
  }
}

export async function run({ root }) {
  console.log(`Rate limits raised for this run: ${describeLimits()}. ${SHOPPERS} shoppers, staff replies ${RATE}/s for ${SECONDS} s.`);
  const rows = [];
  const pg = await createPgDatabase('chat');
  const dataDir = tempDir('chat');
  try {
    const db = pg.url ? { databaseUrl: pg.url, dataDir } : { dataDir };
    const seeded = runTs(root, 'scripts/bench-seed.ts', ['--shoppers', String(SHOPPERS)], serverEnv({ ...db, port: 0 }));
    const dbLabel = pg.url ? 'PostgreSQL' : 'PGlite';
    rows.push(...(await scenario(root, `1 instance (${dbLabel})`, seeded, [db])));
    if (!pg.url) {
      console.log(`  two instances not measured: ${pg.reason}`);
      rows.push({ figure: 'chat 2 instances via Redis: not measured (no PostgreSQL)', value: 0, unit: '', target: 1, better: 'higher' });
    } else if (!(await reachable(REDIS_URL))) {
      console.log(`  two instances not measured: Redis not reachable at ${REDIS_URL}`);
      rows.push({ figure: 'chat 2 instances via Redis: not measured (no Redis)', value: 0, unit: '', target: 1, better: 'higher' });
    } else {
      const shared = { ...db, redisUrl: REDIS_URL };
      const dataDirB = tempDir('chat-b');
      try {
        rows.push(...(await scenario(root, '2 instances via Redis', seeded, [shared, { ...shared, dataDir: dataDirB }])));
      } finally {
        fs.rmSync(dataDirB, { recursive: true, force: true });
      }
    }
  } finally {
    await pg.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
