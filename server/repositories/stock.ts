import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_PRINT, freeUnits, splitUnits, type OptionStock } from '../../src/domain/stock';
import type { DbOrTx } from '../db/client';
import { backInStockRequests, bundles, orders, products, stockOptions, stockReservations, type BundleRow, type ProductRow } from '../db/schema';

export type StockOptionRow = typeof stockOptions.$inferSelect;
export type BackInStockRow = typeof backInStockRequests.$inferSelect;

/** Units of one option an order line asks for (a bundle line asks for one option per product). */
export interface UnitsWanted {
  lineIndex: number;
  productId: string;
  variant: string;
  quantity: number;
}

/** A stocked-only option that cannot cover what the order asks: `left` units are free. */
export interface Shortage {
  productId: string;
  variant: string;
  left: number;
}

/** How the stock of an option changed: whether it could be bought before and after. */
export interface OptionChange {
  productId: string;
  variant: string;
  availableBefore: boolean;
  availableAfter: boolean;
}

/** One option's stock as staff set it (import, seed, product editor). */
export interface OptionStockInput {
  variant: string;
  onHand: number;
  madeToOrder: boolean;
  printMinutes: number | null;
  material: string | null;
}

/** Staff set an option's stock below the units open payments hold. */
export class BelowHeldError extends Error {
  override name = 'BelowHeldError';
  constructor(
    readonly variant: string,
    readonly held: number,
  ) {
    super(`on hand below the ${held} units held for ${variant}`);
  }
}

const optionKey = (productId: string, variant: string) => `${productId}\u0000${variant}`;
const available = (s: OptionStock) => s.madeToOrder || freeUnits(s) > 0;

/**
 * Stock per option and the units orders hold (stock_options, stock_reservations), and the
 * shoppers waiting for an option to come back. Every change of the numbers is a guarded UPDATE on
 * rows locked in one order (product id, variant), so concurrent checkouts queue on the rows they
 * share and never oversell; nothing is read and then written unlocked.
 */
