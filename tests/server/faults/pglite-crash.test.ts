/**
 * Fault: SIGKILL of a server on PGlite (the default, embedded database), and damage on disk.
 * What a SIGKILL does to the data folder: the DATA_DIR lock stays behind with the dead pid, and the
 * WAL holds the last commits. PostgreSQL's recovery (inside PGlite) replays them on the next start:
 * every acknowledged change is there. The restart notices the stale lock and reads every table
 * before serving; a damaged page (a torn write) or an unreadable control file stops the start with
 * a clear message — and keeps stopping it until a check passes — instead of serving wrong data.
 * Graceful shutdown on SIGTERM is checked on the restarted server: a request in flight (its body
 * still arriving) finishes with 200 and is kept, open sockets are closed by the server, new
 * connections are refused, and the database closes cleanly (lock released; the next start sees no
 * unclean stop). PGlite only: skipped in the PostgreSQL pass of the server tests.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DAMAGED_MARKER, openDatabase, takeDatabaseNotes } from '../../../server/db/client';
import { DatabaseDamagedError } from '../../../server/db/integrity';
import { LOCK_NAME } from '../../../server/db/lock';
import { openSocket } from '../chat-helpers';
import { http, removeDir, spawnServer, stopServer, type SpawnedServer } from './fault-helpers';

const pgliteRun = !process.env.DATABASE_URL;

/** A POST whose body is sent in two halves: the second only when `finish()` is called. */
function slowPost(base: string, url: string, body: unknown, token: string) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  let finish!: () => void;
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': payload.length, token } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.write(payload.subarray(0, half));
    finish = () => req.end(payload.subarray(half));
  });
  return { done, finish: () => finish() };
}

