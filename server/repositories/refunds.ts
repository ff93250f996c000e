import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { toDollars } from '../../src/domain/money';
import type { PlannedRefund, RefundedSoFar } from '../../src/domain/refunds';
import type { OrderRefundView } from '../../src/domain/refunds';
import type { ShopperRefund } from '../../src/domain/types';
import type { Db, DbOrTx } from '../db/client';
import { orderEvents, orderRefunds, orders, users, type RefundLineRow } from '../db/schema';
import type { OrderRow } from './orders';

export type RefundRow = typeof orderRefunds.$inferSelect;

/** A refund row written before the provider is asked; it counts against what is left from then on. */
export const REQUESTED = 'requested';

/** What earlier refunds of an order gave back (cents, and units per line), from its refund rows. */
export function refundedSoFar(rows: readonly Pick<RefundRow, 'amountCents' | 'lines' | 'status'>[]): RefundedSoFar {
  const units: Record<number, number> = {};
  let cents = 0;
  for (const r of rows) {
    if (r.status === 'failed') continue;
    cents += r.amountCents;
    for (const l of r.lines) units[l.index] = (units[l.index] ?? 0) + l.quantity;
  }
  return { cents, units };
}

/** A refund as the staff API shows it (dollars). */
export function refundRowToWire(r: RefundRow, by?: { name: string | null; email: string | null }): OrderRefundView {
  return {
    _id: r.id,
    provider: r.provider,
    providerRefundId: r.providerRefundId,
    amount: toDollars(r.amountCents),
    status: r.status,
    lines: r.lines.map((l) => ({ index: l.index, quantity: l.quantity, amount: toDollars(l.amountCents) })),
    reason: r.reason,
    restock: r.restock,
    by: { _id: r.actorId, name: by?.name ?? null, email: by?.email ?? null },
    at: r.createdAt.toISOString(),
  };
}

/** A refund as the shopper sees it on My Orders: when and how much. */
export function refundToShopper(r: Pick<RefundRow, 'id' | 'amountCents' | 'createdAt'>): ShopperRefund {
  return { _id: r.id, amount: toDollars(r.amountCents), at: r.createdAt.toISOString() };
}

export interface RefundReservation {
  orderId: string;
  /** '<orderId>:<request key>': a second request with it finds this refund. */
  idempotencyKey: string;
  /** The key the provider is asked with (kept with the row for retries); default `refund-<refund id>`. */
  providerKey?: string;
  provider: string;
  actorId: string;
  reason: string | null;
  restock: boolean;
}

/**
 * The refunds of orders (several per order). A refund is reserved under a lock on its order row
 * (`reserve`: what is left is computed and the row written in one transaction, so concurrent
 * refunds queue and never add up to more than the order took), then settled once the provider
 * answered (`settle`, in the staff change's transaction) or dropped when it refused (`drop`).
 */
export class RefundsRepository {
  constructor(private readonly db: Db) {}

  /** An order's refunds, oldest first, with who made them. */
  async forOrder(orderId: string): Promise<OrderRefundView[]> {
    const rows = await this.db
      .select({ refund: orderRefunds, name: users.name, email: users.email })
      .from(orderRefunds)
      .leftJoin(users, eq(users.id, orderRefunds.actorId))
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
    return rows.map((r) => refundRowToWire(r.refund, r));
  }

  /** The settled refunds of several orders (My Orders), oldest first, per order id. */
  async forOrders(orderIds: string[]): Promise<Map<string, ShopperRefund[]>> {
    const out = new Map<string, ShopperRefund[]>();
    if (orderIds.length === 0) return out;
    const rows = await this.db
      .select({ id: orderRefunds.id, orderId: orderRefunds.orderId, amountCents: orderRefunds.amountCents, createdAt: orderRefunds.createdAt })
      .from(orderRefunds)
      .where(and(inArray(orderRefunds.orderId, orderIds), ne(orderRefunds.status, 'failed'), ne(orderRefunds.status, REQUESTED)))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
    for (const r of rows) out.set(r.orderId, [...(out.get(r.orderId) ?? []), refundToShopper(r)]);
    return out;
  }

