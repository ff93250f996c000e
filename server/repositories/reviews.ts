import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  REVIEW_LIMITS,
  ratingSummary,
  reviewAuthorName,
  type HeldReason,
  type OwnReview,
  type RatingSummary,
  type Review,
  type ReviewOption,
  type ReviewSort,
  type ReviewStatus,
} from '../../src/domain/reviews';
import type { Db, DbOrTx } from '../db/client';
import { bundles, orders, productRatings, products, reviewReports, reviews, reviewVotes, settings, users } from '../db/schema';
import { bumpCatalogVersion } from './catalog';

type ReviewRow = typeof reviews.$inferSelect;

const STAR_KEYS = ['stars1', 'stars2', 'stars3', 'stars4', 'stars5'] as const;
const STAR_COLUMNS = [productRatings.stars1, productRatings.stars2, productRatings.stars3, productRatings.stars4, productRatings.stars5];

export const newReviewId = () => randomBytes(12).toString('hex');

/** 'Red|M' → { color: 'Red', size: 'M' }; empty parts and the word 'null' are no part. */
export function optionFromVariant(variant: string): ReviewOption {
  const [color = '', size = ''] = variant.split('|');
  const part = (s: string) => (s && s !== 'null' ? s : null);
  return { color: part(color), size: part(size) };
}

/** What the moderation queue shows of a review. */
export interface ModeratedReview extends OwnReview {
  productName: string;
  authorEmail: string;
  heldReason: HeldReason | null;
  reportCount: number;
  reportReasons: string[];
}

/** Which page of a product's approved reviews: an order, optionally one star count, a page number from 1. */
interface ReviewPageQuery {
  sort: ReviewSort;
  stars: number | null;
  page: number;
}

export type ModerationFilter = ReviewStatus | 'reported';

export interface ModerationSettings {
  publishAtOnce: boolean;
  blockList: string[];
}

