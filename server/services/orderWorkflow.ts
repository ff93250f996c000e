import type { FastifyBaseLogger } from 'fastify';
import { toDollars } from '../../src/domain/money';
import { canTransition, ORDER_TRANSITIONS } from '../../src/domain/orderStatus';
import { lineNetCents, planRefund, REFUND_MESSAGES, refundableCents, unitsRefundCents, type PlannedRefund, type RefundedSoFar, type RefundRequest } from '../../src/domain/refunds';
import type { Carrier } from '../../src/domain/tracking';
import type { OrderStatus, ShopperRefund } from '../../src/domain/types';
import type { RefundLineRow } from '../db/schema';
import type { DbOrTx } from '../db/client';
import type { EmailOutbox } from '../lib/emailOutbox';
import { HttpError } from '../lib/errors';
import { orderUpdateEmail, orderUpdateKind } from '../lib/orderUpdateEmail';
import { REFUND_EMAIL_KIND, refundEmail, refundEmailKey } from '../lib/refundEmail';
import { CHECKOUT_MESSAGES, CONFIRMATION_EMAIL } from '../payments/checkout';
import { orderConfirmationEmail } from '../payments/email';
import type { PaymentProvider, RefundResult, RemoteSessionState } from '../payments/provider';
import { changedFields, type AuditActor, type AuditRepository } from '../repositories/audit';
import { STRIPE_EXPIRY_GRACE_MS, type AfterChange, type OrderRow, type OrdersRepository, type PaymentSessionRow, type StoredOrderItem } from '../repositories/orders';
import { REQUESTED, type RefundRow, type RefundsRepository } from '../repositories/refunds';
import type { StaffOrdersRepository } from '../repositories/staffOrders';
import type { StockService } from './stock';

/** Why a status move or tracking change was refused (the staff API answers them, the CLI prints them). */
export const ORDER_WORKFLOW_MESSAGES = {
  orderNotFound: 'Order not found',
  nothingToDo: 'Give a new status, a tracking number, or both',
  alreadyInStatus: (status: string) => `The order is already ${status}`,
  notAllowed: (id: string, from: OrderStatus, to: OrderStatus) => {
    const allowed = ORDER_TRANSITIONS[from];
    return `Cannot move order ${id} from ${from} to ${to}. ${allowed.length ? `From ${from} it can go to: ${allowed.join(', ')}.` : `${from} is final.`}`;
  },
  movedMeanwhile: 'The order changed meanwhile; read it again and retry',
  trackingOnUnpaid: (status: string) => `A tracking number can only be set on a paid order (this one is ${status})`,
  noPayment: (id: string) => `Order ${id} has no recorded payment to refund`,
  otherProvider: (provider: string) => `This order was paid through the ${provider} provider, which this server is not configured for: refund it there`,
  refundFailed: (reason: string) => `The payment provider did not refund the order, so it was not changed: ${reason}`,
  refundUnpaid: (status: string) => `Only a paid order can be refunded (this one is ${status})`,
  paidByProviderOnly: 'An order becomes Order Placed only when its payment is confirmed by the payment provider; staff cannot mark it paid.',
} as const;
const M = ORDER_WORKFLOW_MESSAGES;

/** Statuses of an order whose money was taken (a tracking number only makes sense on these). */
const PAID: readonly OrderStatus[] = ['Order Placed', 'Processing', 'Delivered'];

/** A refund the provider made (or had made already), in cents. */
export interface RefundMade {
  id: string;
  provider: string;
  amountCents: number;
  status: string;
}

/** What a staff change answers: the order after it, whether the shopper is e-mailed, the refund. */
export interface StaffOrderChange {
  order: OrderRow;
  emailed: boolean;
  refund: RefundMade | null;
}