export class StockRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Every option's stock (the catalog's snapshot computes availability from it). */
  async all(db: DbOrTx = this.db): Promise<StockOptionRow[]> {
    return db.select().from(stockOptions);
  }

  async forProduct(productId: string, db: DbOrTx = this.db): Promise<StockOptionRow[]> {
    return db.select().from(stockOptions).where(eq(stockOptions.productId, productId)).orderBy(stockOptions.variant);
  }

  /** The products and bundles an order's lines name, read in the order's transaction. */
  async catalogRows(tx: DbOrTx | undefined, productIds: string[], bundleIds: string[]): Promise<{ products: ProductRow[]; bundles: BundleRow[] }> {
    const db = tx ?? this.db;
    const [p, b] = await Promise.all([
      productIds.length ? db.select().from(products).where(inArray(products.id, productIds)) : Promise.resolve([]),
      bundleIds.length ? db.select().from(bundles).where(inArray(bundles.id, bundleIds)) : Promise.resolve([]),
    ]);
    return { products: p, bundles: b };
  }

  /** An order's stored lines (a refund's restock reads them in its transaction). */
  async orderItems(tx: DbOrTx, orderId: string): Promise<unknown[]> {
    const rows = await tx.select({ items: orders.items }).from(orders).where(eq(orders.id, orderId));
    return (rows[0]?.items as unknown[] | undefined) ?? [];
  }

  /** Locks the named options' rows (sorted, so transactions never wait on each other in a circle). */
  private async lock(tx: DbOrTx, keys: Array<{ productId: string; variant: string }>): Promise<Map<string, StockOptionRow>> {
    if (keys.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(stockOptions)
      .where(or(...keys.map((k) => and(eq(stockOptions.productId, k.productId), eq(stockOptions.variant, k.variant)))))
      .orderBy(stockOptions.productId, stockOptions.variant)
      .for('update');
    return new Map(rows.map((r) => [optionKey(r.productId, r.variant), r]));
  }

  /** The named options as they stand: a plain read, which waits for no other checkout's lock. */
  private async current(db: DbOrTx, keys: Array<{ productId: string; variant: string }>): Promise<Map<string, StockOptionRow>> {
    if (keys.length === 0) return new Map();
    const rows = await db
      .select()
      .from(stockOptions)
      .where(or(...keys.map((k) => and(eq(stockOptions.productId, k.productId), eq(stockOptions.variant, k.variant)))));
    return new Map(rows.map((r) => [optionKey(r.productId, r.variant), r]));
  }

  /**
   * How an order's lines would be held with the options' numbers in `state`: each line's free
   * shelf units first, the rest printed (made to order); the stocked-only options that cannot
   * cover their lines. An option without a stock row is printed (made to order by default).
   */
  private plan(wanted: UnitsWanted[], rows: Map<string, StockOptionRow>) {
    const state = new Map([...rows].map(([k, r]) => [k, { onHand: r.onHand, reserved: r.reserved, madeToOrder: r.madeToOrder }]));
    const shortages = new Map<string, Shortage>();
    const held = new Map<string, { lineIndex: number; productId: string; variant: string; fromShelf: number; toPrint: number }>();
    const shelf = new Map<string, { productId: string; variant: string; n: number }>();
    for (const w of wanted) {
      const k = optionKey(w.productId, w.variant);
      const s = state.get(k);
      let split = { fromShelf: 0, toPrint: w.quantity };
      if (s) {
        const asked = splitUnits(s, w.quantity);
        if (!asked) {
          const total = wanted.filter((x) => optionKey(x.productId, x.variant) === k).reduce((n, x) => n + x.quantity, 0);
          if (!shortages.has(k)) shortages.set(k, { productId: w.productId, variant: w.variant, left: Math.max(0, Math.min(total, freeUnits(rows.get(k)!))) });
          continue;
        }
        split = asked;
        s.reserved += asked.fromShelf;
        if (asked.fromShelf > 0) {
          const e = shelf.get(k) ?? { productId: w.productId, variant: w.variant, n: 0 };
          e.n += asked.fromShelf;
          shelf.set(k, e);
        }
      }
      const hk = `${w.lineIndex}\u0000${k}`;
      const prev = held.get(hk);
      if (prev) {
        prev.fromShelf += split.fromShelf;
        prev.toPrint += split.toPrint;
      } else held.set(hk, { lineIndex: w.lineIndex, productId: w.productId, variant: w.variant, ...split });
    }
    return { shortages: [...shortages.values()], held: [...held.values()], shelf: [...shelf.values()].sort((a, b) => (optionKey(a.productId, a.variant) < optionKey(b.productId, b.variant) ? -1 : 1)) };
  }

  private static keysOf(wanted: UnitsWanted[]): Array<{ productId: string; variant: string }> {
    return [...new Map(wanted.map((w) => [optionKey(w.productId, w.variant), { productId: w.productId, variant: w.variant }])).values()].sort((a, b) =>
      optionKey(a.productId, a.variant) < optionKey(b.productId, b.variant) ? -1 : 1,
    );
  }

  /**
   * The stocked-only options that cannot cover an order as the numbers stand now, read without
   * any lock: checkout answers "Sold out" at once when the shelf is already empty, instead of
   * queueing on the row behind the shoppers who are taking its last units. Only ever a refusal:
   * what passes here is decided again by `reserve`'s guarded UPDATE.
   */
  async shortagesNow(wanted: UnitsWanted[], db: DbOrTx = this.db): Promise<Shortage[]> {
    return this.plan(wanted, await this.current(db, StockRepository.keysOf(wanted))).shortages;
  }

  /**
   * Holds an order's units until `expiresAt`: each line's free shelf units first, the rest to
   * print (made to order). When a stocked-only option cannot cover its lines nothing is held and
   * the shortages are answered (the caller rolls its transaction back). An option without a stock
   * row is printed (made to order by default).
   *
   * The contended row lock is taken last and held for as little as possible: the numbers are read
   * without waiting on other checkouts, the order's reservation rows written, and only then is
   * each shelf decremented by one guarded UPDATE (`on_hand - reserved >= n`), which waits for the
   * row and re-checks the guard on its newest version; the caller commits right after. A guard
   * that no longer holds is a shortage (nothing oversold, nothing half held). A made-to-order
   * option is locked up front instead (FOR UPDATE, sorted), as its split between shelf and print
   * decides the rows written before and it is never short; the locked read also catches an option
   * that staff turned stocked only meanwhile.
   */
  async reserve(tx: DbOrTx, orderId: string, wanted: UnitsWanted[], expiresAt: Date): Promise<{ ok: true; changes: OptionChange[] } | { ok: false; shortages: Shortage[] }> {
    const keys = StockRepository.keysOf(wanted);
    const rows = await this.current(tx, keys);
    const printed = keys.filter((k) => rows.get(optionKey(k.productId, k.variant))?.madeToOrder);
    const locked = await this.lock(tx, printed);
    for (const [k, r] of locked) rows.set(k, r);
    const { shortages, held, shelf } = this.plan(wanted, rows);
    if (shortages.length > 0) return { ok: false, shortages };
    if (held.length > 0) await tx.insert(stockReservations).values(held.map((h) => ({ orderId, ...h, status: 'held' as const, expiresAt })));

    const changes: OptionChange[] = [];
    const short: Shortage[] = [];
    for (const e of shelf) {
      // Guarded as well as planned: the row can never be held beyond what is on hand.
      const [after] = await tx
        .update(stockOptions)
        .set({ reserved: sql`${stockOptions.reserved} + ${e.n}`, updatedAt: sql`now()` })
        .where(and(eq(stockOptions.productId, e.productId), eq(stockOptions.variant, e.variant), sql`${stockOptions.onHand} - ${stockOptions.reserved} >= ${e.n}`))
        .returning();
      if (!after) {
        // Others took the units between our reading and our turn at the row: short now. The row
        // is not ours any more to wait on; what is left is read as it is (for the message).
        const now = (await this.current(tx, [e])).get(optionKey(e.productId, e.variant));
        const total = wanted.filter((w) => w.productId === e.productId && w.variant === e.variant).reduce((n, w) => n + w.quantity, 0);
        short.push({ productId: e.productId, variant: e.variant, left: Math.max(0, Math.min(total, now ? freeUnits(now) : 0)) });
        continue;
      }
      const before = { ...after, reserved: after.reserved - e.n };
      changes.push({ productId: e.productId, variant: e.variant, availableBefore: available(before), availableAfter: available(after) });
    }
    if (short.length > 0) return { ok: false, shortages: short };
    return { ok: true, changes };
  }

  /**
   * Ends an order's held units: 'taken' (paid: the shelf units leave on hand and the hold) or
   * 'released' (cancelled, expired, failed: the shelf units are free again). Only held rows move,
   * so a second call changes nothing. Answers the options whose availability changed.
   */
  async settle(tx: DbOrTx, orderId: string, to: 'taken' | 'released'): Promise<{ changes: OptionChange[]; toPrint: Array<{ lineIndex: number; productId: string; variant: string; toPrint: number }> }> {
    const rows = await tx
      .update(stockReservations)
      .set({ status: to })
      .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, 'held')))
      .returning();
    const shelf = new Map<string, { productId: string; variant: string; n: number }>();
    for (const r of rows) {
      if (r.fromShelf === 0) continue;
      const k = optionKey(r.productId, r.variant);
      const e = shelf.get(k) ?? { productId: r.productId, variant: r.variant, n: 0 };
      e.n += r.fromShelf;
      shelf.set(k, e);
    }
    const locked = await this.lock(tx, [...shelf.values()].sort((a, b) => (optionKey(a.productId, a.variant) < optionKey(b.productId, b.variant) ? -1 : 1)));
    const changes: OptionChange[] = [];
    for (const [k, e] of shelf) {
      const before = locked.get(k);
      if (!before) continue;
      const [after] = await tx
        .update(stockOptions)
        .set({
          reserved: sql`greatest(${stockOptions.reserved} - ${e.n}, 0)`,
          ...(to === 'taken' ? { onHand: sql`greatest(${stockOptions.onHand} - ${e.n}, 0)` } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(stockOptions.productId, e.productId), eq(stockOptions.variant, e.variant)))
        .returning();
      if (after) changes.push({ productId: e.productId, variant: e.variant, availableBefore: available(before), availableAfter: available(after) });
    }
    return { changes, toPrint: rows.filter((r) => r.toPrint > 0).map((r) => ({ lineIndex: r.lineIndex, productId: r.productId, variant: r.variant, toPrint: r.toPrint })) };
  }

  /** Puts units back on the shelf (a refund with restock, staff adding stock). */
  async addOnHand(tx: DbOrTx, units: Array<{ productId: string; variant: string; quantity: number }>): Promise<OptionChange[]> {
    const merged = new Map<string, { productId: string; variant: string; quantity: number }>();
    for (const u of units) {
      if (u.quantity <= 0) continue;
      const k = optionKey(u.productId, u.variant);
      const e = merged.get(k) ?? { productId: u.productId, variant: u.variant, quantity: 0 };
      e.quantity += u.quantity;
      merged.set(k, e);
    }
    const sorted = [...merged.values()].sort((a, b) => (optionKey(a.productId, a.variant) < optionKey(b.productId, b.variant) ? -1 : 1));
    const locked = await this.lock(tx, sorted);
    const changes: OptionChange[] = [];
    for (const u of sorted) {
      const before = locked.get(optionKey(u.productId, u.variant));
      if (!before) continue; // an option the product no longer offers: nothing to put back
      const [after] = await tx
        .update(stockOptions)
        .set({ onHand: sql`${stockOptions.onHand} + ${u.quantity}`, updatedAt: sql`now()` })
        .where(and(eq(stockOptions.productId, u.productId), eq(stockOptions.variant, u.variant)))
        .returning();
      changes.push({ productId: u.productId, variant: u.variant, availableBefore: available(before), availableAfter: available(after!) });
    }
    return changes;
  }

  /**
   * Sets a product's options as staff gave them (import, seed, editor): on hand, made to order,
   * print time, material; `reserved` stays (an open payment keeps its units) — on hand below what
   * is held is refused by the table's check, which the caller words. Options the product no longer
   * offers and nobody holds are removed; offered ones not given get the defaults (made to order).
   */
  async setProductOptions(
    tx: DbOrTx,
    productId: string,
    offered: string[],
    given: OptionStockInput[],
    fallback: (variant: string) => OptionStockInput = (variant) => ({ variant, onHand: 0, madeToOrder: true, printMinutes: DEFAULT_PRINT.minutes, material: DEFAULT_PRINT.material }),
  ): Promise<OptionChange[]> {
    const byVariant = new Map(given.map((g) => [g.variant, g]));
    const locked = await this.lock(
      tx,
      offered.map((variant) => ({ productId, variant })),
    );
    const changes: OptionChange[] = [];
    for (const variant of offered) {
      const g = byVariant.get(variant);
      const before = locked.get(optionKey(productId, variant));
      if (!g && before) continue;
      if (g && before && g.onHand < before.reserved) throw new BelowHeldError(variant, before.reserved);
      const values = g ?? fallback(variant);
      const set = { onHand: values.onHand, madeToOrder: values.madeToOrder, printMinutes: values.printMinutes, material: values.material, updatedAt: sql`now()` };
      const [after] = await tx
        .insert(stockOptions)
        .values({ productId, ...set, variant })
        .onConflictDoUpdate({ target: [stockOptions.productId, stockOptions.variant], set })
        .returning();
      const wasAvailable = before ? available(before) : true;
      changes.push({ productId, variant, availableBefore: wasAvailable, availableAfter: available(after!) });
    }
    await tx
      .delete(stockOptions)
      .where(
        and(
          eq(stockOptions.productId, productId),
          eq(stockOptions.reserved, 0),
          offered.length ? sql`${stockOptions.variant} not in (${sql.join(
            offered.map((v) => sql`${v}`),
            sql`, `,
          )})` : undefined,
        ),
      );
    return changes;
  }

  // ---- back in stock ---------------------------------------------------------------------------

  /** A shopper's request to hear when an option is back (one per account and option; asking again re-arms it). */
  async requestBackInStock(userId: string, productId: string, variant: string): Promise<BackInStockRow> {
    const [row] = await this.db
      .insert(backInStockRequests)
      .values({ id: randomBytes(12).toString('hex'), userId, productId, variant })
      .onConflictDoUpdate({
        target: [backInStockRequests.userId, backInStockRequests.productId, backInStockRequests.variant],
        set: { notifiedAt: null, createdAt: sql`case when ${backInStockRequests.notifiedAt} is null then ${backInStockRequests.createdAt} else now() end` },
      })
      .returning();
    return row!;
  }

  /** Whether this account waits for this option now. */
  async isWaiting(userId: string, productId: string, variant: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: backInStockRequests.id })
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.userId, userId), eq(backInStockRequests.productId, productId), eq(backInStockRequests.variant, variant), isNull(backInStockRequests.notifiedAt)));
    return rows.length > 0;
  }

  /**
   * Claims (marks notified, in the caller's transaction) every waiting request whose option can be
   * bought now — made to order, or a unit free on the shelf — however it came back; `only` limits
   * it to some options. Answers them with their product's name.
   */
  async claimBuyable(tx: DbOrTx, only?: Array<{ productId: string; variant: string }>): Promise<Array<BackInStockRow & { productName: string }>> {
    if (only && only.length === 0) return [];
    const buyable = tx
      .select({ id: backInStockRequests.id })
      .from(backInStockRequests)
      .innerJoin(stockOptions, and(eq(stockOptions.productId, backInStockRequests.productId), eq(stockOptions.variant, backInStockRequests.variant)))
      .where(
        and(
          isNull(backInStockRequests.notifiedAt),
          or(eq(stockOptions.madeToOrder, true), sql`${stockOptions.onHand} - ${stockOptions.reserved} > 0`),
          only ? or(...only.map((o) => and(eq(backInStockRequests.productId, o.productId), eq(backInStockRequests.variant, o.variant)))) : undefined,
        ),
      );
    // notified_at is checked again by the UPDATE itself: a concurrent claim of the same row waits, then skips it.
    const claimed = await tx
      .update(backInStockRequests)
      .set({ notifiedAt: sql`now()` })
      .where(and(inArray(backInStockRequests.id, buyable), isNull(backInStockRequests.notifiedAt)))
      .returning();
    if (claimed.length === 0) return [];
    const names = new Map(
      (await tx.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, [...new Set(claimed.map((c) => c.productId))]))).map((p) => [p.id, p.name]),
    );
    return claimed.flatMap((c) => (names.has(c.productId) ? [{ ...c, productName: names.get(c.productId)! }] : []));
  }

  /** Removes a request (its unsubscribe link); false when it is gone already. */
  async removeRequest(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(backInStockRequests)
      .where(and(eq(backInStockRequests.id, id), eq(backInStockRequests.userId, userId)))
      .returning({ id: backInStockRequests.id });
    return rows.length > 0;
  }
}
