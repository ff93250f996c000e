import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { toDollars } from '../../src/domain/money';
import { allowedPredecessors, isAbandonedCheckout } from '../../src/domain/orderStatus';
import type { OrderBreakdown } from '../../src/domain/staffOrders';
import type { Address, BundleContentItem, Order, OrderItem, OrderStatus, PlacedOrder, ShopperRefund } from '../../src/domain/types';
import type { Db, DbOrTx } from '../db/client';
import { cartLines, idempotencyKeys, orders, paymentSessions } from '../db/schema';

/**
 * How long an unpaid order keeps its payment session open — and its units held (Stripe's shortest
 * Checkout Session).
 */
export const PAYMENT_SESSION_TTL_MS = 30 * 60 * 1000;
/**
 * Sessions of a Stripe account no longer configured are expired from SQL this long after their
 * expiry (nobody can be asked). With Stripe configured, only the sweep and the webhook, which ask
 * Stripe, ever close a Stripe session.
 */
export const STRIPE_EXPIRY_GRACE_MS = 60 * 60 * 1000;
/** How long POST /api/order/stripe remembers an Idempotency-Key (as Stripe does). */
export const ORDER_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Order keys share the idempotency_keys table with the cart's; the prefix keeps them apart. */
const ORDER_KEY_PREFIX = 'order:';

/** What an order's Idempotency-Key remembers: the request it was first used for, its order, its answer. */
export interface OrderKeyRecord {
  fingerprint: string;
  orderId: string;
  /** The first request's answer, once it has one. */
  response?: unknown;
}

/**
 * A 'Payment Pending' order whose session was still not attached after this long lost it to a
 * crash (attaching takes milliseconds after the provider answers): it is cancelled.
 */
export const ORPHAN_ORDER_GRACE_MS = 15 * 60 * 1000;

/** One order line as stored (cents inside; the wire shape is `OrderItem`). */
export interface StoredOrderItem {
  productId: string;
  /** The cart variant: 'color|size', 'accessory-N' or 'bundle'. */
  variant: string;
  kind: 'product' | 'accessory' | 'bundle';
  name: string;
  /** For accessories: the product they belong to. */
  parentName?: string;
  image: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** A bundle line: a copy of the products it held at order time. */
  contents?: BundleContentItem[];
}

export type OrderRow = typeof orders.$inferSelect;
export type PaymentSessionRow = typeof paymentSessions.$inferSelect;
export type SessionStatus = PaymentSessionRow['status'];
/** Work done in the transaction of an order change, after the change (e.g. queue its e-mail). */
export type AfterChange = (tx: DbOrTx, order: OrderRow) => Promise<unknown>;

export interface NewOrder {
  userId: string;
  address: Address;
  items: StoredOrderItem[];
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  amountCents: number;
  discountCode: string | null;
  paymentMethod: string;
  isBuyNow: boolean;
}

/** 24 hex characters, like every other id on the wire. */
export const newOrderId = () => randomBytes(12).toString('hex');

function itemsOf(row: OrderRow): StoredOrderItem[] {
  return row.items as unknown as StoredOrderItem[];
}

/** What My Orders shows in a line's color field: 'color|size', or 'bundle' for a bundle deal. */
function wireColor(item: StoredOrderItem): string {
  if (item.kind === 'bundle') return 'bundle';
  if (item.kind === 'accessory') return '|';
  return item.variant;
}

export function itemToWire(item: StoredOrderItem): OrderItem {
  const unit = toDollars(item.unitPriceCents);
  return {
    productId: item.productId,
    name: item.kind === 'accessory' && item.parentName ? `${item.name} (for ${item.parentName})` : item.name,
    image: item.image,
    price: unit,
    unitPrice: unit,
    quantity: item.quantity,
    color: wireColor(item),
    ...(item.contents ? { contents: item.contents } : {}),
  };
}

/** Database row → the wire `Order` of SPEC §3 (dollars, `_id`, `date` in ms). */
export function orderToWire(row: OrderRow): Order {
  const order: Order = {
    _id: row.id,
    status: row.status,
    items: itemsOf(row).map(itemToWire),
    amount: toDollars(row.amountCents),
    paymentMethod: row.paymentMethod,
    date: row.createdAt.getTime(),
    orderNumber: row.orderNumber ?? null,
    abandoned: isAbandonedCheckout(row),
  };
  if (row.trackingNumber) order.trackingNumber = row.trackingNumber;
  if (row.carrier) order.carrier = row.carrier;
  if (row.refundedCents > 0) order.refunded = toDollars(row.refundedCents);
  if (row.shipBy) order.shipBy = row.shipBy;
  return order;
}


