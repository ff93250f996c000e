import { and, desc, eq, gt, ilike, inArray, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { StaffDiscount } from '../../src/domain/staffCatalog';
import type { Bundle, Product, Settings } from '../../src/domain/types';
import type { Db, DbOrTx } from '../db/client';
import { bundles, cartLines, discounts, orders, products, settings, stockOptions, wishlistItems, type BundleRow, type NewBundleRow, type NewProductRow, type ProductRow } from '../db/schema';
import { changedFields, type AuditActor, type AuditRepository } from './audit';
import { bumpCatalogVersion } from './catalog';
import { bundleToWire, productToWire } from './catalogMapping';

/** The product flags the staff list filters on. */
export const PRODUCT_FLAGS = ['outOfStock', 'comingSoon', 'preOrder', 'isNewProduct', 'limitedEdition', 'vaulted', 'notAvailableYet', 'bestseller'] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];

/** Why a product cannot be deleted now (hiding it is offered instead). */
export class ProductInUseError extends Error {
  override name = 'ProductInUseError';
  constructor(
    readonly bundleTitles: string[],
    readonly unpaidOrders: number,
  ) {
    super('product in use');
  }
}

export class DuplicateError extends Error {
  override name = 'DuplicateError';
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

type DiscountRow = typeof discounts.$inferSelect;
type NewDiscountRow = typeof discounts.$inferInsert;

/** A discount's fields as the audit log shows them (dates as ISO text). */
const discountFacts = (d: DiscountRow | NewDiscountRow) => ({
  code: d.code,
  percentage: d.percentage,
  active: d.active ?? true,
  expiresAt: d.expiresAt ? d.expiresAt.toISOString() : null,
});

/**
 * The staff catalog editor's writes. Each change runs in one transaction with its audit row and
 * the shared catalog version bump (every instance's cache rebuilds on its next check); the caller
 * then drops its own instance's snapshot (`CatalogRepository.invalidateLocal`).
 */
export class StaffCatalogRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
  ) {}

  // ---- products -------------------------------------------------------------------------------

  async listProducts(f: { q?: string; category?: string; flag?: ProductFlag }): Promise<Product[]> {
    const conditions: (SQL | undefined)[] = [];
    if (f.q) conditions.push(ilike(products.name, `%${f.q.replace(/[\\%_]/g, '\\$&')}%`));
    if (f.category) {
      const c = f.category.toLowerCase();
      conditions.push(or(sql`lower(${products.mainCategory}) = ${c}`, sql`lower(${products.subCategory}) = ${c}`, sql`lower(${products.subSubCategory}) = ${c}`));
    }
    // Out of stock follows from the options' numbers (filtered below); every other flag is stored.
    if (f.flag && f.flag !== 'outOfStock') conditions.push(eq(products[f.flag], true));
    const rows = await this.db
      .select()
      .from(products)
      .where(and(...conditions))
      .orderBy(desc(products.createdAt), products.id);
    const stock = rows.length ? await this.db.select().from(stockOptions).where(inArray(stockOptions.productId, rows.map((r) => r.id))) : [];
    const byProduct = new Map<string, typeof stock>();
    for (const s of stock) byProduct.set(s.productId, [...(byProduct.get(s.productId) ?? []), s]);
    const list = rows.map((row) => productToWire(row, undefined, byProduct.get(row.id)));
    return f.flag === 'outOfStock' ? list.filter((p) => p.outOfStock) : list;
  }

  async findProduct(id: string, db: DbOrTx = this.db): Promise<ProductRow | undefined> {
    const rows = await db.select().from(products).where(eq(products.id, id));
    return rows[0];
  }

  /** `then` runs in the same transaction (the product's stock per option): all saved or nothing. */
  async createProduct(row: NewProductRow, actor: AuditActor, then?: (tx: DbOrTx) => Promise<void>): Promise<Product> {
    return this.createAudited('product', row.id, actor, async (tx) => {
      const wire = productToWire((await tx.insert(products).values(row).returning())[0]!);
      if (then) await then(tx);
      return wire;
    });
  }

  /** Replaces a product's fields; null when it does not exist. */
  async updateProduct(
    id: string,
    patch: (before: ProductRow) => Partial<NewProductRow>,
    actor: AuditActor,
    action = 'update',
    then?: (tx: DbOrTx, before: ProductRow) => Promise<void>,
  ): Promise<Product | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!before) return null;
      const [after] = await tx
        .update(products)
        .set({ ...patch(before), id })
        .where(eq(products.id, id))
        .returning();
      const wire = productToWire(after!);
      await this.recordChange(tx, 'product', id, action, actor, productToWire(before), wire);
      if (then) await then(tx, before);
      return wire;
    });
  }

  /**
   * Deletes a product unless an active bundle (not cancelled, not ended) or an unpaid order holds
   * it; the shoppers' cart lines and wishlist entries of it go with it. Null when it does not exist.
   */
  async deleteProduct(id: string, actor: AuditActor, now = new Date()): Promise<{ droppedCartLines: number; droppedWishlistItems: number } | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!before) return null;
      const holding = await tx
        .select({ title: bundles.title })
        .from(bundles)
        .where(and(eq(bundles.cancelled, false), gt(bundles.endDate, now), sql`${bundles.productIds} @> ${JSON.stringify([id])}::jsonb`));
      const [unpaid] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.status, 'Payment Pending'), sql`${orders.items} @> ${JSON.stringify([{ productId: id }])}::jsonb`));
      if (holding.length || Number(unpaid?.n ?? 0) > 0) throw new ProductInUseError(holding.map((b) => b.title), Number(unpaid?.n ?? 0));
      const cart = await tx
        .delete(cartLines)
        .where(like(cartLines.key, `${id}\\_%`))
        .returning({ userId: cartLines.userId });
      const wish = await tx.delete(wishlistItems).where(eq(wishlistItems.productId, id)).returning({ userId: wishlistItems.userId });
      await tx.delete(products).where(eq(products.id, id));
      await this.audit.record(tx, {
        entity: 'product',
        entityId: id,
        action: 'delete',
        actor,
        changes: { ...changedFields({ ...productToWire(before) }, null), droppedCartLines: { from: null, to: cart.length }, droppedWishlistItems: { from: null, to: wish.length } },
      });
      await bumpCatalogVersion(tx);
      return { droppedCartLines: cart.length, droppedWishlistItems: wish.length };
    });
  }

  // ---- bundles --------------------------------------------------------------------------------

  async listBundles(): Promise<Bundle[]> {
    const rows = await this.db.select().from(bundles).orderBy(desc(bundles.startDate), bundles.id);
    return rows.map((r) => bundleToWire(r));
  }

  async findBundle(id: string): Promise<BundleRow | undefined> {
    const rows = await this.db.select().from(bundles).where(eq(bundles.id, id));
    return rows[0];
  }

  /** The ids among `ids` that name no product. */
  async unknownProducts(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const found = new Set((await this.db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  }

  async createBundle(row: NewBundleRow, actor: AuditActor): Promise<Bundle> {
    return this.createAudited('bundle', row.id, actor, async (tx) => bundleToWire((await tx.insert(bundles).values(row).returning())[0]!));
  }

  async updateBundle(id: string, patch: Partial<NewBundleRow>, actor: AuditActor, action = 'update'): Promise<Bundle | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(bundles).where(eq(bundles.id, id)).for('update');
      if (!before) return null;
      const [after] = await tx
        .update(bundles)
        .set({ ...patch, id })
        .where(eq(bundles.id, id))
        .returning();
      const wire = bundleToWire(after!);
      await this.recordChange(tx, 'bundle', id, action, actor, bundleToWire(before), wire);
      return wire;
    });
  }

  /**
   * Inserts a product or bundle (`insert` answers its wire shape), audited and with the catalog
   * version bumped, in one transaction; a DuplicateError when the id is taken.
   */
  private async createAudited<W extends Product | Bundle>(entity: 'product' | 'bundle', id: string, actor: AuditActor, insert: (tx: DbOrTx) => Promise<W>): Promise<W> {
    try {
      return await this.db.transaction(async (tx) => {
        const wire = await insert(tx);
        await this.audit.record(tx, { entity, entityId: wire._id, action: 'create', actor, changes: changedFields(null, { ...wire }) });
        await bumpCatalogVersion(tx);
        return wire;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateError(`A ${entity} with the id ${id} already exists`);
      throw err;
    }
  }

  /** Audits a product's or bundle's edit and bumps the catalog version — only when a field changed. */
  private async recordChange<W extends Product | Bundle>(tx: DbOrTx, entity: 'product' | 'bundle', id: string, action: string, actor: AuditActor, before: W, after: W): Promise<void> {
    const changes = changedFields({ ...before }, { ...after });
    if (!Object.keys(changes).length) return;
    await this.audit.record(tx, { entity, entityId: id, action, actor, changes });
    await bumpCatalogVersion(tx);
  }

  // ---- discount codes -------------------------------------------------------------------------

  async listDiscounts(): Promise<StaffDiscount[]> {
    const used = this.db
      .select({ code: orders.discountCode, n: sql<number>`count(*)::int`.as('n') })
      .from(orders)
      .where(and(isNotNull(orders.discountCode), isNotNull(orders.paidAt)))
      .groupBy(orders.discountCode)
      .as('used');
    const rows = await this.db
      .select({ d: discounts, n: used.n })
      .from(discounts)
      .leftJoin(used, eq(used.code, discounts.code))
      .orderBy(desc(discounts.createdAt), discounts.code);
    return rows.map((r) => discountToWire(r.d, Number(r.n ?? 0)));
  }

  async findDiscount(code: string): Promise<StaffDiscount | null> {
    return (await this.listDiscounts()).find((d) => d.code === code) ?? null;
  }

  async createDiscount(row: NewDiscountRow, actor: AuditActor): Promise<StaffDiscount> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(discounts).values(row);
        await this.audit.record(tx, { entity: 'discount', entityId: row.code, action: 'create', actor, changes: changedFields(null, discountFacts(row)) });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateError(`The code ${row.code} already exists`);
      throw err;
    }
    return (await this.findDiscount(row.code))!;
  }

  async updateDiscount(code: string, patch: Partial<Pick<NewDiscountRow, 'percentage' | 'active' | 'expiresAt'>>, actor: AuditActor, action = 'update'): Promise<StaffDiscount | null> {
    const found = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(discounts).where(eq(discounts.code, code)).for('update');
      if (!before) return false;
      const [after] = await tx.update(discounts).set(patch).where(eq(discounts.code, code)).returning();
      const changes = changedFields(discountFacts(before), discountFacts(after!));
      if (Object.keys(changes).length) await this.audit.record(tx, { entity: 'discount', entityId: code, action, actor, changes });
      return true;
    });
    return found ? this.findDiscount(code) : null;
  }

  // ---- settings -------------------------------------------------------------------------------

  /** Changes the shop settings (nothing caches them: every instance answers the new values at once). */
  async updateSettings(current: Settings, patch: Partial<Pick<Settings, 'hiddenCategories' | 'hiddenProductTags' | 'showSupportInOrders'>>, actor: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ id: 1, ...patch })
        .onConflictDoUpdate({ target: settings.id, set: { ...patch, updatedAt: sql`now()` } });
      const pick = (s: Partial<Settings>) => ({ hiddenCategories: s.hiddenCategories, hiddenProductTags: s.hiddenProductTags, showSupportInOrders: s.showSupportInOrders });
      const changes = changedFields(pick(current), pick({ ...current, ...patch }));
      if (Object.keys(changes).length) await this.audit.record(tx, { entity: 'settings', entityId: 'shop', action: 'update', actor, changes });
    });
  }
}

export function discountToWire(d: DiscountRow, timesUsed: number): StaffDiscount {
  return {
    code: d.code,
    percentage: d.percentage,
    active: d.active,
    expiresAt: d.expiresAt ? d.expiresAt.toISOString() : null,
    timesUsed,
    createdAt: d.createdAt.toISOString(),
  };
}
