/**
 * Fault-test tools: a TCP proxy the test controls (cut, black-hole, restore) between a server and
 * PostgreSQL or between a client and a server; a PostgreSQL database of the test's own (created
 * and dropped here, never the machine's server itself); a spawned `server/main.ts` that can be
 * SIGKILLed or SIGTERMed. Everything targets 127.0.0.1 and stops by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../server/db/client';
import { seed } from '../../../server/db/seed';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The PostgreSQL these tests use: DATABASE_URL, else the machine's at 127.0.0.1:5432. */
export function pgBaseUrl(): string {
  return process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(): Promise<pg.Client> {
  const tryConnect = async (u: string) => {
    const c = new pg.Client({ connectionString: u, connectionTimeoutMillis: 3000 });
    await c.connect();
    return c;
  };
  try {
    return await tryConnect(pgBaseUrl());
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    return tryConnect(withDatabase(pgBaseUrl(), 'postgres'));
  }
}

/** Whether PostgreSQL answers (PostgreSQL-only cases are skipped, with a reason, only when it does not). */
export async function postgresAnswers(): Promise<boolean> {
  try {
    const c = await admin();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A migrated and seeded database of the test's own; `drop()` removes it (FORCE: spawned servers may still hold connections). */
export async function createOwnDatabase(tag: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `ll_fault_${tag}_${process.pid}_${Date.now().toString(36)}`;
  const a = await admin();
  try {
    await a.query(`CREATE DATABASE "${name}"`);
  } finally {
    await a.end();
  }
  const url = withDatabase(pgBaseUrl(), name);
  const database = await openDatabase({ dataDir: '', databaseUrl: url, poolMax: 2 });
  try {
    await database.migrate();
    await seed(database.db, { demoDiscounts: true });
  } finally {
    await database.close();
  }
  return {
    url,
    name,
    async drop() {
      const b = await admin();
      try {
        await b.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await b.end();
      }
    },
  };
}

/** A plain pg client on `url` for the test's own reads (and its row locks). */
export async function pgClient(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

export { TcpProxy } from '../../load/tcpProxy.mjs';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  url: string;
  port: number;
  proc: ChildProcess;
  dataDir: string;
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
}

/** Servers this test process started: never left running if the test process ends first. */
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of spawned) p.kill('SIGKILL');
});

export const TEST_JWT_SECRET = 'fault-tests-secret-fault-tests-secret-0123456789';

/**
 * `node tsx server/main.ts` with its own DATA_DIR (PGlite) or DATABASE_URL, ready when /readyz
 * answers 200. `port` reuses a port (a restart at the same address).
 */
export async function spawnServer(opts: { dataDir?: string; databaseUrl?: string; port?: number; env?: Record<string, string>; waitReady?: boolean } = {}): Promise<SpawnedServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'layerloft-fault-'));
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PAYMENTS: 'test',
    SEED_ON_EMPTY: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_RATE_LIMIT_MAX: '1000',
    // Every request of a fault test comes from one address.
    RATE_LIMIT_MAX: '1000000',
    STAFF_EMAIL: 'staff@faults.test',
    STAFF_PASSWORD: 'staff-password-123',
  };
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  // Only the test's own Redis, never one from the surrounding environment.
  delete env.REDIS_URL;
  Object.assign(env, opts.env);
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  let out = '';
  // `node --import tsx`, not tsx's CLI: the CLI forks a child and a SIGKILL would only end the wrapper.
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/server/faults/die-with-parent.mjs', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(proc);
  proc.once('exit', () => spawned.delete(proc));
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const server: SpawnedServer = { url: `http://127.0.0.1:${port}`, port, proc, dataDir, output: () => out, exited, kill: (s) => proc.kill(s) };
  if (opts.waitReady !== false) await waitReady(server);
  return server;
}

export async function waitReady(server: SpawnedServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) throw new Error(`the server exited before it was ready:\n${server.output().slice(-3000)}`);
    try {
      const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  server.kill('SIGKILL');
  throw new Error(`the server was not ready within ${timeoutMs} ms:\n${server.output().slice(-3000)}`);
}

/** Ends a spawned server for good (SIGKILL if SIGTERM did not end it within 10 s). */
export async function stopServer(server: SpawnedServer | undefined): Promise<void> {
  if (!server || server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.kill('SIGTERM');
  const t = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(t);
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** JSON over real HTTP. */
export async function http(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> & { success?: boolean; message?: string } };
}