describe.skipIf(!pgliteRun)('SIGKILL on PGlite, graceful SIGTERM, and a damaged data folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-pglite-crash-'));
  let server: SpawnedServer | undefined;
  let killedPid = 0;
  let cartFile = '';
  let wishedId = '';

  afterAll(async () => {
    await stopServer(server);
    removeDir(dataDir);
  });

  it('keeps every acknowledged change across a SIGKILL in the middle of writes, says it checked, and shuts down gracefully on SIGTERM', async () => {
    server = await spawnServer({ dataDir });
    const base = server.url;
    const reg = await http(base, 'POST', '/api/user/register', { name: 'Pat', email: `pat.${Date.now()}@example.com`, password: 'pglite-crash-pw' });
    const token = reg.json.token as string;
    const products = ((await http(base, 'GET', '/api/product/list')).json.products as { _id: string; colorVariants: { color: string }[]; clothingSizes: string[]; canvasSizes: string[] }[]).filter(
      (p) => p.colorVariants.length > 0 && !p.clothingSizes.length && !p.canvasSizes.length,
    );
    const acked = new Map<string, number>();
    const add = async (i: number) => {
      const p = products[i % products.length]!;
      const res = await http(base, 'POST', '/api/cart/add', { itemId: p._id, color: `${p.colorVariants[0]!.color}|`, quantity: 1 }, { token });
      if (res.status === 200) {
        const key = `${p._id}_${p.colorVariants[0]!.color}|`;
        acked.set(key, (acked.get(key) ?? 0) + 1);
      }
      return res.status;
    };
    for (let i = 0; i < 12; i++) expect(await add(i)).toBe(200);
    // A burst in flight; the kill lands after a few of them were acknowledged.
    let answered = 0;
    const burst = Array.from({ length: 24 }, (_, i) => add(100 + i).then(() => (answered += 1)).catch(() => undefined));
    while (answered < 4) await new Promise((r) => setTimeout(r, 5));
    killedPid = server.proc.pid!;
    server.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    await Promise.all(burst);

    // What the kill left: the lock with the dead pid (nobody released it).
    expect(readFileSync(path.join(dataDir, LOCK_NAME), 'utf8').trim()).toBe(String(killedPid));

    server = await spawnServer({ dataDir });
    expect(server.output()).toMatch(new RegExp(`previous server \\(pid ${killedPid}\\) did not shut down cleanly; checked the database .*no damage`));
    const cart = (await http(server.url, 'POST', '/api/cart/get', undefined, { token })).json.cartData as Record<string, number>;
    for (const [key, n] of acked) expect(cart[key] ?? 0, key).toBeGreaterThanOrEqual(n);
    const total = Object.values(cart).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(12 + 24); // nothing invented either

    // ---- graceful shutdown of this server: SIGTERM with a socket open and a request in flight ----
    const wished = products[0]!;
    const socket = await openSocket(server.url, token);
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const inFlight = slowPost(server.url, '/api/wishlist/add', { productId: wished._id }, token);
    await new Promise((r) => setTimeout(r, 300)); // the headers have arrived: the request is in flight
    server.kill('SIGTERM');
    // Closed so that the client tries again (to this server once restarted), not told to stay away.
    expect(await socketClosed).toBe('transport close');
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow(); // no new connections…
    inFlight.finish(); // …while the one in flight completes
    const finished = await inFlight.done;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body).wishlist).toEqual([wished._id]);
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false); // the database closed and released its folder
    socket.close();
    wishedId = wished._id;
  }, 120_000);

  it('refuses to start on a damaged page after an unclean stop, with a clear message, until the data is restored', async () => {
    const pgDir = path.join(dataDir, 'pglite');
    const backup = `${pgDir}.bak`;
    cpSync(pgDir, backup, { recursive: true });
    // After the graceful stop: a clean start (no check needed) with the change made during shutdown.
    // Then, where cart_lines lives on disk (asked of PGlite itself; closed again before the server starts).
    const probe = await openDatabase({ dataDir });
    expect(takeDatabaseNotes()).toEqual([]);
    const rows = (q: string) => probe.db.execute(q as never) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
    expect((await rows(`select product_id from wishlist_items`)).rows).toEqual([{ product_id: wishedId }]);
    cartFile = path.join(pgDir, (await rows(`select pg_relation_filepath('cart_lines') as p`)).rows[0]!.p as string);
    await probe.close();
    // A torn write: the page header of the table's first block overwritten; then the stale lock of a killed process.
    const fd = openSync(cartFile, 'r+');
    writeSync(fd, Buffer.alloc(24, 0xff), 0, 24, 0);
    closeSync(fd);
    writeFileSync(path.join(dataDir, LOCK_NAME), `${killedPid}\n`);

    const damaged = await spawnServer({ dataDir, waitReady: false });
    expect(await damaged.exited).toBe(1);
    expect(damaged.output()).toContain(`The database in ${pgDir} is damaged (public.cart_lines: invalid page in block 0`);
    expect(damaged.output()).toContain('The server did not start, so as not to serve wrong data. Restore DATA_DIR from a backup');
    expect(existsSync(path.join(dataDir, DAMAGED_MARKER))).toBe(true);
    // The lock is gone now, yet the next start still checks (the marker) and still refuses.
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseDamagedError);

    // Restored from the backup: the check passes, the marker goes, the data is served.
    rmSync(pgDir, { recursive: true, force: true });
    cpSync(backup, pgDir, { recursive: true });
    const restored = await openDatabase({ dataDir });
    try {
      expect(takeDatabaseNotes().join('\n')).toMatch(/An earlier start found damage; checked the database .*no damage/);
      expect(existsSync(path.join(dataDir, DAMAGED_MARKER))).toBe(false);
      expect(await restored.ping()).toEqual({ ok: true });
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a data folder whose control file is unreadable, naming the folder and what to do', async () => {
    const pgDir = path.join(dataDir, 'pglite');
    const control = path.join(pgDir, 'global', 'pg_control');
    const fd = openSync(control, 'r+');
    writeSync(fd, Buffer.alloc(64, 0), 0, 64, 0);
    closeSync(fd);
    const err = await openDatabase({ dataDir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseDamagedError);
    expect((err as Error).message).toBe(
      `The database in ${pgDir} is damaged (PGlite could not open it: PGlite failed to initialize properly). The server did not start, so as not to serve wrong data. ` +
        `Restore DATA_DIR from a backup, or move ${pgDir} aside to start with an empty store.`,
    );
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
  });
});
