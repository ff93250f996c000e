import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '../../src/domain/cartKey';
import type { CartData } from '../../src/domain/types';
import type { Db, DbOrTx } from '../db/client';
import { cartLines, idempotencyKeys, wishlistItems } from '../db/schema';

/** How long a retried add may replay its first answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** What an idempotency row remembers: the request it belonged to and the answer it got. */
interface StoredReplay {
  fingerprint: string;
  body: unknown;
}

export type IdempotentResult<T> = { replayed: false; body: T } | { replayed: true; body: unknown } | { conflict: true };

/**
 * A shopper's cart lines (`itemId_variant → quantity`, bundles never stored) and wishlist, always
 * scoped by the owner's user id: no method reads or writes another user's rows.
 */
export class ListsRepository {
  /** The cart's hot statements, built once and prepared by name (building costs more than running them). */
  private readonly statements;

  constructor(private readonly db: Db) {
    const p = sql.placeholder;
    this.statements = {
      cart: db
        .select({ key: cartLines.key, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.userId, p('userId')))
        .orderBy(asc(cartLines.updatedAt), asc(cartLines.key))
        .prepare('lists_cart'),
      setLine: db
        .insert(cartLines)
        .values({ userId: p('userId'), key: p('key'), quantity: p('quantity') })
        .onConflictDoUpdate({ target: [cartLines.userId, cartLines.key], set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` } })
        .prepare('lists_set_line'),
      removeLine: db
        .delete(cartLines)
        .where(and(eq(cartLines.userId, p('userId')), eq(cartLines.key, p('key'))))
        .prepare('lists_remove_line'),
    };
  }

  async cart(userId: string, db: DbOrTx = this.db): Promise<CartData> {
    // Inside a transaction the statement must run on its connection: build it there.
    const rows =
      db === this.db
        ? await this.statements.cart.execute({ userId })
        : await db
            .select({ key: cartLines.key, quantity: cartLines.quantity })
            .from(cartLines)
            .where(eq(cartLines.userId, userId))
            .orderBy(asc(cartLines.updatedAt), asc(cartLines.key));
    const out: CartData = {};
    for (const r of rows) out[r.key] = r.quantity;
    return out;
  }

  async hasLine(userId: string, key: string): Promise<boolean> {
    const rows = await this.db
      .select({ key: cartLines.key })
      .from(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.key, key)));
    return rows.length > 0;
  }

  /** Adds to a line (creating it), capped at MAX_LINE_QUANTITY, in one statement (no lost update). */
  async addToLine(userId: string, key: string, quantity: number, db: DbOrTx = this.db): Promise<void> {
    if (quantity <= 0) return;
    await db
      .insert(cartLines)
      .values({ userId, key, quantity: Math.min(MAX_LINE_QUANTITY, quantity) })
      .onConflictDoUpdate({
        target: [cartLines.userId, cartLines.key],
        set: {
          quantity: sql`least(${MAX_LINE_QUANTITY}, ${cartLines.quantity} + ${quantity})`,
          updatedAt: sql`now()`,
        },
      });
  }

  /** Sets a line's quantity; 0 removes it. */
  async setLine(userId: string, key: string, quantity: number): Promise<void> {
    if (quantity <= 0) {
      await this.statements.removeLine.execute({ userId, key });
      return;
    }
    await this.statements.setLine.execute({ userId, key, quantity });
  }

  /**
   * Runs `apply` at most once per (user, Idempotency-Key): the key is claimed inside the same
   * transaction as the change, so a concurrent retry waits for the first and then replays its
   * answer. The same key with a different request is a conflict (nothing changes).
   */
  async once<T>(userId: string, key: string, fingerprint: string, apply: (tx: DbOrTx) => Promise<T>): Promise<IdempotentResult<T>> {
    return this.db.transaction(async (tx) => {
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))));
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, response: null })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const rows = await tx
          .select({ response: idempotencyKeys.response })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        const stored = rows[0]?.response as StoredReplay | null | undefined;
        if (stored && stored.fingerprint !== fingerprint) return { conflict: true as const };
        return { replayed: true as const, body: stored?.body ?? null };
      }
      const body = await apply(tx);
      const replay: StoredReplay = { fingerprint, body };
      await tx
        .update(idempotencyKeys)
        .set({ response: replay })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return { replayed: false as const, body };
    });
  }

  /**
   * Deletes every idempotency row older than IDEMPOTENCY_TTL_MS, whoever it belongs to (`once`
   * only clears the caller's own: a shopper who never comes back would keep theirs forever).
   * Answers how many went.
   */
  async expireIdempotencyKeys(now = new Date()): Promise<number> {
    const gone = await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
      .returning({ key: idempotencyKeys.key });
    return gone.length;
  }

  async wishlist(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
    return rows.map((r) => r.productId);
  }

  async addToWishlist(userId: string, productId: string): Promise<void> {
    await this.db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  }

  async removeFromWishlist(userId: string, productId: string): Promise<void> {
    await this.db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  }
}
