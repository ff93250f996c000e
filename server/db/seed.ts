import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import { MIGRATION_LOCK_KEY } from './client';
import { importCatalogInTx, type ImportSummary } from './catalogImport';
import { demoCatalog } from './demoCatalog';
import { meta, printers, products, settings } from './schema';

export const SEEDED_KEY = 'seeded_at';

/**
 * What a seed writes besides the demo catalog. The demo discount codes (one never expires) are for
 * trying the shop out: a production database never gets them; callers pass
 * `demoDiscounts: config.env !== 'production'`.
 */
export interface SeedOptions {
  demoDiscounts: boolean;
}

/** Writes the demo catalog, the demo discount codes when asked, and the settings row (upserts: safe to run again). */
export async function seedDemo(tx: DbOrTx, opts: SeedOptions, now = Date.now()): Promise<ImportSummary> {
  const catalog = demoCatalog(now);
  const summary = await importCatalogInTx(tx, opts.demoDiscounts ? catalog : { ...catalog, discounts: [] }, now);
  await tx
    .insert(settings)
    .values({ id: 1, hiddenCategories: [], hiddenProductTags: [], showSupportInOrders: true })
    .onConflictDoNothing();
  // A demo print shop: without printers every made-to-order option would say 'Currently unavailable'.
  await tx
    .insert(printers)
    .values([
      { id: 'de0000000000000000000001', name: 'Prusa MK4 #1', materials: ['PLA', 'PETG'], hoursPerDay: 10 },
      { id: 'de0000000000000000000002', name: 'Bambu X1', materials: ['PLA', 'PETG', 'TPU'], hoursPerDay: 12 },
    ])
    .onConflictDoNothing();
  await tx
    .insert(meta)
    .values({ key: SEEDED_KEY, value: new Date(now).toISOString() })
    .onConflictDoUpdate({ target: meta.key, set: { value: new Date(now).toISOString(), updatedAt: sql`now()` } });
  return summary;
}

/**
 * Seeds on the first start of an empty database, in one transaction. The advisory lock keeps two
 * instances starting together on one PostgreSQL from both seeding.
 */
export async function seedIfEmpty(db: Db, opts: SeedOptions, now = Date.now()): Promise<ImportSummary | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const seeded = await tx.select({ key: meta.key }).from(meta).where(eq(meta.key, SEEDED_KEY));
    if (seeded.length) return null;
    const any = await tx.select({ id: products.id }).from(products).limit(1);
    if (any.length) return null;
    return seedDemo(tx, opts, now);
  });
}

/** `npm run seed` without a file: (re)writes the demo catalog in one transaction. */
export async function seed(db: Db, opts: SeedOptions, now = Date.now()): Promise<ImportSummary> {
  return db.transaction((tx) => seedDemo(tx, opts, now));
}