export interface OrderWorkflowDeps {
  orders: OrdersRepository;
  staffOrders: StaffOrdersRepository;
  audit: AuditRepository;
  provider: PaymentProvider;
  outbox: EmailOutbox;
  /** Stock per option: an order's units held while it is paid for, taken when paid, released when not. */
  stock: StockService;
  log: FastifyBaseLogger;
  /** The shop's name and where a browser reaches it (e-mails link to it). */
  shop: () => { name: string; url: string };
  refunds: RefundsRepository;
  /**
   * Called in the transaction of each refund, after it is recorded: the hook restocking plugs into
   * (`restock` is what staff chose with "Put the items back in stock"; `lines` are the order's line
   * indexes and units the refund gave back).
   */
  onRefunded?: (tx: DbOrTx, refund: { orderId: string; refundId: string; lines: readonly RefundLineRow[]; restock: boolean }) => Promise<void>;
  /**
   * Tells the owner's open pages and the staff room (socket `orderUpdated`); called after the
   * change is committed. `refunds` (after a refund) lets the shopper's details show it at once.
   */
  announce: (order: OrderRow, refunds?: ShopperRefund[]) => void;
  /** Queues the "review what you received" e-mail of an order just delivered (services/reviewInvitation.ts). */
  inviteReview?: AfterChange;
  /** Made to order: the paid order's print jobs and ship-by date, in the payment's transaction (services/shipBy.ts). */
  datePaidOrder?: (tx: DbOrTx, order: OrderRow) => Promise<OrderRow>;
  now?: () => number;
}

/**
 * Every status move of an order after it was placed, and the one home of what goes with a move:
 * the provider call (expire a session, refund a payment), the conditional UPDATE along the arrows
 * of src/domain/orderStatus.ts (OrdersRepository), the e-mail queued in the same transaction
 * (delivered from the outbox afterwards), the audit row, and the announcement to the owner's
 * sockets once committed. One method per transition, one transaction each. Its callers: the
 * checkout (verification, the built-in card page), the Stripe webhook, the expiry job (`sweep`,
 * and the expiry of a shopper's stale orders on reading them) and the staff API (which the staff
 * CLI uses).
 */
export class OrderWorkflow {
  private readonly now: () => number;

  constructor(private readonly deps: OrderWorkflowDeps) {
    this.now = deps.now ?? Date.now;
  }

  private announce(row: OrderRow | null | undefined, refunds?: ShopperRefund[]): void {
    if (!row) return;
    try {
      this.deps.announce(row, refunds);
    } catch (err) {
      // A socket gone or Redis away must never fail a change that is already committed.
      this.deps.log.warn({ err, orderId: row.id }, 'order change not announced');
    }
  }

  /** Delivers the order's queued e-mails now; what fails stays queued for the outbox's retries. */
  private async deliverMail(orderId: string, log: FastifyBaseLogger = this.deps.log, what = 'order e-mail delivery deferred to the outbox'): Promise<void> {
    try {
      await this.deps.outbox.deliverDue({ orderId });
    } catch (err) {
      log.warn({ err, orderId }, what);
    }
  }

  private readonly queueConfirmation: AfterChange = async (tx, paid) => {
    // Its held units are taken (shelf units leave, the rest stay to print), then it is dated: print
    // jobs for what is printed, and the ship-by date the confirmation e-mail states.
    await this.deps.stock.take(tx, paid.id);
    const order = this.deps.datePaidOrder ? await this.deps.datePaidOrder(tx, paid) : paid;
    return this.deps.outbox.enqueue(tx, order, CONFIRMATION_EMAIL, (accountEmail) => orderConfirmationEmail(order, this.deps.shop(), accountEmail));
  };

  /**
   * Held in the transaction that stores a new order (the checkout passes it): its units, shelf
   * first, for as long as its payment session is open. Refused (409, nothing stored) when a
   * stocked-only option cannot cover the cart.
   */
  readonly holdStock = (expiresAt: Date): AfterChange => (tx, order) => this.deps.stock.reserve(tx, order.id, order.items as unknown as StoredOrderItem[], expiresAt);

  /** Before a new order is stored: a cart the shelf already cannot cover is refused (409) without waiting on any lock. */
  refuseShortStock(items: Array<Pick<StoredOrderItem, 'productId' | 'variant' | 'quantity'>>): Promise<void> {
    return this.deps.stock.refuseShort(items);
  }

  /** An unpaid order cancelled (expired, declined, abandoned): its held units go back, then `then`. */
  private releasing(then?: AfterChange): AfterChange {
    return async (tx, order) => {
      await this.deps.stock.release(tx, order.id);
      if (then) await then(tx, order);
    };
  }

  // ---- Payment Pending → Order Placed ----------------------------------------------------------