  async byKey(idempotencyKey: string): Promise<RefundRow | undefined> {
    const [row] = await this.db.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, idempotencyKey));
    return row;
  }

  /** What an order's refunds gave back so far. */
  async soFar(orderId: string, db: DbOrTx = this.db): Promise<RefundedSoFar> {
    return refundedSoFar(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)));
  }

  /**
   * Locks the order, then: a refund already made under the same key is answered as it is;
   * otherwise `decide` plans the refund from the order and what its refunds gave back so far (it
   * throws to refuse), and the refund is written as 'requested'.
   */
  async reserve(r: RefundReservation, decide: (order: OrderRow, soFar: RefundedSoFar) => PlannedRefund): Promise<{ refund: RefundRow; order: OrderRow; existing: boolean }> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, r.orderId)).for('update');
      if (!order) throw new Error(`order ${r.orderId} vanished`);
      const [known] = await tx.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, r.idempotencyKey));
      if (known) return { refund: known, order, existing: true };
      const plan = decide(order, await this.soFar(r.orderId, tx));
      const lines: RefundLineRow[] = plan.lines.map((l) => ({ index: l.index, quantity: l.quantity, amountCents: l.amountCents }));
      const id = `rf_${randomBytes(12).toString('hex')}`;
      const [refund] = await tx
        .insert(orderRefunds)
        .values({ id, ...r, providerKey: r.providerKey ?? `refund-${id}`, amountCents: plan.amountCents, status: REQUESTED, lines })
        .returning();
      return { refund: refund!, order, existing: false };
    });
  }

  /**
   * Refunds still 'requested' since before `before` (their request died before the provider's
   * answer was recorded), oldest first, with the e-mail of the staff member who asked.
   */
  async waiting(before: Date, limit = 50): Promise<{ refund: RefundRow; actorEmail: string | null }[]> {
    return this.db
      .select({ refund: orderRefunds, actorEmail: users.email })
      .from(orderRefunds)
      .leftJoin(users, eq(users.id, orderRefunds.actorId))
      .where(and(eq(orderRefunds.status, REQUESTED), lt(orderRefunds.createdAt, before)))
      .orderBy(asc(orderRefunds.createdAt))
      .limit(limit);
  }

  /** A waiting refund the provider refused when asked again: kept for the record, no longer counted. */
  async fail(refundId: string): Promise<boolean> {
    const rows = await this.db
      .update(orderRefunds)
      .set({ status: 'failed' })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, REQUESTED)))
      .returning({ id: orderRefunds.id });
    return rows.length > 0;
  }

  /** The provider refused: the reserved refund is gone (a retry reserves afresh). */
  async drop(refundId: string): Promise<void> {
    await this.db.delete(orderRefunds).where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, REQUESTED)));
  }

  /**
   * Records the provider's answer on a reserved refund and adds it to the order's refunded cents,
   * once (a concurrent retry that settles it first leaves nothing to do: null), with the refund's
   * event in the order's timeline. Answers the order after it.
   */
  async settle(tx: DbOrTx, refund: RefundRow, answer: { providerRefundId: string; status: string }): Promise<OrderRow | null> {
    const [settled] = await tx
      .update(orderRefunds)
      .set({ providerRefundId: answer.providerRefundId, status: answer.status })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, REQUESTED)))
      .returning({ id: orderRefunds.id });
    if (!settled) return null;
    const [order] = await tx
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}`, updatedAt: sql`now()` })
      .where(eq(orders.id, refund.orderId))
      .returning();
    if (!order) return null;
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      trackingNumber: order.trackingNumber,
      actorKind: 'staff',
      actorId: refund.actorId,
      refundId: refund.id,
    });
    return order;
  }
}
