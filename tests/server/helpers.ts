import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppDeps } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import type { Bundle, Product } from '../../src/domain/types';
import { adminClient, withDatabase } from '../setup/server-global';
import { appendingLog } from '../setup/serverLog';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** This file's private DATA_DIR (PGlite data lives in `<dataDir>/pglite`). */
  dataDir: string;
  /** Builds another app on the same database (e.g. with another distDir); close it before `close()`. */
  buildOn(deps?: Omit<AppDeps, 'database'>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A database of its own for this test file, cheaply: a copy of the run's migrated + seeded PGlite
 * template folder, or (DATABASE_URL) a new PostgreSQL database cloned from the run's template.
 */
export async function openTestDatabase(): Promise<{ database: Database; dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const info = inject('serverTestDb');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-file-'));
  if (info.kind === 'pglite') {
    cpSync(path.join(info.templateDir!, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    const database = await openDatabase({ dataDir });
    return { database, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `ll_t_${info.runId}_${process.pid}_${++counter}`;
  const admin = await adminClient(info.baseUrl!);
  try {
    // Two files cloning the template at the same instant: PostgreSQL refuses the second; retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${info.templateDb}"`);
        break;
      } catch (err) {
        if (attempt >= 40 || !/being accessed by other users/.test(String((err as Error).message))) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabase(info.baseUrl!, name);
  const database = await openDatabase({ dataDir, databaseUrl, poolMax: 4 });
  return {
    database,
    dataDir,
    databaseUrl,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      const a = await adminClient(info.baseUrl!);
      try {
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { NODE_ENV: 'test' },
    {
      dataDir,
      logLevel: 'silent',
      jwtSecret: 'test-secret-test-secret-test-secret-0123',
      seedOnEmpty: false,
      // Cheap Argon2id: only tests may choose it (no environment variable can).
      passwordHashing: 'test',
      // Every request of a test file comes from one address: raised explicitly (the limit's own tests lower it).
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
      ...overrides,
    },
  );
}

/** The app on this file's own database (no listening; use `app.inject`). */
export async function buildTestApp(opts: { config?: Partial<Config>; deps?: Omit<AppDeps, 'database'> } = {}): Promise<TestApp> {
  const { database, dataDir, databaseUrl, drop } = await openTestDatabase();
  // Logged at info into the run's log file, which the run checks for secrets (tests/setup/serverLog.ts).
  const config = testConfig(dataDir, { databaseUrl, logLevel: 'info', ...opts.config });
  const distDir = opts.deps?.distDir ?? path.join(dataDir, 'no-dist');
  const logStream = opts.deps?.logStream ?? appendingLog(inject('serverTestDb').logFile);
  const app = await buildApp(config, { ...opts.deps, distDir, database, logStream });
  return {
    app,
    database,
    config,
    dataDir,
    buildOn: (deps = {}) => buildApp(config, { distDir, logStream, ...deps, database }),
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export interface ShellApp {
  /** Set once beforeAll has run, like the fields below. */
  t: TestApp;
  /** The dist folder the app serves: `shell` as its index.html. */
  distDir: string;
  /** The catalogue as GET /api/product/list and /api/bundle/list answer it. */
  list: Product[];
  bundles: Bundle[];
}

/**
 * Registers this file's beforeAll/afterAll: a dist folder of its own with `shell` (shaped like the
 * built index.html) as index.html — `prepare` adds to it first — and a test app serving it at
 * https://shop.example; both are removed afterwards.
 */
export function useShellApp(shell: string, opts: { prefix: string; prepare?: (distDir: string) => void; timeout?: number }): ShellApp {
  const ctx = { distDir: '' } as ShellApp;
  beforeAll(async () => {
    ctx.distDir = mkdtempSync(path.join(os.tmpdir(), opts.prefix));
    writeFileSync(path.join(ctx.distDir, 'index.html'), shell);
    opts.prepare?.(ctx.distDir);
    ctx.t = await buildTestApp({ deps: { distDir: ctx.distDir }, config: { publicUrl: 'https://shop.example' } });
    ctx.list = (await ctx.t.app.inject('/api/product/list')).json().products;
    ctx.bundles = (await ctx.t.app.inject('/api/bundle/list')).json().bundles;
  }, opts.timeout);
  afterAll(async () => {
    await ctx.t?.close();
    if (ctx.distDir) rmSync(ctx.distDir, { recursive: true, force: true });
  });
  return ctx;
}
