/**
 * Global setup of the `server` test project: prepares ONE migrated + seeded database per run and
 * tells each test file where it is (tests/server/helpers.ts copies it per file).
 * - PGlite (default): a template DATA_DIR, copied into a fresh temp dir by every test file.
 * - DATABASE_URL set: a template database `ll_t_<run>_tpl`; every test file gets
 *   `CREATE DATABASE ll_t_<run>_<n> TEMPLATE ll_t_<run>_tpl`. All `ll_t_<run>_*` are dropped at the end,
 *   so concurrent runs (unique run ids) never see each other's rows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { checkServerLog } from './serverLog';

export interface ServerTestDb {
  kind: 'pglite' | 'postgres';
  runId: string;
  /** PGlite: the template DATA_DIR (contains `pglite/`). */
  templateDir?: string;
  /** PostgreSQL: a URL of the server (database part replaced per test file) and the template name. */
  baseUrl?: string;
  templateDb?: string;
  /** The run's log: every test app logs at info into it; the run fails if it holds a secret (tests/setup/serverLog.ts). */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestDb: ServerTestDb;
  }
}

/** The admin connection: the given database if it exists, else `postgres`. */
export async function adminClient(url: string): Promise<pg.Client> {
  const tryConnect = async (u: string) => {
    const c = new pg.Client({ connectionString: u });
    await c.connect();
    return c;
  };
  try {
    return await tryConnect(url);
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    const u = new URL(url);
    u.pathname = '/postgres';
    return tryConnect(u.toString());
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const url = process.env.DATABASE_URL?.trim();
  const logDir = path.resolve('test-output');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `server-log-${runId}.jsonl`);
  writeFileSync(logFile, '');
  if (url) {
    const templateDb = `ll_t_${runId}_tpl`;
    const admin = await adminClient(url);
    try {
      await admin.query(`CREATE DATABASE "${templateDb}"`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ dataDir: '', databaseUrl: withDatabase(url, templateDb), poolMax: 2 });
    try {
      await database.migrate();
      await seed(database.db, { demoDiscounts: true });
    } finally {
      await database.close();
    }
    project.provide('serverTestDb', { kind: 'postgres', runId, baseUrl: url, templateDb, logFile });
    console.log(`[server tests] PostgreSQL template ${templateDb} ready in ${Date.now() - started} ms`);
    return async () => {
      const a = await adminClient(url);
      try {
        const { rows } = await a.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`ll\\_t\\_${runId}\\_%`]);
        for (const { datname } of rows) await a.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      } finally {
        await a.end();
      }
      checkServerLog(logFile);
      rmSync(logFile, { force: true });
    };
  }

  const root = mkdtempSync(path.join(os.tmpdir(), `layerloft-test-${runId}-`));
  const templateDir = path.join(root, 'template');
  const database = await openDatabase({ dataDir: templateDir });
  try {
    await database.migrate();
    await seed(database.db, { demoDiscounts: true });
  } finally {
    await database.close(); // CHECKPOINT + close: the folder is consistent and can be copied
  }
  project.provide('serverTestDb', { kind: 'pglite', runId, templateDir, logFile });
  console.log(`[server tests] PGlite template ready in ${Date.now() - started} ms`);
  return () => {
    rmSync(root, { recursive: true, force: true });
    // Kept when it fails, for reading.
    checkServerLog(logFile);
    rmSync(logFile, { force: true });
  };
}
