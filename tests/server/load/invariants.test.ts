/**
 * The load runs' own judge (tests/load/shoppers.mjs), against the real server on PostgreSQL: a
 * scripted shopper's model of its cart follows what the server acknowledged, including the cart a
 * "Only N left — we updated your cart" 409 lowered; and the stock invariants see held units that no
 * reservation explains and units on hand that paid orders do not account for.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Product } from '../../../src/domain/types';
import { checkInvariants, makeRequester, newStats, readStock, shopperActions, signUpShoppers, simpleProducts } from '../../load/shoppers.mjs';
import { createOwnDatabase, pgClient, postgresAnswers, removeDir } from '../faults/fault-helpers';
import { testConfig } from '../helpers';

const available = await postgresAnswers();

describe.skipIf(!available)('load run invariants (PostgreSQL)', { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createOwnDatabase>>;
  let app: FastifyInstance;
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    db = await createOwnDatabase('invariants');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-invariants-'));
    app = await buildApp(testConfig(dataDir, { databaseUrl: db.url }), { distDir: path.join(dataDir, 'no-dist') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    removeDir(dataDir);
  });

  it('follows the cart a stock 409 lowered, and sees stock that orders do not account for', async () => {
    const stats = newStats();
    const request = makeRequester(base, stats);
    const products = (await request('10.9.0.1', 'GET', '/api/product/list')).json.products as Product[];
    const product = simpleProducts(products)[0]!;
    const variant = `${product.colorVariants[0].color}|`;
    // One unit on the shelf, stocked only.
    const sql = await pgClient(db.url);
    try {
      await sql.query(
        `insert into stock_options (product_id, variant, on_hand, reserved, made_to_order) values ($1, $2, 1, 0, false)
         on conflict (product_id, variant) do update set on_hand = 1, reserved = 0, made_to_order = false`,
        [product._id, variant],
      );
      await app.catalog.invalidate();
      const stockBefore = await readStock(db.url);
      const people = await signUpShoppers(request, 1, 'inv');
      const shopper = people[0];
      const { actions } = shopperActions({ request, products, buyable: [product], hasDist: false });
      for (let n = 0; n < 3; n++) await actions.cartAdd(shopper);
      expect(shopper.cart).toEqual({ [`${product._id}_${variant}`]: 3 });

      await actions.checkout(shopper); // 409 "Only 1 left — we updated your cart"
      expect(stats.byStatus[409]).toBe(1);
      expect(shopper.lowered).toBe(1);
      expect(shopper.cart).toEqual({ [`${product._id}_${variant}`]: 1 });
      expect((await checkInvariants(db.url, people, { stockBefore })).violations).toEqual([]);

      // One unit more counted as held (no reservation holds it) and on hand (no order explains it).
      await sql.query(`update stock_options set on_hand = on_hand + 1, reserved = reserved + 1 where product_id = $1 and variant = $2`, [product._id, variant]);
      const { violations } = await checkInvariants(db.url, people, { stockBefore });
      expect(violations).toEqual([
        `stock of ${product._id} ${variant}: 1 counted as held, open reservations hold 0`,
        `stock of ${product._id} ${variant}: 2 on hand, 1 before the run less 0 taken by paid orders`,
      ]);
    } finally {
      await sql.end();
    }
  });
});