/** A review row and its author's name as the shopper reads them. */
function toWire(row: ReviewRow, authorName: string, votedHelpful: boolean): Review {
  return {
    _id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: reviewAuthorName(authorName),
    verifiedBuyer: true,
    option: { color: row.optionColor, size: row.optionSize },
    photos: row.photos,
    helpful: row.helpfulCount,
    votedHelpful,
    shopReply: row.shopReply,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toOwn(row: ReviewRow, authorName: string): OwnReview {
  return { ...toWire(row, authorName, false), status: row.status, rejectReason: row.rejectReason };
}

const ORDER_BY: Record<ReviewSort, SQL[]> = {
  recent: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * Reviews, votes, reports and each product's star totals. Every change that adds a review to the
 * approved ones or takes one away adjusts `product_ratings` and the catalog's shared version in its
 * own transaction, so the stars on every cached page move together on every instance.
 */
export class ReviewsRepository {
  /** What every read of a product's reviews starts with: built once, prepared by name. */
  private readonly ratingsRow;

  /** `reads`: the handle of a product page's reads of its reviews (`Database.reads`). */
  constructor(
    private readonly db: Db,
    private readonly reads: Db = db,
  ) {
    this.ratingsRow = reads
      .select()
      .from(productRatings)
      .where(eq(productRatings.productId, sql.placeholder('productId')))
      .prepare('review_ratings_row');
  }

  // --- reading ---------------------------------------------------------------------------------

  async summary(productId: string): Promise<RatingSummary> {
    return (await this.pagesState(productId)).summary;
  }

  /**
   * A product's star totals and the version of its review pages ('0' before its first approved
   * review) in one indexed read: a page made from an earlier read of the same version is still true.
   */
  async pagesState(productId: string): Promise<{ summary: RatingSummary; version: string }> {
    const [row] = await this.ratingsRow.execute({ productId });
    return { summary: ratingSummary(row ? STAR_KEYS.map((k) => row[k]) : []), version: String(row?.version ?? 0) };
  }

  /** Star totals of every product that has any, for the catalog's cards. */
  async allSummaries(): Promise<Map<string, RatingSummary>> {
    const rows = await this.db.select().from(productRatings);
    return new Map(rows.map((r) => [r.productId, ratingSummary(STAR_KEYS.map((k) => r[k]))]));
  }

  /**
   * One page of a product's approved reviews, optionally of one star count, as a guest reads it (no
   * helpful votes of the viewer's). How many there are is read from the kept star totals (the
   * summary), not counted per request. The page's ids are found first, in the order of an index
   * (a deep page walks index entries only), and only its ten rows are read and joined to their authors.
   */
  async page(productId: string, opts: ReviewPageQuery): Promise<Review[]> {
    const ids = this.pageIdsQuery(productId, opts).as('page_ids');
    const rows = await this.reads
      .select({ review: reviews, authorName: users.name })
      .from(ids)
      .innerJoin(reviews, eq(reviews.id, ids.id))
      .innerJoin(users, eq(users.id, reviews.userId))
      .orderBy(...ORDER_BY[opts.sort]);
    return rows.map((r) => toWire(r.review, r.authorName, false));
  }

  /** The SQL that finds a page's ids (for the query-plan test). */
  pageIdsSql(productId: string, opts: ReviewPageQuery): SQL {
    return this.pageIdsQuery(productId, opts).getSQL();
  }

  /** The ids of a page of a product's approved reviews, in the order of the index its order reads. */
  private pageIdsQuery(productId: string, opts: ReviewPageQuery) {
    return this.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved'), opts.stars ? eq(reviews.rating, opts.stars) : undefined))
      .orderBy(...ORDER_BY[opts.sort])
      .limit(REVIEW_LIMITS.pageSize)
      .offset((opts.page - 1) * REVIEW_LIMITS.pageSize);
  }

  /** Which of `reviewIds` the account has voted helpful. */
  async votedHelpful(userId: string, reviewIds: readonly string[]): Promise<Set<string>> {
    if (reviewIds.length === 0) return new Set();
    const votes = await this.db
      .select({ reviewId: reviewVotes.reviewId })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, [...reviewIds])));
    return new Set(votes.map((v) => v.reviewId));
  }

  async findOwn(userId: string, productId: string): Promise<OwnReview | null> {
    const [row] = await this.db
      .select({ review: reviews, authorName: users.name })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
    return row ? toOwn(row.review, row.authorName) : null;
  }

  /**
   * The shopper's delivered order that holds the product, alone or in a bundle (as the bundle held
   * it when ordered, else as it holds it now), newest first; accessories alone do not count.
   */
  async deliveredPurchase(userId: string, productId: string): Promise<{ orderId: string; option: ReviewOption } | null> {
    const holdsProduct = sql`exists (
      select 1 from jsonb_array_elements(${orders.items}) as it(value)
      where (it.value->>'kind' = 'product' and it.value->>'productId' = ${productId})
        or (it.value->>'kind' = 'bundle' and (
          coalesce(it.value->'products', '[]'::jsonb) @> jsonb_build_array(${productId}::text)
          or (it.value->'products' is null and exists (
            select 1 from ${bundles} b where b.id = it.value->>'productId' and b.product_ids @> jsonb_build_array(${productId}::text)))
        )))`;
    const [order] = await this.db
      .select({ id: orders.id, items: orders.items })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'Delivered'), holdsProduct))
      .orderBy(sql`${orders.paidAt} desc nulls last`, desc(orders.createdAt))
      .limit(1);
    if (!order) return null;
    const line = (order.items as { kind?: unknown; productId?: unknown; variant?: unknown }[]).find((i) => i.kind === 'product' && i.productId === productId);
    return { orderId: order.id, option: typeof line?.variant === 'string' ? optionFromVariant(line.variant) : { color: null, size: null } };
  }

  /**
   * The products a delivered order lets its buyer review, in the order's line order: its product
   * lines and the products of its bundles (accessories alone do not count), each once, with the
   * name the catalog gives it now; products since deleted are left out.
   */
  async reviewableProducts(items: readonly { kind?: unknown; productId?: unknown }[], db: DbOrTx = this.db): Promise<{ id: string; name: string }[]> {
    const ids = (kind: string) => items.flatMap((i) => (i.kind === kind && typeof i.productId === 'string' ? [i.productId] : []));
    const bundleIds = ids('bundle');
    const inBundles = new Map<string, string[]>();
    if (bundleIds.length) {
      for (const b of await db.select({ id: bundles.id, productIds: bundles.productIds }).from(bundles).where(inArray(bundles.id, bundleIds))) inBundles.set(b.id, b.productIds);
    }
    const wanted = [...new Set(items.flatMap((i) => (i.kind === 'product' && typeof i.productId === 'string' ? [i.productId] : i.kind === 'bundle' && typeof i.productId === 'string' ? (inBundles.get(i.productId) ?? []) : [])))];
    if (!wanted.length) return [];
    const names = new Map((await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, wanted))).map((p) => [p.id, p.name]));
    return wanted.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
  }

  async moderationSettings(): Promise<ModerationSettings> {
    const [row] = await this.db.select({ publishAtOnce: settings.publishReviewsAtOnce, blockList: settings.reviewBlockList }).from(settings).where(eq(settings.id, 1));
    return { publishAtOnce: row?.publishAtOnce ?? false, blockList: row?.blockList ?? [] };
  }

  async updateModerationSettings(patch: Partial<ModerationSettings>): Promise<ModerationSettings> {
    const set: Partial<typeof settings.$inferInsert> = {};
    if (patch.publishAtOnce !== undefined) set.publishReviewsAtOnce = patch.publishAtOnce;
    if (patch.blockList !== undefined) set.reviewBlockList = patch.blockList;
    if (Object.keys(set).length > 0) {
      await this.db
        .insert(settings)
        .values({ id: 1, ...set })
        .onConflictDoUpdate({ target: settings.id, set: { ...set, updatedAt: sql`now()` } });
    }
    return this.moderationSettings();
  }

  // --- the author's changes ----------------------------------------------------------------------

  /**
   * Writes the account's review of a product (a new one, or an edit that goes back to moderation
   * unless `status` says approved), adjusting the star totals in the same transaction.
   */
  async save(input: {
    userId: string;
    productId: string;
    orderId: string;
    option: ReviewOption;
    rating: number;
    title: string;
    body: string;
    photos: string[];
    status: 'pending' | 'approved';
    heldReason: HeldReason | null;
  }): Promise<{ review: OwnReview; created: boolean }> {
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, input.userId), eq(reviews.productId, input.productId)))
        .for('update');
      const values = {
        orderId: input.orderId,
        optionColor: input.option.color,
        optionSize: input.option.size,
        rating: input.rating,
        title: input.title,
        body: input.body,
        photos: input.photos,
        status: input.status,
        heldReason: input.heldReason,
        rejectReason: null,
      };
      let row: ReviewRow;
      if (existing) {
        [row] = await tx
          .update(reviews)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(reviews.id, existing.id))
          .returning();
      } else {
        [row] = await tx
          .insert(reviews)
          .values({ id: newReviewId(), userId: input.userId, productId: input.productId, ...values })
          .returning();
      }
      await this.moveStars(tx, existing ?? null, row);
      const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
      return { review: toOwn(row, author?.name ?? ''), created: !existing };
    });
  }

  /** Deletes the account's own review; false when it has none by that id. */
  async removeOwn(userId: string, reviewId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(reviews)
        .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
        .returning();
      if (!gone) return false;
      await this.moveStars(tx, gone, null);
      return true;
    });
  }

  // --- other shoppers ----------------------------------------------------------------------------

  async findApproved(reviewId: string): Promise<ReviewRow | null> {
    const [row] = await this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, 'approved')));
    return row ?? null;
  }

  /** Sets or clears the account's helpful vote; repeating either is a no-op. Answers the count. */
  async setHelpful(userId: string, reviewId: string, helpful: boolean): Promise<{ helpful: number; votedHelpful: boolean }> {
    return this.db.transaction(async (tx) => {
      const changed = helpful
        ? await tx.insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing().returning({ reviewId: reviewVotes.reviewId })
        : await tx
            .delete(reviewVotes)
            .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)))
            .returning({ reviewId: reviewVotes.reviewId });
      const delta = changed.length === 0 ? 0 : helpful ? 1 : -1;
      const [row] = await tx
        .update(reviews)
        .set({ helpfulCount: sql`greatest(0, ${reviews.helpfulCount} + ${delta})` })
        .where(eq(reviews.id, reviewId))
        .returning({ helpful: reviews.helpfulCount, productId: reviews.productId, status: reviews.status });
      // The count shows on the product's pages (and orders its "most helpful" one).
      if (row && delta !== 0 && row.status === 'approved') await this.bumpPages(tx, row.productId);
      return { helpful: row?.helpful ?? 0, votedHelpful: helpful };
    });
  }

  /**
   * Records the account's report (once per account); reports from REVIEW_LIMITS.reportsToHold
   * different accounts hold an approved review for the shop again. Answers whether it is now held.
   */
  async report(userId: string, reviewId: string, reason: string): Promise<{ held: boolean }> {
    return this.db.transaction(async (tx) => {
      const added = await tx.insert(reviewReports).values({ reviewId, userId, reason }).onConflictDoNothing().returning({ reviewId: reviewReports.reviewId });
      if (added.length === 0) return { held: false };
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
      if (!before) return { held: false };
      const reportCount = before.reportCount + 1;
      const hold = before.status === 'approved' && reportCount >= REVIEW_LIMITS.reportsToHold;
      const [after] = await tx
        .update(reviews)
        .set(hold ? { reportCount, status: 'pending', heldReason: 'reports', updatedAt: sql`now()` } : { reportCount })
        .where(eq(reviews.id, reviewId))
        .returning();
      await this.moveStars(tx, before, after);
      return { held: hold };
    });
  }

  // --- the shop ----------------------------------------------------------------------------------

  async moderationQueue(filter: ModerationFilter, page: number, pageSize = 20): Promise<{ reviews: ModeratedReview[]; total: number }> {
    const where = filter === 'reported' ? gt(reviews.reportCount, 0) : eq(reviews.status, filter);
    const order = filter === 'reported' ? [desc(reviews.reportCount), desc(reviews.updatedAt), desc(reviews.id)] : [filter === 'pending' ? asc(reviews.updatedAt) : desc(reviews.updatedAt), desc(reviews.id)];
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where);
    const rows = await this.db
      .select({
        review: reviews,
        authorName: users.name,
        authorEmail: users.email,
        productName: products.name,
        reasons: sql<string[]>`coalesce((select array_agg(r.reason order by r.created_at) from ${reviewReports} r where r.review_id = ${reviews.id}), '{}')`,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return {
      total,
      reviews: rows.map((r) => ({
        ...toOwn(r.review, r.authorName),
        productName: r.productName,
        authorEmail: r.authorEmail,
        heldReason: (r.review.heldReason as HeldReason | null) ?? null,
        reportCount: r.review.reportCount,
        reportReasons: r.reasons,
      })),
    };
  }

  /**
   * Approves or rejects a review (with a reason the author reads). Approving clears its reports:
   * the shop has read them, so it takes new ones to hold it again. `audit` runs in the transaction.
   */
  async decide(
    reviewId: string,
    decision: { approve: true } | { approve: false; reason: string },
    audit: (tx: DbOrTx, before: ReviewRow, after: ReviewRow) => Promise<void>,
  ): Promise<ReviewRow | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
      if (!before) return null;
      const set = decision.approve
        ? { status: 'approved' as const, heldReason: null, rejectReason: null, reportCount: 0 }
        : { status: 'rejected' as const, rejectReason: decision.reason };
      const [after] = await tx
        .update(reviews)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(reviews.id, reviewId))
        .returning();
      if (decision.approve) await tx.delete(reviewReports).where(eq(reviewReports.reviewId, reviewId));
      await this.moveStars(tx, before, after);
      await audit(tx, before, after);
      return after;
    });
  }

  /** The shop's public reply (null removes it). */
  async reply(reviewId: string, text: string | null, audit: (tx: DbOrTx, before: ReviewRow) => Promise<void>): Promise<ReviewRow | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
      if (!before) return null;
      const [after] = await tx
        .update(reviews)
        .set({ shopReply: text, shopReplyAt: text === null ? null : sql`now()` })
        .where(eq(reviews.id, reviewId))
        .returning();
      // The reply shows on the product's pages: an approved review's reply renders them anew.
      if (after.status === 'approved') {
        await this.bumpPages(tx, after.productId);
        await bumpCatalogVersion(tx);
      }
      await audit(tx, before);
      return after;
    });
  }

  /**
   * Keeps the star totals and the catalog's version in step with a review moving into or out of
   * the approved ones (or changing its stars while approved). Runs in the change's transaction.
   */
  private async moveStars(tx: DbOrTx, before: ReviewRow | null, after: ReviewRow | null): Promise<void> {
    const was = before?.status === 'approved' ? before : null;
    const is = after?.status === 'approved' ? after : null;
    if (!was && !is) return;
    if (was) await this.addStar(tx, was.productId, was.rating, -1);
    if (is) await this.addStar(tx, is.productId, is.rating, 1);
    await this.bumpPages(tx, (is ?? was)!.productId);
    await bumpCatalogVersion(tx);
  }

  /**
   * A new version of the product's review pages: every change a shopper sees on them (an approved
   * review added, taken away or edited, its helpful count, the shop's reply) calls this in its own
   * transaction, so no instance serves a page it made before the change once it has committed.
   */
  private async bumpPages(tx: DbOrTx, productId: string): Promise<void> {
    await tx
      .insert(productRatings)
      .values({ productId, version: 1 })
      .onConflictDoUpdate({ target: productRatings.productId, set: { version: sql`${productRatings.version} + 1` } });
  }

  private async addStar(tx: DbOrTx, productId: string, rating: number, delta: 1 | -1): Promise<void> {
    const key = STAR_KEYS[rating - 1];
    const column = STAR_COLUMNS[rating - 1];
    await tx
      .insert(productRatings)
      .values({ productId, [key]: Math.max(0, delta) })
      .onConflictDoUpdate({ target: productRatings.productId, set: { [key]: sql`greatest(0, ${column} + ${delta})` } });
  }
}