  /**
   * Confirms a session the provider reports paid: checks that it paid our amount for our order,
   * then moves the order to 'Order Placed' exactly once, queuing the confirmation e-mail in the
   * same transaction; it is then delivered from the outbox (retried there if the mail server fails).
   */
  async confirmPaid(session: PaymentSessionRow, state: Extract<RemoteSessionState, { state: 'paid' }>): Promise<OrderRow | undefined> {
    if ((state.amountCents !== null && state.amountCents !== session.amountCents) || (state.orderId !== null && state.orderId !== session.orderId)) {
      // The order id, never the session id: a session id opens its payment page (name, address, pay or cancel).
      this.deps.log.error({ orderId: session.orderId, state }, 'a paid session does not match its order: not confirming');
      throw new HttpError(409, CHECKOUT_MESSAGES.amountMismatch);
    }
    const { transitioned, order } = await this.deps.orders.markPaid(session.orderId, session.id, { then: this.queueConfirmation });
    if (transitioned && order) {
      this.announce(order);
      this.deps.log.info({ orderId: order.id, amountCents: order.amountCents }, 'order paid');
      await this.deliverMail(order.id);
    } else if (order && order.status === 'Cancelled' && !order.paidAt) {
      // Paid after we cancelled it (a very late webhook): staff must refund it by hand.
      this.deps.log.error({ orderId: order.id }, 'a cancelled order was paid: refund it');
    }
    return order;
  }

  /**
   * The built-in hosted page approved a card: the open, unexpired session is marked paid and the
   * order confirmed in one transaction (the equivalent of Stripe's webhook), before the redirect.
   * Answers the session's state afterwards: 'paid' (by this call or an earlier one) or 'closed'.
   */
  async payTestSession(sessionId: string): Promise<'paid' | 'closed'> {
    const session = await this.deps.orders.findSession(sessionId);
    if (!session || session.provider !== 'test') return 'closed';
    const { transitioned, order } = await this.deps.orders.markPaid(session.orderId, sessionId, { claimOpenAt: new Date(this.now()), then: this.queueConfirmation });
    if (transitioned && order) {
      this.announce(order);
      this.deps.log.info({ orderId: order.id, amountCents: order.amountCents }, 'order paid');
      await this.deliverMail(order.id);
      return 'paid';
    }
    const after = await this.deps.orders.findSession(sessionId);
    return after?.status === 'paid' ? 'paid' : 'closed';
  }

  // ---- Payment Pending → Cancelled -------------------------------------------------------------

  /** The session is over unpaid: it is closed with `status` and its order cancelled, together. */
  async cancelUnpaid(sessionId: string, status: 'cancelled' | 'expired' | 'declined', then?: AfterChange): Promise<OrderRow | null> {
    const cancelled = await this.deps.orders.cancelUnpaid(sessionId, status, this.releasing(then));
    this.announce(cancelled);
    return cancelled;
  }

  /** An unpaid order that has no payment session to close (none could be opened, or it was lost). */
  async cancelWithoutSession(orderId: string, then?: AfterChange): Promise<OrderRow | null> {
    const cancelled = await this.deps.orders.setStatus(orderId, 'Cancelled', { from: 'Payment Pending', then: this.releasing(then) });
    this.announce(cancelled);
    return cancelled;
  }

  /**
   * Closes an unpaid session at the provider and cancels its order. A session the provider reports
   * paid is confirmed instead; one whose payment is still processing keeps its order pending.
   */
  async settleUnpaid(session: PaymentSessionRow, status: 'cancelled' | 'expired'): Promise<OrderRow | undefined> {
    const provider = this.deps.provider;
    if (session.provider === provider.kind) {
      await provider.expireSession(session.id);
      const state = await provider.sessionState(session.id);
      if (state.state === 'paid') return this.confirmPaid(session, state);
      if (state.state === 'processing') return this.deps.orders.findById(session.orderId);
    }
    await this.cancelUnpaid(session.id, status);
    return this.deps.orders.findById(session.orderId);
  }

  /**
   * What the provider itself reported about a session (Stripe webhook): paid → confirmed; over
   * without payment → cancelled; open or processing (a delayed payment on its way) → nothing yet.
   */
  async sessionReported(sessionId: string, state: RemoteSessionState): Promise<OrderRow | undefined> {
    const session = await this.deps.orders.findSession(sessionId);
    if (!session) return undefined;
    if (state.state === 'paid') return this.confirmPaid(session, state);
    if (state.state === 'closed') await this.cancelUnpaid(sessionId, 'expired');
    return this.deps.orders.findById(session.orderId);
  }

