import { desc, eq, sql } from 'drizzle-orm';
import type { Bundle, Product } from '../../src/domain/types';
import type { Db, DbOrTx } from '../db/client';
import { ratingSummary } from '../../src/domain/reviews';
import { bundles, meta, productRatings, products, stockOptions } from '../db/schema';
import { cacheBody, type CachedBody } from '../lib/cachedBody';
import { isDatabaseUnavailable } from '../lib/dbErrors';
import { bundleToWire, productToWire } from './catalogMapping';

export const CATALOG_VERSION_KEY = 'catalog_version';
/** NOTIFY channel of catalog changes: every instance drops its snapshot when the change commits. */
export const CATALOG_CHANNEL = 'layerloft_catalog';

/**
 * Marks the catalog as changed for every instance: call inside the transaction that changed
 * products or bundles. Instances hear it when the transaction commits (NOTIFY, plugins/catalog.ts);
 * without that, each one's cache still sees the new version within `checkIntervalMs`.
 */
export async function bumpCatalogVersion(db: DbOrTx): Promise<void> {
  const version = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await db
    .insert(meta)
    .values({ key: CATALOG_VERSION_KEY, value: version })
    .onConflictDoUpdate({ target: meta.key, set: { value: version, updatedAt: sql`now()` } });
  await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${version})`);
}

interface Snapshot {
  version: string;
  products: Product[];
  byId: Map<string, Product>;
  bundles: Bundle[];
  productList: CachedBody;
  bundleList: CachedBody;
}

export interface CatalogOptions {
  /** How often (ms) a request may check the shared catalog version (default 1000). */
  checkIntervalMs?: number;
  now?: () => number;
}

/**
 * Products and bundles, read rarely and served often: one snapshot per catalog version with the
 * list responses pre-serialised. The version lives in the database (`meta`), so an edit made by
 * any instance reaches every instance's cache within a second.
 */
export class CatalogRepository {
  private snapshot: Snapshot | null = null;
  private building: { generation: number; promise: Promise<Snapshot> } | null = null;
  private checkedAt = 0;
  /** Bumped by every invalidation; `validFor` is the generation the snapshot was built in. */
  private generation = 0;
  private validFor = -1;
  private readonly interval: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    opts: CatalogOptions = {},
  ) {
    this.interval = opts.checkIntervalMs ?? 1000;
    this.now = opts.now ?? Date.now;
  }

  private async readVersion(): Promise<string> {
    const rows = await this.db.select({ value: meta.value }).from(meta).where(eq(meta.key, CATALOG_VERSION_KEY));
    return rows[0]?.value ?? '0';
  }

  private async build(): Promise<Snapshot> {
    // Version first: a change landing during the read makes the next check rebuild again.
    const version = await this.readVersion();
    const [productRows, bundleRows, ratingRows, stockRows] = await Promise.all([
      this.db.select().from(products).orderBy(desc(products.createdAt), products.id),
      this.db.select().from(bundles).orderBy(bundles.startDate, bundles.id),
      this.db.select().from(productRatings),
      this.db.select().from(stockOptions),
    ]);
    const stars = new Map(ratingRows.map((r) => [r.productId, ratingSummary([r.stars1, r.stars2, r.stars3, r.stars4, r.stars5])]));
    const stock = new Map<string, typeof stockRows>();
    for (const r of stockRows) {
      const list = stock.get(r.productId);
      if (list) list.push(r);
      else stock.set(r.productId, [r]);
    }
    const productList = productRows.map((row) => productToWire(row, stars.get(row.id), stock.get(row.id)));
    const productById = new Map(productList.map((p) => [p._id, p]));
    const bundleList = bundleRows.map((row) => bundleToWire(row, (id) => productById.get(id)));
    return {
      version,
      products: productList,
      byId: new Map(productList.map((p) => [p._id, p])),
      bundles: bundleList,
      productList: cacheBody({ success: true, products: productList }),
      bundleList: cacheBody({ success: true, bundles: bundleList }),
    };
  }

  /**
   * The snapshot to serve. An invalidation (a NOTIFY from any instance, or a local write) can land
   * while a check or build is awaiting the database: the snapshot being checked stays in hand (it is
   * never read back from the field), and a snapshot built or checked before the invalidation is not
   * valid for the generation after it, so the next request builds again instead of serving the old
   * catalog for another interval.
   */
  private async current(): Promise<Snapshot> {
    const last = this.snapshot;
    const valid = last !== null && this.validFor === this.generation;
    if (valid && this.now() - this.checkedAt < this.interval) return last;
    // A check or build started before the latest invalidation cannot see that change: join only one of this generation.
    if (this.building?.generation === this.generation) return this.building.promise;
    const generation = this.generation;
    const promise = (async () => {
      try {
        if (valid) {
          let version: string;
          try {
            version = await this.readVersion();
          } catch (err) {
            // Database unreachable: keep browsing on the last snapshot (checked again next interval).
            if (!isDatabaseUnavailable(err)) throw err;
            this.checkedAt = this.now();
            return last;
          }
          if (version === last.version) {
            this.checkedAt = this.now();
            return last;
          }
        }
        const snap = await this.build();
        // A build of an older generation finishing after a newer one is served to its own waiters only.
        if (generation >= this.validFor) {
          this.snapshot = snap;
          this.validFor = generation;
          this.checkedAt = this.now();
        }
        return snap;
      } finally {
        if (this.building?.generation === generation) this.building = null;
      }
    })();
    this.building = { generation, promise };
    return promise;
  }

  async productListBody(): Promise<CachedBody> {
    return (await this.current()).productList;
  }

  async bundleListBody(): Promise<CachedBody> {
    return (await this.current()).bundleList;
  }

  async listProducts(): Promise<Product[]> {
    return (await this.current()).products;
  }

  async listBundles(): Promise<Bundle[]> {
    return (await this.current()).bundles;
  }

  /** The catalog's shared version this instance currently serves (what caches of derived data key on). */
  async version(): Promise<string> {
    return (await this.current()).version;
  }

  async getProduct(id: string): Promise<Product | undefined> {
    return (await this.current()).byId.get(id);
  }

  /**
   * The next request builds this instance's snapshot anew (after a local write that already bumped
   * the version, or another instance's NOTIFY). A check already in flight still answers the
   * requests waiting on it.
   */
  invalidateLocal(): void {
    this.generation += 1;
    this.checkedAt = 0;
  }

  /** Bumps the shared version and drops the local snapshot: use after a write outside a transaction. */
  async invalidate(): Promise<void> {
    await bumpCatalogVersion(this.db);
    this.invalidateLocal();
  }
}
