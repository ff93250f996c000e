// Shared helpers of the benchmarks in bench/: build once per run, start the built server on a
// throwaway database (PGlite folder or a fresh PostgreSQL database), seed a benchmark catalog,
// read a process's resident memory. Every server listens on 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

let builtThisRun = false;

/**
 * The benchmarks' own build of the client (gitignored), served by every benchmark server through
 * DIST_DIR: a benchmark never rebuilds or serves the dist/ a developer or the e2e tests are using.
 */
export const BENCH_DIST = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '.bench-dist');

/** `vite build` once per `npm run bench` (suites share this module), so every suite measures the current tree. */
export function ensureBuilt(root) {
  if (builtThisRun && fs.existsSync(path.join(BENCH_DIST, 'index.html'))) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn', '--outDir', BENCH_DIST], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
  builtThisRun = true;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `layerloft-bench-${prefix}-`));
}

/** A fixed secret for every benchmark server, so the seeding helper can mint session tokens. */
export const BENCH_JWT_SECRET = 'bench-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * Raised limits for load generation, printed by each suite that uses them ("rate limits
 * raised explicitly for the run, and said so in the output").
 */
export const BENCH_LIMITS = {
  RATE_LIMIT_MAX: '100000000',
  RENDER_CONCURRENCY: '1000',
  AUTH_RATE_LIMIT_MAX: '100000',
  ORDER_RATE_LIMIT_MAX: '100000000',
  MESSAGE_RATE_LIMIT_MAX: '100000',
};

export function describeLimits() {
  return Object.entries(BENCH_LIMITS)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

/** Environment for a benchmark server: its own database, loopback only, quiet logs. */
export function serverEnv({ dataDir, databaseUrl, redisUrl, port, extra = {} }) {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'PUBLIC_URL', 'STRIPE_SECRET_KEY', 'SMTP_URL']) delete env[k];
  return {
    ...env,
    NODE_ENV: 'production',
    // A production build on the built-in test card page with the demo catalog, said explicitly.
    PAYMENTS: 'test',
    SEED_ON_EMPTY: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DIST_DIR: BENCH_DIST,
    JWT_SECRET: BENCH_JWT_SECRET,
    STAFF_EMAIL: 'staff@bench.test',
    STAFF_PASSWORD: 'bench-staff-password',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...BENCH_LIMITS,
    ...extra,
  };
}

/** Runs a TypeScript helper (scripts/bench-*.ts) to completion; its last stdout line is JSON. */
export function runTs(root, script, args = [], env = process.env) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${script} failed (${r.status}):\n${r.stderr}\n${r.stdout.slice(-2000)}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

/**
 * Starts the compiled server (dist-server/main.js with plain node, as `npm start` does) and waits
 * for /readyz. Returns { url, pid, rssMb(), stop() }.
 */
export async function startServer(root, opts) {
  const port = await freePort();
  const env = serverEnv({ ...opts, port });
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (d) => {
    log = (log + d.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exitPromise = new Promise((resolve) => child.on('exit', (code) => resolve((exited = code ?? -1))));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000);
  for (;;) {
    if (exited !== null) throw new Error(`server exited (${exited}) before ready:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${log}`);
    }
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  return {
    url,
    pid: child.pid,
    rssMb: () => rssMb(child.pid),
    log: () => log,
    async stop() {
      if (exited !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exitPromise;
      clearTimeout(t);
    },
  };
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return +(kb / 1024).toFixed(0);
  } catch {
    return NaN;
  }
}

/**
 * A fresh PostgreSQL database for one suite (dropped by `drop()`), or null when no server answers.
 * Admin URL: `adminUrl`, else BENCH_PG_ADMIN_URL, else postgres://postgres@127.0.0.1:5432/postgres (what CI uses).
 */
export async function createPgDatabase(tag, adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return { url: null, reason: `PostgreSQL not reachable at ${withoutCredentials(adminUrl)} (${err.message})`, drop: async () => {} };
  }
  const name = `layerloft_bench_${tag}_${Date.now()}_${process.pid}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Chromium for Lighthouse and the browser figures (Debian's package; STACK.md). */
export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A connection URL without its user and password, for messages. */
function withoutCredentials(url) {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
