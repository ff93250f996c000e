/**
 * Fault: the database becomes unreachable. The test's own TCP proxy sits between the server and
 * PostgreSQL (the machine's PostgreSQL is never stopped); cutting it must give clear 503s, never a
 * hang, a stack or SQL, and service must come back by itself when the proxy forwards again.
 * PostgreSQL only (PGlite is in-process: there is no connection to cut).
 */
import type { FastifyInstance } from 'fastify';
import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { DB_UNAVAILABLE_MESSAGE } from '../../../server/lib/dbErrors';
import { testConfig } from '../helpers';
import { createOwnDatabase, http, pgClient, postgresAnswers, removeDir, TcpProxy } from './fault-helpers';

const available = await postgresAnswers();

describe.skipIf(!available)('PostgreSQL unreachable (proxy cut) → 503, then recovery by itself', { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createOwnDatabase>>;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let base: string;
  let dataDir: string;
  let token: string;
  let userId: string;
  let productId: string;

  beforeAll(async () => {
    db = await createOwnDatabase('outage');
    const target = new URL(db.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-outage-'));
    app = await buildApp(testConfig(dataDir, { databaseUrl: proxy.wrap(db.url) }), { distDir: path.join(dataDir, 'no-dist') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    const user = await app.users.create({ name: 'Outage', email: `outage.${Date.now()}@example.com`, passwordHash: 'x' });
    userId = user.id;
    token = await app.sessionTokens.issue(user.id);
    const plain = (await app.catalog.listProducts()).find((p) => p.colorVariants.length > 0 && !p.clothingSizes.length && !p.canvasSizes.length && !p.outOfStock && !p.vaulted);
    productId = plain!._id;
    const color = plain!.colorVariants[0]!.color;
    const added = await http(base, 'POST', '/api/cart/add', { itemId: productId, color: `${color}|`, quantity: 2 }, { token });
    expect(added.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await db?.drop();
    removeDir(dataDir);
  });

  async function expect503(res: Awaited<ReturnType<typeof http>>) {
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ success: false, message: DB_UNAVAILABLE_MESSAGE });
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.text).not.toMatch(/select|insert|cart_lines|at \/|\.ts:|ECONN/i);
  }

  async function untilOk(fn: () => Promise<{ status: number }>, ms = 20_000) {
    const deadline = Date.now() + ms;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await fn()).status;
      if (last === 200) return Date.now();
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`still ${last} after ${ms} ms`);
  }

  it('connection refused: reads and writes answer 503 with a clear message; the catalog keeps being served', async () => {
    await proxy.cut('refuse');
    await expect503(await http(base, 'POST', '/api/cart/get', undefined, { token }));
    // A write during the outage is refused, not half-done.
    await expect503(await http(base, 'POST', '/api/cart/update', { itemId: productId, color: 'x|', quantity: 7 }, { token }));
    const ready = await http(base, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    // Browsing goes on from the last catalog snapshot.
    const list = await http(base, 'GET', '/api/product/list');
    expect(list.status).toBe(200);
    expect((list.json.products as unknown[]).length).toBeGreaterThan(0);
  });

  it('recovers by itself when the connection returns, with every acknowledged change kept', async () => {
    const restoredAt = Date.now();
    await proxy.restore();
    const okAt = await untilOk(() => http(base, 'POST', '/api/cart/get', undefined, { token }));
    expect(okAt - restoredAt).toBeLessThan(15_000);
    const cart = await http(base, 'POST', '/api/cart/get', undefined, { token });
    const lines = Object.entries(cart.json.cartData as Record<string, number>);
    expect(lines).toHaveLength(1);
    expect(lines[0]![1]).toBe(2);
    expect((await http(base, 'GET', '/readyz')).status).toBe(200);
  });

  it('a network partition (packets dropped) answers 503 within seconds instead of hanging, and recovers', async () => {
    await proxy.cut('blackhole');
    const started = Date.now();
    await expect503(await http(base, 'POST', '/api/wishlist/add', { productId }, { token }));
    expect(Date.now() - started).toBeLessThan(12_000);
    await proxy.restore();
    await untilOk(() => http(base, 'POST', '/api/wishlist/list', undefined, { token }));
    // The refused add never landed; a new one does.
    const direct = await pgClient(db.url);
    try {
      const { rows } = await direct.query('select count(*)::int as n from wishlist_items where user_id = $1', [userId]);
      expect(rows[0].n).toBe(0);
    } finally {
      await direct.end();
    }
    expect((await http(base, 'POST', '/api/wishlist/add', { productId }, { token })).status).toBe(200);
  });
});
