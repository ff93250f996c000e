/**
 * Fault: a catalog change lands while an instance is checking its snapshot. In the cluster run every
 * paid order that moves stock bumps the shared version, and each instance hears it (NOTIFY) while
 * requests are already waiting on a version check: every request on that instance answered 500
 * ("Cannot read properties of null (reading 'version')") until the next check. The check must keep
 * serving, and must not hide the change for another interval.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import { products } from '../../../server/db/schema';
import { bumpCatalogVersion, CatalogRepository } from '../../../server/repositories/catalog';
import { openTestDatabase } from '../helpers';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('catalog snapshot invalidated while a version check is in flight', () => {
  it('answers the requests waiting on the check, then serves the change at the next request', async () => {
    let clock = 1_000_000;
    // A version check at most once an hour: only the invalidation can make this instance look again.
    const catalog = new CatalogRepository(database.db, { checkIntervalMs: 3_600_000, now: () => clock });
    const first = (await catalog.listProducts())[0]!;
    clock += 3_600_001; // the interval ran out: the next request checks the shared version

    const list = catalog.listProducts();
    const one = catalog.getProduct(first._id);
    const body = catalog.productListBody();
    // Another instance commits a rename while the check is awaiting the database; its NOTIFY arrives.
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ name: 'Renamed Mid-Check' }).where(eq(products.id, first._id));
      await bumpCatalogVersion(tx);
    });
    catalog.invalidateLocal();

    expect((await list).length).toBeGreaterThan(0);
    expect((await one)?._id).toBe(first._id);
    expect((await body).identity.length).toBeGreaterThan(0);
    // The clock has not moved: without the invalidation counting, this would wait an hour.
    expect((await catalog.getProduct(first._id))?.name).toBe('Renamed Mid-Check');
  });

  it('a request that comes after the invalidation waits for a build that can see the change, not the one under way', async () => {
    const catalog = new CatalogRepository(database.db, { checkIntervalMs: 3_600_000 });
    const first = (await catalog.listProducts())[0]!;
    // The next build reads the catalog, then is held (a slow instance) until the change has landed.
    const internals = catalog as unknown as { build: () => Promise<unknown> };
    const build = internals.build.bind(catalog);
    let read!: () => void;
    const hasRead = new Promise<void>((r) => (read = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let builds = 0;
    internals.build = async () => {
      builds += 1;
      const snap = await build();
      if (builds === 1) {
        read();
        await held;
      }
      return snap;
    };
    catalog.invalidateLocal();
    const before = catalog.getProduct(first._id);
    await hasRead;
    // Another instance commits a rename and its NOTIFY arrives while that build is held.
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ name: 'Renamed Mid-Build' }).where(eq(products.id, first._id));
      await bumpCatalogVersion(tx);
    });
    catalog.invalidateLocal();
    const after = catalog.getProduct(first._id);
    release();
    expect((await before)?.name).toBe(first.name);
    expect((await after)?.name).toBe('Renamed Mid-Build');
    expect(builds).toBe(2);
  });
});
