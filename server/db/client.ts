import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { checkIntegrity, DatabaseDamagedError } from './integrity';
import { acquireDataDirLock, type DataDirLock } from './lock';

/**
 * One database handle for both drivers: embedded PGlite in DATA_DIR/pglite (default) or PostgreSQL
 * through node-postgres when DATABASE_URL is set. Both drizzle databases are `PgDatabase`s over the
 * same schema; code above this module only sees `Db`.
 */
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the query API of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Migration count expected by this build (drizzle's journal). */
function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * The handle of the short reads every page and the catalog make outside any transaction (the
   * catalog snapshot, the settings row, the ship-by state, a product's reviews): on PostgreSQL a few
   * connections of their own (`READ_POOL_MAX`), so they never queue behind `db`'s write
   * transactions. Under load those can hold every connection of `db`'s pool while they wait on a row
   * lock (each paid order takes the print queue's settings row); a page makes about six such reads
   * one after another, so after a catalog change its render waited seconds in that queue while the
   * product's JSON, one read, was served. PGlite has one connection: `db` itself.
   */
  reads: Db;
  /** Applies pending migrations (idempotent; serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers and every migration of this build is applied. */
  ping(): Promise<{ ok: boolean; message?: string }>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (a plain identifier), from whichever process sent
   * it, once its transaction committed. After a lost connection it listens again and calls
   * `onNotify(null)`: notifications may have been missed meanwhile. Answers the way to stop.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;
/** How long a lost listening connection waits before trying again (doubling up to the maximum). */
const LISTEN_RETRY_MS = { first: 500, max: 10_000 };

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
}

/** Connections of the read pool (`Database.reads`): a catalog snapshot reads four tables at once. */
export const READ_POOL_MAX = 4;

/** Arbitrary constant: the advisory lock that serialises migrations and seeding across instances. */
export const MIGRATION_LOCK_KEY = 742_001;

async function migrationsOk(db: Db): Promise<{ ok: boolean; message?: string }> {
  try {
    const res = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = (res as unknown as { rows: { n: number }[] }).rows;
    const applied = Number(rows[0]?.n ?? 0);
    const expected = expectedMigrations();
    return applied >= expected ? { ok: true } : { ok: false, message: `migrations pending (${applied}/${expected})` };
  } catch {
    return { ok: false, message: 'database unreachable or not migrated' };
  }
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolMax ?? 10) : openPglite(opts.dataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // connectionTimeoutMillis: with the network to PostgreSQL cut (packets dropped, not refused) a
  // request answers 503 after a few seconds instead of hanging (server/lib/dbErrors.ts).
  const poolOf = (size: number) =>
    new pg.Pool({
      connectionString: url,
      max: size,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // No JIT compilation: every query here is a short indexed read or write, but a plan whose row
      // estimates look large (jsonb_array_elements counts 100 lines per order, ranges joined on
      // parameters) crosses jit_above_cost and spends 0.3–3 s compiling a query that runs in 3 ms (the
      // dashboard's top products, 0013_figures). Set on each new connection before its first query
      // (not as a startup option, which a session-mode pooler may refuse).
      onConnect: async (client) => {
        await client.query('SET jit = off');
      },
    });
  const pool = poolOf(max);
  const readPool = poolOf(READ_POOL_MAX);
  // An idle client erroring (server restart) must not crash the process; the pool replaces it.
  for (const p of [pool, readPool]) p.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const reads = drizzle({ client: readPool, schema }) as unknown as Db;
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    db,
    reads,
    async listen(channel, onNotify) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      // LISTEN holds its connection for good: a client of its own, never one of the pool's.
      let client: InstanceType<typeof pg.Client> | null = null;
      let stopped = false;
      let retryMs = LISTEN_RETRY_MS.first;
      let timer: NodeJS.Timeout | undefined;
      const connect = async (again: boolean): Promise<void> => {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
        c.on('notification', (n) => {
          if (n.channel === channel) onNotify(n.payload ?? null);
        });
        const lost = () => {
          if (stopped || client !== c) return;
          client = null;
          c.end().catch(() => undefined);
          timer = setTimeout(() => void connect(true), retryMs);
          timer.unref();
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
        };
        c.on('error', lost);
        c.on('end', lost);
        client = c;
        try {
          await c.connect();
          await c.query(`LISTEN ${channel}`);
          retryMs = LISTEN_RETRY_MS.first;
          if (again) onNotify(null);
        } catch {
          lost();
        }
      };
      await connect(false);
      const stop = async () => {
        stopped = true;
        clearTimeout(timer);
        listeners.delete(stop);
        await client?.end().catch(() => undefined);
      };
      listeners.add(stop);
      return stop;
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => migrationsOk(db),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

let pgliteOpen = false;

/** Left in DATA_DIR when start-up found the database damaged: every later start checks again. */
export const DAMAGED_MARKER = 'layerloft.damaged';

/**
 * What start-up found about the data folder (e.g. the integrity check after an unclean stop), for
 * the caller to log once the logger exists; drained by `takeDatabaseNotes()`.
 */
const integrityNotes: string[] = [];
export function takeDatabaseNotes(): string[] {
  return integrityNotes.splice(0);
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A freshly initialised PGlite costs ~4 s (initdb in WASM); copying a closed, checkpointed,
 * migrated cluster costs ~50 ms. The first fresh database built on this checkout leaves such a
 * cluster in node_modules/.cache, keyed by the PGlite version and the migrations, and later fresh
 * DATA_DIRs (new installs, e2e runs, test templates) start from a copy. Best effort: any failure
 * falls back to a normal initdb.
 */
function templateCacheDir(): string | null {
  try {
    const pgliteVersion = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
    const h = createHash('sha256').update(pgliteVersion);
    for (const f of readdirSync(MIGRATIONS_DIR).filter((x) => x.endsWith('.sql')).sort()) h.update(f).update(readFileSync(path.join(MIGRATIONS_DIR, f)));
    return path.join(REPO_ROOT, 'node_modules', '.cache', 'layerloft', `pglite-${h.digest('hex').slice(0, 16)}`);
  } catch {
    return null;
  }
}

/** Copies the cached template into an empty `dir`; answers whether `dir` was fresh (empty). */
function prepareFreshPglite(dir: string, cache: string | null): { fresh: boolean; fromCache: boolean } {
  const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
  if (!fresh || !cache || !existsSync(cache)) return { fresh, fromCache: false };
  try {
    rmSync(dir, { recursive: true, force: true });
    cpSync(cache, dir, { recursive: true });
    return { fresh, fromCache: true };
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return { fresh, fromCache: false };
  }
}

/**
 * Saves a just-migrated, checkpointed, still-empty cluster as the template. The instance is idle
 * (one process, nothing else runs during the synchronous copy), so the files are consistent.
 */
function saveTemplate(dir: string, cache: string): void {
  const tmp = `${cache}.tmp-${process.pid}`;
  try {
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(path.dirname(cache), { recursive: true });
    cpSync(dir, tmp, { recursive: true });
    rmSync(path.join(tmp, 'postmaster.pid'), { force: true });
    renameSync(tmp, cache); // atomic; losing a race to another process is fine
  } catch {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  // One PGlite per process: each costs 300–800 MB, and two on one folder would corrupt it.
  if (pgliteOpen) throw new Error('A PGlite database is already open in this process; reuse it');
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  pgliteOpen = true;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const dir = path.join(dataDir, 'pglite');
    const cache = templateCacheDir();
    const { fresh, fromCache } = prepareFreshPglite(dir, cache);
    mkdirSync(dir, { recursive: true });
    let client: InstanceType<typeof PGlite>;
    try {
      client = await PGlite.create({ dataDir: dir });
    } catch (err) {
      // PGlite says only "failed to initialize properly" when its control file or WAL is unreadable.
      const damaged = new DatabaseDamagedError(dir, `PGlite could not open it: ${(err as Error).message}`);
      writeFileSync(path.join(dataDir, DAMAGED_MARKER), `${new Date().toISOString()} ${damaged.message}\n`);
      throw damaged;
    }
    // The previous process died holding the lock (SIGKILL, power loss), or an earlier start found
    // damage (the marker stays until a check passes): read everything before serving.
    const damagedMarker = path.join(dataDir, DAMAGED_MARKER);
    if ((lock.staleFrom !== undefined || existsSync(damagedMarker)) && !fresh) {
      const started = Date.now();
      try {
        const report = await checkIntegrity(async <T>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as T[]);
        rmSync(damagedMarker, { force: true });
        integrityNotes.push(
          `${lock.staleFrom !== undefined ? `The previous server (pid ${lock.staleFrom}) did not shut down cleanly` : 'An earlier start found damage'}; ` +
            `checked the database in ${dir}: ${report.tables} tables, ${report.rows} rows, no damage (${Date.now() - started} ms).`,
        );
      } catch (err) {
        await client.close().catch(() => undefined);
        const damaged = new DatabaseDamagedError(dir, (err as Error).message);
        writeFileSync(damagedMarker, `${new Date().toISOString()} ${damaged.message}\n`);
        throw damaged;
      }
    }
    const db = drizzle({ client, schema }) as unknown as Db;
    let closed = false;
    return {
      kind: 'pglite',
      db,
      reads: db,
      async migrate() {
        await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
        if (fresh && !fromCache && cache && !existsSync(cache)) {
          await client.exec('CHECKPOINT');
          saveTemplate(dir, cache);
        }
      },
      ping: () => migrationsOk(db),
      async listen(channel, onNotify) {
        if (!CHANNEL_RE.test(channel)) throw new Error(`Not a channel name: ${channel}`);
        const unlisten = await client.listen(channel, (payload) => onNotify(payload));
        return async () => {
          if (!closed) await unlisten();
        };
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.exec('CHECKPOINT');
          await client.close();
        } finally {
          pgliteOpen = false;
          lock.release();
        }
      },
    };
  } catch (err) {
    pgliteOpen = false;
    lock.release();
    throw err;
  }
}