  /**
   * Staff cancel a 'Payment Pending' order: its session is expired at the provider first, so
   * nobody can pay a cancelled order. If the provider reports the session paid (or its payment
   * processing) meanwhile, the order is not cancelled: a 409 says why. `then` runs in the
   * transaction of the cancellation (the audit row).
   */
  async cancelPending(orderId: string, then?: AfterChange): Promise<OrderRow | null> {
    const order = await this.deps.orders.findById(orderId);
    if (!order || order.status !== 'Payment Pending') return null;
    const session = order.paymentSessionId ? await this.deps.orders.findSession(order.paymentSessionId) : undefined;
    if (!session) return this.cancelWithoutSession(orderId, then);
    const provider = this.deps.provider;
    if (session.provider === provider.kind) {
      await provider.expireSession(session.id);
      const state = await provider.sessionState(session.id);
      if (state.state === 'paid') {
        await this.confirmPaid(session, state);
        throw new HttpError(409, CHECKOUT_MESSAGES.paidMeanwhile);
      }
      if (state.state === 'processing') throw new HttpError(409, CHECKOUT_MESSAGES.processingNoCancel);
    }
    const cancelled = await this.cancelUnpaid(session.id, 'cancelled', then);
    if (!cancelled) {
      const now = await this.deps.orders.findById(orderId);
      if (now?.paidAt) throw new HttpError(409, CHECKOUT_MESSAGES.paidMeanwhile);
    }
    return cancelled;
  }

  // ---- expiry ----------------------------------------------------------------------------------

  /**
   * Cancels what SQL alone can decide: built-in sessions past their expiry, Stripe sessions past
   * it plus the grace period only with `stripe: 'after-grace'` (Stripe is not configured any more,
   * so nobody can be asked), and 'Payment Pending' orders that never got an open session (their
   * provider call failed, or the process died before attaching it). `userId` limits it to one
   * shopper's orders (done before they are listed). Answers how many orders were cancelled.
   */
  async expireStale(opts: { userId?: string; stripe: 'leave' | 'after-grace' }, now = new Date(this.now())): Promise<number> {
    const { userId } = opts;
    let cancelled = 0;
    for (const s of await this.deps.orders.staleOpenSessions(now, { userId, stripeGraceMs: opts.stripe === 'leave' ? null : STRIPE_EXPIRY_GRACE_MS })) {
      if (await this.cancelUnpaid(s.id, 'expired')) cancelled += 1;
    }
    for (const id of await this.deps.orders.orphanedUnpaid(now, userId)) if (await this.cancelWithoutSession(id)) cancelled += 1;
    return cancelled;
  }

  /**
   * The expiry job: every open session past its expiry is asked of its provider (a late payment is
   * confirmed, a processing one left pending, anything else cancelled); then SQL cancels what
   * nobody can be asked about (sessions of a provider no longer configured, orders whose session
   * never opened) — never a session of the configured Stripe account; last, refunds left waiting
   * for the provider's answer are asked again (`retryWaitingRefunds`).
   */
  async sweep(): Promise<number> {
    const now = new Date(this.now());
    const provider = this.deps.provider;
    let settled = 0;
    for (const s of await this.deps.orders.staleOpenSessions(now, { stripeGraceMs: 0 })) {
      if (s.provider !== provider.kind) continue;
      try {
        const state = await provider.sessionState(s.id);
        if (state.state === 'paid') await this.confirmPaid(s, state);
        else if (state.state === 'processing') continue;
        else await this.settleUnpaid(s, 'expired');
        settled += 1;
      } catch (err) {
        this.deps.log.warn({ err, orderId: s.orderId }, 'could not settle an expired payment session; will retry');
      }
    }
    settled += await this.expireStale({ stripe: provider.kind === 'stripe' ? 'leave' : 'after-grace' }, now);
    return settled + (await this.retryWaitingRefunds(now));
  }

  // ---- staff -----------------------------------------------------------------------------------

