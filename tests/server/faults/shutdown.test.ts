/**
 * Graceful shutdown on SIGTERM (PGlite, the default): a request already in flight — its body still
 * arriving — finishes with 200 and its change is kept; open sockets are closed by the server; new
 * connections are refused; the database closes cleanly (CHECKPOINT, lock released), so the next
 * start finds the data intact and sees no unclean stop. PGlite only: skipped in the PostgreSQL pass.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_NAME } from '../../../server/db/lock';
import { openSocket } from '../chat-helpers';
import { http as request, removeDir, spawnServer, stopServer, type SpawnedServer } from './fault-helpers';

const pgliteRun = !process.env.DATABASE_URL;

/** A POST whose body is sent in two halves: the second only when `finish()` is called. */
function slowPost(base: string, url: string, body: unknown, token: string) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  let finish!: () => void;
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': payload.length, token } }, (res) => {
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

describe.skipIf(!pgliteRun)('graceful shutdown on SIGTERM', () => {
  let server: SpawnedServer | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await stopServer(server);
    removeDir(dataDir);
  });

  it('finishes in-flight requests, closes sockets and the database, and the next start finds the data intact', async () => {
    server = await spawnServer();
    dataDir = server.dataDir;
    const base = server.url;
    const reg = await request(base, 'POST', '/api/user/register', { name: 'Terry', email: `terry.${Date.now()}@example.com`, password: 'sigterm-test-pw' });
    const token = reg.json.token as string;
    const product = ((await request(base, 'GET', '/api/product/list')).json.products as { _id: string; colorVariants: { color: string }[]; clothingSizes: string[]; canvasSizes: string[] }[]).find(
      (p) => p.colorVariants.length > 0 && !p.clothingSizes.length && !p.canvasSizes.length,
    )!;
    const line = { itemId: product._id, color: `${product.colorVariants[0]!.color}|`, quantity: 3 };

    const socket = await openSocket(base, token);
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const inFlight = slowPost(base, '/api/cart/add', line, token);
    await new Promise((r) => setTimeout(r, 300)); // the headers have arrived: the request is in flight

    const t0 = Date.now();
    server.kill('SIGTERM');
    expect(await socketClosed).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 200));
    // New connections are refused while it drains…
    await expect(fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();
    // …and the request that was in flight completes.
    inFlight.finish();
    const answered = await inFlight.done;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body).cartData).toEqual({ [`${line.itemId}_${line.color}`]: 3 });

    expect(await server.exited).toBe(0);
    console.log('exit after', Date.now() - t0);
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false); // the database closed and released its folder
    socket.close();

    // The next start: clean (no integrity check needed), and the change made during shutdown is there.
    const t1 = Date.now();
    server = await spawnServer({ dataDir });
    console.log('restart', Date.now() - t1);
    expect(server.output()).not.toContain('did not shut down cleanly');
    const cart = await request(server.url, 'POST', '/api/cart/get', undefined, { token });
    expect(cart.json.cartData).toEqual({ [`${line.itemId}_${line.color}`]: 3 });
    await stopServer(server);
  }, 120_000);
});
