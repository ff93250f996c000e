// The store as a cluster under load, with faults (`npm run load -- --cluster`).
//
// HAProxy (deploy/haproxy.cfg, Debian's package, installed when missing) in front of three built
// store instances on one PostgreSQL database of the run's own and the machine's Redis, reached
// through a TCP proxy the run can cut. Scripted shoppers browse, fill carts, pay, chat and get
// staff replies through the balancer while the run:
//   - kills one instance with SIGKILL and starts it again (phase 'kill', until it is back in rotation);
//   - sends another SIGTERM and starts it again once it exited (phase 'drain': a rolling restart);
//   - cuts Redis for 10 s (phase 'redis');
//   - has staff rename a product and times how long until every instance serves the new page (on a
//     thread of its own, tests/load/staffEdit.mjs).
// Afterwards the load test's invariants across instances (nothing lost or doubled; every staff
// reply reached its shopper, live or fetched after a reconnect). Everything runs on 127.0.0.1 and
// stops by itself; the database is dropped at the end.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminClient,
  checkInvariants,
  freePort,
  makeRequester,
  newStats,
  openChats,
  pick,
  readStock,
  resetTimedStats,
  runShoppers,
  shopperActions,
  signUpShoppers,
  simpleProducts,
  sleep,
  summarise,
  waitForReady,
  withDatabase,
} from './shoppers.mjs';
import { timeStaffEdit } from './staffEdit.mjs';
import { TcpProxy } from './tcpProxy.mjs';

const JWT_SECRET = 'cluster-load-secret-cluster-load-secret-0123456789';
const STAFF = { email: 'staff@cluster.test', password: 'cluster-staff-password' };
const DRAIN_MS = 3000;
const REDIS_CUT_MS = 10_000;

/** HAProxy from Debian's package, installed the way .ci/run installs Chromium. */
function ensureHaproxy(log) {
  if (spawnSync('haproxy', ['-v']).status === 0) return;
  log('haproxy is missing: installing Debian\'s package');
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'haproxy']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed: install haproxy to run the cluster load test`);
  }
}

/** One store instance: compiled server, its own DATA_DIR, the shared database and Redis. */
function instance(root, name, port, shared) {
  // `output` is the tail of what the instance printed; `problems` its first error lines (a burst of
  // 5xx early in the run would otherwise scroll out of the tail).
  const self = { name, port, url: `http://127.0.0.1:${port}`, proc: null, output: '', problems: [], exited: null };
  const keep = (d) => {
    self.output = (self.output + d).slice(-8000);
    for (const line of String(d).split('\n')) {
      if (self.problems.length < 30 && /"level":(50|60)|Error|error/.test(line)) self.problems.push(line.slice(0, 1500));
    }
  };
  self.start = () => {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'test',
      SEED_ON_EMPTY: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `layerloft-cluster-${name}-`)),
      DATABASE_URL: shared.databaseUrl,
      REDIS_URL: shared.redisUrl,
      JWT_SECRET,
      PUBLIC_URL: shared.publicUrl,
      TRUST_PROXY: 'loopback',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: 'warn',
      STAFF_EMAIL: STAFF.email,
      STAFF_PASSWORD: STAFF.password,
    };
    for (const k of ['VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete env[k];
    self.dataDir = env.DATA_DIR;
    self.proc = spawn(process.execPath, ['--import', './tests/server/faults/die-with-parent.mjs', 'dist-server/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    self.proc.stdout.on('data', keep);
    self.proc.stderr.on('data', keep);
    self.exited = new Promise((r) => self.proc.once('exit', (code, signal) => r(code ?? signal)));
    return waitForReady(self.url, { alive: () => self.proc.exitCode === null && self.proc.signalCode === null, output: () => self.output });
  };
  self.signal = async (sig) => {
    self.proc.kill(sig);
    return self.exited;
  };
  self.stop = async () => {
    if (!self.proc || self.proc.exitCode !== null || self.proc.signalCode !== null) return;
    self.proc.kill('SIGTERM');
    const t = setTimeout(() => self.proc.kill('SIGKILL'), DRAIN_MS + 15_000);
    await self.exited;
    clearTimeout(t);
  };
  return self;
}

/** Until `check()` holds (polled every 20 ms; a check that throws does not hold), at most `ms`; answers how long it took. */
async function timeUntil(check, ms) {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await check().catch(() => false)) return performance.now() - started;
    await sleep(20);
  }
  return Infinity;
}