  /**
   * A staff member's change of an order (POST /api/staff/order-status, the staff CLI): a new
   * status, a tracking number, or both. Only the arrows of src/domain/orderStatus.ts; never to
   * 'Order Placed' (only the provider's word makes an order paid); a tracking number only on a
   * paid order. A 409 words each refusal.
   */
  async staffChange(input: { orderId: string; status?: OrderStatus; trackingNumber?: string; carrier?: Carrier }, actor: AuditActor, log: FastifyBaseLogger = this.deps.log): Promise<StaffOrderChange> {
    const order = await this.deps.orders.findById(input.orderId);
    if (!order) throw new HttpError(404, M.orderNotFound);
    const { status: to, trackingNumber, carrier } = input;
    const moves = to !== undefined && to !== order.status;
    if (!moves && trackingNumber === undefined) throw new HttpError(409, to ? M.alreadyInStatus(to) : M.nothingToDo);
    if (moves && to === 'Order Placed') throw new HttpError(409, M.paidByProviderOnly);
    if (moves && !canTransition(order.status, to)) throw new HttpError(409, M.notAllowed(order.id, order.status, to));
    const finalStatus = moves ? to : order.status;
    if (trackingNumber !== undefined && !PAID.includes(finalStatus)) throw new HttpError(409, M.trackingOnUnpaid(finalStatus));

    let change: StaffOrderChange | null;
    if (!moves) change = await this.setTracking(order, trackingNumber!, actor, carrier);
    else if (to === 'Cancelled' && order.status === 'Payment Pending') change = await this.cancelPendingByStaff(order, actor);
    else if (to === 'Refunded' || (to === 'Cancelled' && order.paidAt)) change = await this.refund(order, to, actor, trackingNumber, log);
    else change = await this.advance(order, to, actor, trackingNumber, carrier);
    if (!change) throw new HttpError(409, M.movedMeanwhile);
    if (change.emailed) await this.deliverMail(change.order.id, log, 'order update e-mail deferred to the outbox');
    log.info({ orderId: order.id, from: order.status, to: change.order.status, tracking: change.order.trackingNumber }, 'order updated by staff');
    return change;
  }

  /** The audit row of a staff change: the status and tracking number before and after. */
  private audited(before: OrderRow, actor: AuditActor, action: string): AfterChange {
    return (tx, row) =>
      this.deps.audit.record(tx, {
        entity: 'order',
        entityId: row.id,
        action,
        actor,
        changes: changedFields({ status: before.status, trackingNumber: before.trackingNumber }, { status: row.status, trackingNumber: row.trackingNumber }),
      });
  }

  /** The shopper's e-mail for a new tracking number or a delivery, queued in the change's transaction. */
  private updateEmail(before: OrderRow, to: OrderStatus, trackingNumber: string | undefined): AfterChange | null {
    const trackingAdded = trackingNumber !== undefined && trackingNumber !== before.trackingNumber;
    const delivered = to === 'Delivered' && before.status !== 'Delivered';
    if (!trackingAdded && !delivered) return null;
    return async (tx, row) => {
      await this.deps.outbox.enqueue(tx, row, orderUpdateKind({ delivered }, row.trackingNumber), (accountEmail) =>
        orderUpdateEmail(row, { trackingAdded, delivered }, this.deps.shop(), accountEmail),
      );
      // A delivered order's buyer is invited to review what they received (in the same transaction).
      if (delivered) await this.deps.inviteReview?.(tx, row);
    };
  }

  /** Runs a staff change in one transaction attributed to the staff member; announces it once committed. */
  private async asStaff(actor: AuditActor, work: (tx: DbOrTx) => Promise<OrderRow | null>): Promise<OrderRow | null> {
    const row = await this.deps.staffOrders.asActor(actor.id, work);
    this.announce(row);
    return row;
  }

  /** A tracking number on a paid order, without moving it (e-mailed when it is new). */
  async setTracking(order: OrderRow, trackingNumber: string, actor: AuditActor, carrier?: Carrier): Promise<StaffOrderChange | null> {
    const email = this.updateEmail(order, order.status, trackingNumber);
    const row = await this.asStaff(actor, async (tx) => {
      const updated = await this.deps.staffOrders.setTrackingNumber(tx, order.id, trackingNumber, carrier);
      if (updated && email) await email(tx, updated);
      if (updated) await this.audited(order, actor, 'tracking')(tx, updated);
      return updated;
    });
    return row && { order: row, emailed: email !== null, refund: null };
  }

  /** Order Placed → Processing → Delivered (with a tracking number or not; Delivered e-mails the shopper). */
  async advance(order: OrderRow, to: OrderStatus, actor: AuditActor, trackingNumber?: string, carrier?: Carrier): Promise<StaffOrderChange | null> {
    const email = this.updateEmail(order, to, trackingNumber);
    const audit = this.audited(order, actor, 'status');
    const row = await this.asStaff(actor, async (tx) => {
      const moved = await this.deps.orders.setStatus(order.id, to, { from: order.status, db: tx, trackingNumber, carrier, then: email ?? undefined });
      if (moved) await audit(tx, moved);
      return moved;
    });
    return row && { order: row, emailed: email !== null, refund: null };
  }