/** The order's address and money breakdown: for the shopper's confirmation and the staff order page. */
export function orderBreakdown(row: OrderRow): OrderBreakdown {
  return {
    address: row.address as unknown as Address,
    subtotal: toDollars(row.subtotalCents),
    deliveryFee: toDollars(row.shippingCents),
    discount: toDollars(row.discountCents),
    discountCode: row.discountCode,
    isBuyNow: row.isBuyNow,
  };
}

/** The shopper's own order with what My Orders' details show: address, breakdown and its refunds. */
export function orderToShopper(row: OrderRow, refunds: ShopperRefund[]): Order {
  const b = orderBreakdown(row);
  return { ...orderToWire(row), details: { address: b.address, subtotal: b.subtotal, deliveryFee: b.deliveryFee, discount: b.discount, discountCode: b.discountCode, refunds } };
}

/** The order with its address and money breakdown (payment confirmation, /order-placed). */
export function orderToPlaced(row: OrderRow): PlacedOrder {
  return { ...orderToWire(row), ...orderBreakdown(row) };
}

/**
 * Orders and their payment sessions. Every status change goes through `setStatus` (or
 * `markPaid`, its paid special case), a conditional UPDATE that only follows the arrows of
 * src/domain/orderStatus.ts — so two concurrent callers can never both move the same order.
 * Reads are scoped by user where a shopper asks (`findForUser`, `listForUser`). What goes with a
 * move (provider calls, e-mail, audit, the socket announcement) is the order workflow's
 * (server/services/orderWorkflow.ts), which every caller goes through.
 */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new 'Payment Pending' order; `then` (its stock held) runs in the same transaction. */
  async create(order: NewOrder, db: DbOrTx = this.db, id = newOrderId(), then?: AfterChange): Promise<OrderRow> {
    if (then && db === this.db) return this.db.transaction((tx) => this.create(order, tx, id, then));
    const [row] = await db
      .insert(orders)
      .values({ id, status: 'Payment Pending', ...order, address: order.address as unknown as Record<string, unknown>, items: order.items as unknown as Record<string, unknown>[] })
      .returning();
    if (then) await then(db, row!);
    return row!;
  }

  /**
   * Records the payment session that charges `orderId` — the first one only: when another request
   * attached a session to the order meanwhile (a concurrent retry), this one is dropped and the
   * winner's id is answered, so an order never has two payable sessions.
   */
  async attachSession(session: { id: string; orderId: string; userId: string; provider: 'stripe' | 'test'; amountCents: number; expiresAt: Date }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [won] = await tx
        .update(orders)
        .set({ paymentSessionId: session.id, updatedAt: sql`now()` })
        .where(and(eq(orders.id, session.orderId), or(isNull(orders.paymentSessionId), eq(orders.paymentSessionId, session.id))))
        .returning({ id: orders.id });
      if (won) {
        await tx.insert(paymentSessions).values({ ...session, status: 'open' }).onConflictDoNothing();
        return session.id;
      }
      const current = await this.findById(session.orderId, tx);
      return current!.paymentSessionId!;
    });
  }

  /** The live record of a user's order Idempotency-Key (undefined when unknown or expired). */
  async findOrderKey(userId: string, key: string, now = new Date()): Promise<OrderKeyRecord | undefined> {
    const rows = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, ORDER_KEY_PREFIX + key)));
    const row = rows[0];
    if (!row || row.createdAt.getTime() <= now.getTime() - ORDER_IDEMPOTENCY_TTL_MS) return undefined;
    return (row.response as OrderKeyRecord | null) ?? undefined;
  }

  /**
   * Claims a user's order Idempotency-Key and stores the order in one transaction. When the key is
   * taken (a retry, or a concurrent twin that committed first) nothing is stored and the existing
   * record is answered instead. The user's expired keys are removed on the way.
   */
  async createWithKey(order: NewOrder, key: string, fingerprint: string, now = new Date(), then?: AfterChange): Promise<{ order: OrderRow } | { existing: OrderKeyRecord }> {
    const fullKey = ORDER_KEY_PREFIX + key;
    return this.db.transaction(async (tx) => {
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, order.userId), lt(idempotencyKeys.createdAt, new Date(now.getTime() - ORDER_IDEMPOTENCY_TTL_MS))));
      const record: OrderKeyRecord = { fingerprint, orderId: newOrderId() };
      const claimed = await tx.insert(idempotencyKeys).values({ userId: order.userId, key: fullKey, response: record }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [existing] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, order.userId), eq(idempotencyKeys.key, fullKey)));
        return { existing: existing!.response as OrderKeyRecord };
      }
      return { order: await this.create(order, tx, record.orderId, then) };
    });
  }

  /** Remembers the answer of an order request under its key (replayed to retries). */
  async saveOrderKeyResponse(userId: string, key: string, record: OrderKeyRecord): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ response: record })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, ORDER_KEY_PREFIX + key)));
  }

  /** Forgets a key whose request failed (no session could be opened), so a retry starts afresh. */
  async releaseOrderKey(userId: string, key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, ORDER_KEY_PREFIX + key)));
  }

  async findById(id: string, db: DbOrTx = this.db): Promise<OrderRow | undefined> {
    const rows = await db.select().from(orders).where(eq(orders.id, id));
    return rows[0];
  }

  /** The order if it belongs to `userId` (undefined otherwise: another user's order is not found). */
  async findForUser(id: string, userId: string): Promise<OrderRow | undefined> {
    const rows = await this.db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId)));
    return rows[0];
  }

  /**
   * The user's orders, oldest first (SPEC §7: the client reverses them). Callers that show them
   * expire the stale ones first (OrderWorkflow.expireStale).
   */
  async listForUser(userId: string): Promise<OrderRow[]> {
    return this.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.createdAt, orders.id);
  }

  /** The newest orders first, for staff screens. */
  async listRecent(limit = 100): Promise<OrderRow[]> {
    return this.db.select().from(orders).orderBy(desc(orders.createdAt)).limit(limit);
  }

  async findSession(id: string, db: DbOrTx = this.db): Promise<PaymentSessionRow | undefined> {
    const rows = await db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
    return rows[0];
  }

  /**
   * Moves an order to `to` if — and only if — that follows an arrow from its current status (and,
   * with `from`, only if it is in that status now). Answers the updated row, or null when the
   * order was not in a status that allows the move (someone else moved it first). Never to
   * 'Order Placed': only `markPaid`, on the provider's word, makes an order paid. `then` runs in
   * the same transaction after the move (e.g. queue the e-mail that announces it).
   */
  async setStatus(
    id: string,
    to: OrderStatus,
    opts: { from?: OrderStatus; db?: DbOrTx; trackingNumber?: string; carrier?: string; then?: AfterChange } = {},
  ): Promise<OrderRow | null> {
    if (to === 'Order Placed') return null;
    return this.move(id, to, opts);
  }

  private async move(
    id: string,
    to: OrderStatus,
    opts: { from?: OrderStatus; db?: DbOrTx; trackingNumber?: string; carrier?: string; then?: AfterChange },
  ): Promise<OrderRow | null> {
    const allowed = allowedPredecessors(to).filter((s) => !opts.from || s === opts.from);
    if (allowed.length === 0) return null;
    const run = async (db: DbOrTx) => {
      const [row] = await db
        .update(orders)
        .set({
          status: to,
          updatedAt: sql`now()`,
          // The number is taken in the paying transaction, so only a paid order has one; the
          // sequence never hands a number out twice, whichever instance asks.
          ...(to === 'Order Placed' ? { paidAt: sql`now()`, orderNumber: sql`nextval('order_number_seq')` } : {}),
          ...(opts.trackingNumber !== undefined ? { trackingNumber: opts.trackingNumber } : {}),
          ...(opts.carrier !== undefined ? { carrier: opts.carrier } : {}),
        })
        .where(and(eq(orders.id, id), inArray(orders.status, allowed)))
        .returning();
      if (row && opts.then) await opts.then(db, row);
      return row ?? null;
    };
    if (opts.db) return run(opts.db);
    return opts.then ? this.db.transaction(run) : run(this.db);
  }

  /** Sets the tracking number without moving the order (staff); null when the order does not exist. */
  async setTrackingNumber(id: string, trackingNumber: string, then?: AfterChange): Promise<OrderRow | null> {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx.update(orders).set({ trackingNumber, updatedAt: sql`now()` }).where(eq(orders.id, id)).returning();
      if (updated && then) await then(tx, updated);
      return updated ?? null;
    });
  }

  /**
   * The one place an order becomes paid: 'Payment Pending' → 'Order Placed', the session marked
   * paid and — unless buy-now — the shopper's server cart emptied, in one transaction, with `then`
   * (the confirmation e-mail queued). Exactly one caller sees `transitioned: true`, however many
   * confirm the same order concurrently.
   */
  async markPaid(
    orderId: string,
    sessionId: string,
    opts: { claimOpenAt?: Date; then?: AfterChange } = {},
  ): Promise<{ transitioned: boolean; order: OrderRow | undefined }> {
    return this.db.transaction(async (tx) => {
      // Lock order: the session row first, then the order row — as cancelUnpaid does — so that
      // concurrent confirmations and cancellations queue up instead of deadlocking.
      if (opts.claimOpenAt) {
        // Built-in checkout: the session must still be open (not cancelled, not expired) to be paid.
        if (!(await this.claimOpenSession(sessionId, opts.claimOpenAt, tx))) return { transitioned: false, order: await this.findById(orderId, tx) };
      } else {
        // The provider reports the money taken: the session is paid whatever the order's fate.
        await tx.update(paymentSessions).set({ status: 'paid' }).where(eq(paymentSessions.id, sessionId));
      }
      const moved = await this.move(orderId, 'Order Placed', { from: 'Payment Pending', db: tx, then: opts.then });
      if (!moved) return { transitioned: false, order: await this.findById(orderId, tx) };
      if (!moved.isBuyNow) await tx.delete(cartLines).where(eq(cartLines.userId, moved.userId));
      // Read again: `then` may have added to the row (its ship-by date).
      return { transitioned: true, order: (await this.findById(orderId, tx)) ?? moved };
    });
  }

  /** Moves an open session to `status` (paid, declined, cancelled, expired) if it is still open. */
  async closeSession(id: string, status: Exclude<SessionStatus, 'open'>, db: DbOrTx = this.db): Promise<PaymentSessionRow | null> {
    const [row] = await db
      .update(paymentSessions)
      .set({ status })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')))
      .returning();
    return row ?? null;
  }

  /**
   * An unpaid order whose session is over: the session closed with `status` and the order
   * 'Payment Pending' → 'Cancelled', together (with `then`). A paid or already-cancelled order is
   * left alone.
   */
  async cancelUnpaid(sessionId: string, status: 'cancelled' | 'expired' | 'declined', then?: AfterChange): Promise<OrderRow | null> {
    return this.db.transaction(async (tx) => {
      const session = await this.closeSession(sessionId, status, tx);
      const current = session ?? (await this.findSession(sessionId, tx));
      if (!current || current.status === 'paid') return null;
      return this.setStatus(current.orderId, 'Cancelled', { from: 'Payment Pending', db: tx, then });
    });
  }

  /** Built-in sessions: marks an open, unexpired session paid. Null when it was not open any more. */
  async claimOpenSession(id: string, now = new Date(), db: DbOrTx = this.db): Promise<PaymentSessionRow | null> {
    const [row] = await db
      .update(paymentSessions)
      .set({ status: 'paid' })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open'), sql`${paymentSessions.expiresAt} > ${now}`))
      .returning();
    return row ?? null;
  }

  /**
   * Open sessions whose time is up (built-in) or up plus the grace period (Stripe, unless
   * `stripeGraceMs` is null: then none), oldest first.
   */
  async staleOpenSessions(now: Date, opts: { userId?: string; limit?: number; stripeGraceMs?: number | null } = {}): Promise<PaymentSessionRow[]> {
    const grace = opts.stripeGraceMs === undefined ? STRIPE_EXPIRY_GRACE_MS : opts.stripeGraceMs;
    const expired = or(
      and(eq(paymentSessions.provider, 'test'), lt(paymentSessions.expiresAt, now)),
      grace === null ? undefined : and(eq(paymentSessions.provider, 'stripe'), lt(paymentSessions.expiresAt, new Date(now.getTime() - grace))),
    );
    return this.db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.status, 'open'), expired, opts.userId ? eq(paymentSessions.userId, opts.userId) : undefined))
      .orderBy(paymentSessions.expiresAt)
      .limit(opts.limit ?? 200);
  }

  /**
   * 'Payment Pending' orders that can never be paid and have no open session to close: created
   * over a day ago (plus the Stripe grace) with no open session, or whose session was never
   * attached (the process died between storing the order and answering the payment link: nobody
   * received a link to pay it). Their ids, for the workflow to cancel.
   */
  async orphanedUnpaid(now: Date, userId?: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'Payment Pending'),
          userId ? eq(orders.userId, userId) : undefined,
          or(
            and(
              lt(orders.createdAt, new Date(now.getTime() - PAYMENT_SESSION_TTL_MS - STRIPE_EXPIRY_GRACE_MS)),
              sql`not exists (select 1 from ${paymentSessions} where ${paymentSessions.orderId} = ${orders.id} and ${paymentSessions.status} = 'open')`,
            ),
            and(lt(orders.createdAt, new Date(now.getTime() - ORPHAN_ORDER_GRACE_MS)), isNull(orders.paymentSessionId)),
          ),
        ),
      );
    return rows.map((r) => r.id);
  }
}