/**
 * @param {{ root: string, shoppers?: number, durationMs?: number, thinkMs?: [number, number], log?: (line: string) => void }} opts
 */
export async function runCluster(opts) {
  const { root, shoppers = 300, durationMs = 120_000, thinkMs = [200, 900], log = () => {} } = opts;
  ensureHaproxy(log);
  const baseUrl = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `ll_cluster_${process.pid}_${Date.now().toString(36)}`;
  const admin = await adminClient(baseUrl);
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const databaseUrl = withDatabase(baseUrl, dbName);
  const redis = new URL(process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379');
  const redisProxy = await TcpProxy.start({ host: redis.hostname, port: Number(redis.port || 6379) });
  const lbPort = await freePort();
  const lb = `http://127.0.0.1:${lbPort}`;
  const shared = { databaseUrl, redisUrl: redisProxy.wrap(redis.toString()), publicUrl: lb };
  const nodes = [];
  for (const name of ['a', 'b', 'c']) nodes.push(instance(root, name, await freePort(), shared));
  let haproxy;
  let haproxyLog = '';
  let lastSaid = '';
  const sockets = [];
  let phase = 'steady';
  const stats = newStats();
  const events = [];
  let t0 = Date.now();
  const note = (line) => {
    events.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${line}`);
    log(line);
  };

  try {
    // The first instance migrates and seeds; the others start on the migrated database.
    await nodes[0].start();
    await Promise.all(nodes.slice(1).map((n) => n.start()));
    haproxy = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
      env: { ...process.env, LB_BIND: `127.0.0.1:${lbPort}`, STORE_A: `127.0.0.1:${nodes[0].port}`, STORE_B: `127.0.0.1:${nodes[1].port}`, STORE_C: `127.0.0.1:${nodes[2].port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    haproxy.stderr.on('data', (d) => {
      haproxyLog = (haproxyLog + d).slice(-8000);
      // When HAProxy takes an instance out of rotation or back, on the run's timeline.
      for (const line of String(d).split('\n')) {
        const said = `haproxy: ${line.replace(/^.*?(Server )/, '$1').slice(0, 120)}`;
        // HAProxy says it on two log targets: once on the timeline.
        if (/Server \S+ is (DOWN|UP)/.test(line) && said !== lastSaid) note((lastSaid = said));
      }
    });
    await waitForReady(lb, { alive: () => haproxy.exitCode === null, output: () => haproxyLog, timeoutMs: 30_000 });
    log(`HAProxy on ${lb} in front of ${nodes.map((n) => n.url).join(', ')}`);

    const request = makeRequester(lb, stats, () => phase);
    const products = (await request('10.255.0.1', 'GET', '/api/product/list')).json.products ?? [];
    const buyable = simpleProducts(products);
    const people = await signUpShoppers(request, shoppers, dbName);
    await openChats(lb, people, request, stats, sockets);
    const login = await request('10.255.0.2', 'POST', '/api/user/login', { body: STAFF });
    const staffToken = login.json.token;
    if (!staffToken) throw new Error(`staff login failed: ${JSON.stringify(login.json)}`);
    log(`${shoppers} shoppers signed up with open chats; staff logged in`);

    const stockBefore = await readStock(databaseUrl);
    resetTimedStats(stats);
    const started = Date.now();
    t0 = started;
    note(`timed run starts at ${new Date(started).toISOString().slice(11, 23)}`);
    const deadline = started + durationMs;
    const at = (fraction) => sleep(Math.max(0, started + durationMs * fraction - Date.now()));

    // Staff answer chats throughout: each acknowledged reply must reach its shopper.
    const staffReplies = (async () => {
      for (let n = 0; Date.now() < deadline && n < 100_000; n++) {
        const p = pick(people);
        const res = await request('10.255.0.2', 'POST', '/api/messages', { token: staffToken, body: { conversationId: p.conversationId, body: `staff reply ${n}` }, action: 'staff-reply' });
        if (res.status === 200) p.staffReplies.push(res.json.message._id);
        await sleep(150);
      }
    })();

    const faults = (async () => {
      const [a, b, c] = nodes;
      await at(0.15);
      phase = 'kill';
      note(`SIGKILL instance b (pid ${b.proc.pid})`);
      await b.signal('SIGKILL');
      await sleep(5000);
      await b.start();
      await timeUntil(async () => (await fetch(`${lb}/readyz`)).ok, 5000);
      await sleep(2500); // two health checks (rise 2): b is back in rotation
      note('instance b restarted and back in rotation');
      phase = 'steady';

      await at(0.35);
      phase = 'drain';
      note(`SIGTERM instance c (rolling restart, ${DRAIN_MS} ms drain)`);
      const code = await c.signal('SIGTERM');
      note(`instance c exited with ${code}`);
      await c.start();
      await sleep(2500);
      note('instance c restarted and back in rotation');
      phase = 'steady';

      await at(0.55);
      phase = 'redis';
      note(`Redis cut for ${REDIS_CUT_MS / 1000} s`);
      await redisProxy.cut('refuse');
      await sleep(REDIS_CUT_MS);
      await redisProxy.restore();
      note('Redis back');
      await sleep(3000); // the adapters reconnect
      phase = 'steady';

      await at(0.75);
      // On a thread of its own: this one's event loop is busy with the shoppers (tests/load/staffEdit.mjs).
      const times = await timeStaffEdit({ lb, staffToken, productId: buyable[0]._id, instances: [a, b, c].map((n) => n.url) });
      note(`staff renamed a product: served by every instance after ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
      return Math.max(...times);
    })();

    const [, editPropagationMs] = await Promise.all([runShoppers(people, { ...shopperActions({ request, products, buyable, hasDist: true }), deadline, thinkMs }), faults, staffReplies]);
    const elapsed = (Date.now() - started) / 1000;
    await sleep(3000); // the last socket events and catch-ups
    for (const s of sockets) s.close();

    const { violations, checked, orders } = await checkInvariants(databaseUrl, people, { stockBefore });
    const result = summarise(stats, { shoppers, elapsed });
    for (const [name, counts] of Object.entries(result.byPhase)) {
      // Only requests in flight on the killed instance may fail, and only while it is down.
      if (counts.failed > 0 && name !== 'kill') violations.push(`${counts.failed} answers were 5xx or network errors in phase ${name}: ${stats.errors.filter((e) => e.startsWith(`${name}:`)).slice(0, 3).join(' | ')}`);
    }
    if (editPropagationMs > 1000) violations.push(`a staff edit took ${editPropagationMs.toFixed(0)} ms to reach every instance (target 1 s)`);
    const reconnects = people.reduce((a, p) => a + p.reconnects, 0);
    const problems = nodes.flatMap((n) => n.problems.map((line) => `instance ${n.name}: ${line}`));
    return { ...result, orders, checked, violations, editPropagationMs, reconnects, events, errors: stats.errors, problems };
  } finally {
    for (const s of sockets) s.close();
    haproxy?.kill('SIGTERM');
    await Promise.all(nodes.map((n) => n.stop()));
    for (const n of nodes) if (n.dataDir) rmSync(n.dataDir, { recursive: true, force: true });
    await redisProxy.close();
    const a = await adminClient(baseUrl);
    await a.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).finally(() => a.end());
  }
}