  /** The order's first print job started: 'Order Placed' → Processing (any later job changes nothing). */
  async printingStarted(orderId: string, actor: AuditActor): Promise<OrderRow | null> {
    const order = await this.deps.orders.findById(orderId);
    if (!order || order.status !== 'Order Placed') return null;
    return (await this.advance(order, 'Processing', actor))?.order ?? null;
  }

  /** Staff cancel an unpaid order: its session closed at the provider first (see `cancelPending`). */
  async cancelPendingByStaff(order: OrderRow, actor: AuditActor): Promise<StaffOrderChange | null> {
    const row = await this.cancelPending(order.id, this.audited(order, actor, 'status'));
    return row && { order: row, emailed: false, refund: null };
  }

  /**
   * A paid order Refunded (or Cancelled): what is left of its money goes back through the provider
   * first; only then does the order move, with the refund recorded, so an order is never Refunded
   * or Cancelled without its refund. An order that moved meanwhile (say, Delivered) after its
   * money went back is Refunded whatever it was.
   */
  async refund(order: OrderRow, to: 'Refunded' | 'Cancelled', actor: AuditActor, trackingNumber?: string, log: FastifyBaseLogger = this.deps.log): Promise<StaffOrderChange | null> {
    // The first refund of a whole order keeps the order's own key at the provider (a retry of the
    // same move finds it); what is left after partial refunds is keyed by what they gave back.
    const key = order.refundedCents === 0 ? `order-${order.id}-refund` : `order-${order.id}-refund-rest-${order.refundedCents}`;
    const email = this.updateEmail(order, to, trackingNumber);
    const audit = this.audited(order, actor, 'refund');
    const done = await this.giveBack(
      order,
      {
        key,
        providerKey: order.refundedCents === 0 ? key : undefined,
        reason: null,
        restock: false,
        decide: (row, soFar) => {
          const left = refundableCents(row.amountCents, soFar);
          if (left <= 0) throw new HttpError(409, REFUND_MESSAGES.nothingLeft);
          const items = row.items as unknown as StoredOrderItem[];
          const net = lineNetCents(items.map((i) => ({ totalCents: i.lineTotalCents, quantity: i.quantity })), row.discountCents);
          const lines = items
            .map((item, index) => {
              const already = soFar.units[index] ?? 0;
              const quantity = Math.max(0, item.quantity - already);
              return { index, quantity, amountCents: unitsRefundCents(net[index]!, item.quantity, already, quantity) };
            })
            .filter((l) => l.quantity > 0);
          return { amountCents: left, lines };
        },
      },
      actor,
      log,
      async (tx) => {
        let moved = await this.deps.orders.setStatus(order.id, to, { from: order.status, db: tx, trackingNumber, then: email ?? undefined });
        if (!moved) moved = await this.deps.orders.setStatus(order.id, 'Refunded', { db: tx, trackingNumber });
        if (moved) await audit(tx, moved);
        return moved;
      },
    );
    return done && { order: done.order, emailed: true, refund: refundMade(done.refund) };
  }

  /**
   * Staff refund chosen lines (units of them) and/or an amount of a paid order (POST
   * /api/staff/orders/:id/refunds): never more than what is left (src/domain/refunds.ts decides,
   * under a lock on the order), once per request key. The order keeps its status while something
   * is left and moves to Refunded when nothing is. Each refund is audited, put in the order's
   * timeline, e-mailed to the shopper, handed to `onRefunded` (restocking) and announced.
   */
  async refundPart(
    input: { orderId: string; lines: RefundRequest['lines']; amountCents: number; reason: string | null; restock: boolean; key: string },
    actor: AuditActor,
    log: FastifyBaseLogger = this.deps.log,
  ): Promise<{ order: OrderRow; refund: RefundRow; repeated: boolean }> {
    const order = await this.deps.orders.findById(input.orderId);
    if (!order) throw new HttpError(404, M.orderNotFound);
    const known = await this.deps.refunds.byKey(`${order.id}:${input.key}`);
    if (!known) {
      if (order.status === 'Refunded') throw new HttpError(409, REFUND_MESSAGES.nothingLeft);
      if (!PAID.includes(order.status)) throw new HttpError(409, M.refundUnpaid(order.status));
    }
    const done = await this.giveBack(
      order,
      {
        key: input.key,
        reason: input.reason,
        restock: input.restock,
        decide: (row, soFar) => {
          if (!PAID.includes(row.status)) throw new HttpError(409, row.status === 'Refunded' ? REFUND_MESSAGES.nothingLeft : M.refundUnpaid(row.status));
          const items = row.items as unknown as StoredOrderItem[];
          const planned = planRefund(
            { lines: items.map((i) => ({ name: i.name, totalCents: i.lineTotalCents, quantity: i.quantity })), discountCents: row.discountCents, paidCents: row.amountCents },
            soFar,
            { lines: input.lines, amountCents: input.amountCents },
          );
          if (!planned.ok) throw new HttpError(409, planned.message);
          return planned.plan;
        },
      },
      actor,
      log,
    );
    if (done.emailed) await this.deliverMail(done.order.id, log, 'refund e-mail deferred to the outbox');
    return done;
  }

  /**
   * One refund through the provider that took the payment: reserved under a lock on the order
   * (`decide` plans it from what is left), asked of the provider with a key of its own, then
   * settled (`settleRefund`). A refund already made under the same request key is answered as it
   * is (`repeated`); one the provider refused is dropped, so a retry starts afresh. One still
   * 'requested' (its first request died before the answer was recorded) is asked again under its
   * key, here or by the sweep (`retryWaitingRefunds`).
   */
  private async giveBack(
    order: OrderRow,
    req: { key: string; providerKey?: string; reason: string | null; restock: boolean; decide: (order: OrderRow, soFar: RefundedSoFar) => PlannedRefund },
    actor: AuditActor,
    log: FastifyBaseLogger,
    settleMore?: (tx: DbOrTx, order: OrderRow) => Promise<OrderRow | null>,
  ): Promise<RefundDone> {
    const session = await this.deps.staffOrders.paidSession(order.id);
    if (!session) throw new HttpError(409, M.noPayment(order.id));
    const provider = this.deps.provider;
    if (session.provider !== provider.kind) throw new HttpError(409, M.otherProvider(session.provider));
    const reserved = await this.deps.refunds.reserve(
      { orderId: order.id, idempotencyKey: `${order.id}:${req.key}`, providerKey: req.providerKey, provider: provider.kind, actorId: actor.id, reason: req.reason, restock: req.restock },
      req.decide,
    );
    const refund = reserved.refund;
    if (reserved.existing && refund.status !== REQUESTED) return this.refundAsItIs(refund);

    let answer: RefundResult;
    try {
      answer = await this.askProvider(session.id, refund);
    } catch (err) {
      log.error({ err, orderId: order.id, refundId: refund.id }, 'refund failed');
      if (!reserved.existing) await this.deps.refunds.drop(refund.id);
      throw new HttpError(502, M.refundFailed((err as Error).message));
    }
    log.info({ orderId: order.id, refundId: refund.id, providerRefundId: answer.id, amountCents: refund.amountCents }, 'order refunded');
    return this.settleRefund(refund, answer, actor, settleMore);
  }

  /** The provider is asked under the refund's own key (kept with it): a second ask answers the same refund. */
  private askProvider(sessionId: string, refund: RefundRow): Promise<RefundResult> {
    return this.deps.provider.refund({ orderId: refund.orderId, sessionId, amountCents: refund.amountCents, idempotencyKey: refund.providerKey ?? `refund-${refund.id}` });
  }

  /** A refund settled (or failed) before: the order and the refund as they are now. */
  private async refundAsItIs(refund: RefundRow): Promise<RefundDone> {
    return { order: (await this.deps.orders.findById(refund.orderId))!, refund: (await this.deps.refunds.byKey(refund.idempotencyKey!)) ?? refund, repeated: true, emailed: false };
  }

  /**
   * Records the provider's answer in one staff transaction with its audit row (or `settleMore`'s),
   * timeline event, e-mail and restocking hook, moving a fully refunded order to Refunded, and
   * announces it. A concurrent settle of the same refund leaves it as that one made it.
   */
  private async settleRefund(refund: RefundRow, answer: RefundResult, actor: AuditActor, settleMore?: (tx: DbOrTx, order: OrderRow) => Promise<OrderRow | null>): Promise<RefundDone> {
    const orderId = refund.orderId;
    const shop = this.deps.shop();
    const row = await this.deps.staffOrders.asActor(actor.id, async (tx) => {
      const settled = await this.deps.refunds.settle(tx, refund, { providerRefundId: answer.id, status: answer.status });
      if (!settled) return null;
      let after = settled;
      if (settleMore) after = (await settleMore(tx, settled)) ?? settled;
      else {
        const fully = settled.refundedCents >= settled.amountCents;
        const moved = fully ? await this.deps.orders.setStatus(orderId, 'Refunded', { from: settled.status, db: tx }) : null;
        after = moved ?? settled;
        await this.deps.audit.record(tx, {
          entity: 'order',
          entityId: orderId,
          action: 'refund',
          actor,
          changes: {
            refunded: { from: toDollars(settled.refundedCents - refund.amountCents), to: toDollars(settled.refundedCents) },
            ...(moved ? { status: { from: settled.status, to: moved.status } } : {}),
          },
        });
      }
      await this.deps.outbox.enqueue(tx, after, REFUND_EMAIL_KIND, (accountEmail) => refundEmail(after, refund, shop, accountEmail), refundEmailKey(orderId, refund.id));
      await this.deps.onRefunded?.(tx, { orderId, refundId: refund.id, lines: refund.lines, restock: refund.restock });
      return after;
    });
    if (!row) return this.refundAsItIs(refund);
    const refunds = await this.deps.refunds.forOrders([row.id]);
    this.announce(row, refunds.get(row.id) ?? []);
    return { order: row, refund: (await this.deps.refunds.byKey(refund.idempotencyKey!)) ?? refund, repeated: false, emailed: true };
  }

  /**
   * Refunds left 'requested' for longer than a request can take (the process died or the network
   * dropped between asking the provider and recording its answer): each is asked again under the
   * key of its first request, so the provider answers the refund it made (or makes it once), and
   * settled as if the request had finished; one the provider refuses is marked failed and no
   * longer counts against what the order can give back. Run by the payment sweep; answers how
   * many it settled or failed.
   */
  async retryWaitingRefunds(now = new Date(this.now())): Promise<number> {
    const provider = this.deps.provider;
    let done = 0;
    const waiting = await this.deps.refunds.waiting(new Date(now.getTime() - REFUND_ANSWER_WAIT_MS), new Date(now.getTime() - REFUND_RETRY_WINDOW_MS));
    for (const { refund, actorEmail } of waiting) {
      // Asked of another provider (this server was reconfigured): only that one can say; left as it is.
      if (refund.provider !== provider.kind) continue;
      const session = await this.deps.staffOrders.paidSession(refund.orderId);
      let answer: RefundResult;
      try {
        if (!session) throw new Error(M.noPayment(refund.orderId));
        answer = await this.askProvider(session.id, refund);
      } catch (err) {
        this.deps.log.error({ err, orderId: refund.orderId, refundId: refund.id }, 'a waiting refund was refused on retry: marked failed');
        if (await this.deps.refunds.fail(refund.id)) {
          this.announce(await this.deps.orders.findById(refund.orderId));
          done += 1;
        }
        continue;
      }
      this.deps.log.info({ orderId: refund.orderId, refundId: refund.id, providerRefundId: answer.id }, 'a waiting refund was settled on retry');
      const settled = await this.settleRefund(refund, answer, { id: refund.actorId ?? 'system', email: actorEmail ?? '' });
      if (!settled.repeated) {
        await this.deliverMail(refund.orderId, this.deps.log, 'refund e-mail deferred to the outbox');
        done += 1;
      }
    }
    return done;
  }
}

/** What a refund request ends with: the order after it, the refund, whether it was made before, whether an e-mail was queued. */
interface RefundDone {
  order: OrderRow;
  refund: RefundRow;
  repeated: boolean;
  emailed: boolean;
}

/**
 * How long a refund may stay 'requested' before the sweep asks again: longer than a staff
 * request can wait for the provider (Stripe's client gives up after 80 s, and retries once).
 */
export const REFUND_ANSWER_WAIT_MS = 5 * 60 * 1000;

/**
 * How long the sweep keeps asking again: Stripe remembers an idempotency key for 24 hours, and a
 * retry after that could refund twice. A refund still waiting then stays 'requested' (counted, and
 * named as waiting on the order page) for staff to check with the provider.
 */
export const REFUND_RETRY_WINDOW_MS = 23 * 60 * 60 * 1000;

/** The refund a staff status change made, in cents, under the provider's id (the staff CLI prints it). */
function refundMade(r: RefundRow): RefundMade {
  return { id: r.providerRefundId ?? r.id, provider: r.provider, amountCents: r.amountCents, status: r.status };
}

/** A refund as the staff API shows it (dollars). */
export function refundToWire(refund: RefundMade): { _id: string; provider: string; amount: number; status: string } {
  return { _id: refund.id, provider: refund.provider, amount: toDollars(refund.amountCents), status: refund.status };
}
