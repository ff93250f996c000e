import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { CatalogLookup } from '../../src/domain/cartLines';
import { MAX_LINE_QUANTITY } from '../../src/domain/cartKey';
import { orderLineKey, priceOrder, type PricedOrder } from '../../src/domain/checkout';
import { formatMoney, toCents, toDollars } from '../../src/domain/money';
import type { Address, Bundle, Discount, OrderQuote, OrderSessionResponse, Product, VerifyPaymentResponse } from '../../src/domain/types';
import type { Db } from '../db/client';
import { bundles, products } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { Mailer } from '../lib/mailer';
import { bundleToWire, productToWire } from '../repositories/catalogMapping';
import type { DiscountsRepository } from '../repositories/discounts';
import { orderToPlaced, type OrderRow, type OrdersRepository, type PaymentSessionRow, type StoredOrderItem } from '../repositories/orders';
import { orderConfirmationEmail, variantLabel } from './email';
import { fillSessionId, type PaymentProvider, type RemoteSessionState } from './provider';

export const CHECKOUT_MESSAGES = {
  invalidCode: 'Invalid discount code',
  expiredCode: 'This discount code has expired',
  badVariant: (v: string) => `Invalid variant "${v}": use 'color|size', 'accessory-<index>' or 'bundle'`,
  tooMany: `A line can hold at most ${MAX_LINE_QUANTITY} items`,
  unavailable: (messages: string[]) => `Some items cannot be ordered: ${messages.join('; ')}. Please update your cart and try again.`,
  minimum: 'The order total must be at least $0.50.',
  amountChanged: (server: number, client: number) =>
    `Prices changed since you opened checkout: the total is now ${formatMoney(server)} (you were shown ${formatMoney(client)}). Please review and confirm the new total.`,
  providerDown: 'The payment service is not reachable right now. Please try again in a moment.',
  sessionNotFound: 'Payment session not found',
  notYourSession: 'This payment belongs to another account',
  notPaid: 'The payment was not completed. Your order was cancelled and nothing was charged.',
  cancelled: 'This order was cancelled and nothing was charged.',
  amountMismatch: 'The payment does not match the order total. Please contact us.',
  orderNotFound: 'Order not found',
  notPending: 'This order is not waiting for payment.',
  resumeClosed: 'The payment window for this order has closed. Please place a new order.',
  alreadyPaid: 'This order has already been paid.',
} as const;

/** Stripe (and our hosted page) refuse charges below 50 cents. */
export const MIN_CHARGE_CENTS = 50;

export interface OrderLineInput {
  productId: string;
  /** The cart variant (SPEC §3 calls it color). */
  color: string;
  quantity: number;
}

/** A 409 that carries the server's figures, so the client can show the new total. */
export class AmountChangedError extends HttpError {
  constructor(
    readonly quote: OrderQuote,
    clientAmount: number,
  ) {
    super(409, CHECKOUT_MESSAGES.amountChanged(quote.amount, clientAmount));
  }
}

export interface CheckoutDeps {
  db: Db;
  orders: OrdersRepository;
  discounts: DiscountsRepository;
  provider: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  shopName: string;
  /** Where the shop is reached from a browser (PUBLIC_URL, or the server's own origin). */
  baseUrl: () => string;
  now?: () => number;
}

interface PricedRequest {
  priced: PricedOrder;
  discount: Discount | null;
}

/**
 * The purchase flow on the server (issue 6): prices an order request from the database (one
 * totals function, integer cents), opens a payment session with the configured provider,
 * verifies payment by asking the provider — never the client — and confirms each order exactly
 * once (OrdersRepository.markPaid), which is when the e-mail goes out.
 */
export class CheckoutService {
  private readonly now: () => number;

  constructor(private readonly deps: CheckoutDeps) {
    this.now = deps.now ?? Date.now;
  }

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  /** `/verify?success=true|false&session_id={CHECKOUT_SESSION_ID}` on our own origin. */
  returnUrl(success: boolean, sessionId?: string): string {
    const url = `${this.deps.baseUrl()}/verify?success=${success}&session_id={CHECKOUT_SESSION_ID}`;
    return sessionId ? fillSessionId(url, sessionId) : url;
  }

  /** The products and bundles an order names, read fresh from the database (not the list cache). */
  private async catalogFor(ids: string[]): Promise<CatalogLookup> {
    const unique = [...new Set(ids)];
    const [productRows, bundleRows] = unique.length
      ? await Promise.all([
          this.deps.db.select().from(products).where(inArray(products.id, unique)),
          this.deps.db.select().from(bundles).where(inArray(bundles.id, unique)),
        ])
      : [[], []];
    const byId = new Map<string, Product>(productRows.map((r) => [r.id, productToWire(r)]));
    const bundleById = new Map<string, Bundle>(bundleRows.map((r) => [r.id, bundleToWire(r)]));
    return { product: (id) => byId.get(id), bundle: (id) => bundleById.get(id) };
  }

  /** Prices request lines and a discount code from the database; a 400 says what cannot be ordered. */
  async price(items: OrderLineInput[], discountCode: string | undefined): Promise<PricedRequest> {
    const merged = new Map<string, number>();
    for (const item of items) {
      const key = orderLineKey(item.productId, item.color);
      if (!key) throw new HttpError(400, CHECKOUT_MESSAGES.badVariant(item.color));
      const quantity = (merged.get(key) ?? 0) + item.quantity;
      if (quantity > MAX_LINE_QUANTITY) throw new HttpError(400, CHECKOUT_MESSAGES.tooMany);
      merged.set(key, quantity);
    }
    let discount: Discount | null = null;
    if (discountCode && discountCode.trim()) {
      const found = await this.deps.discounts.lookup(discountCode, new Date(this.now()));
      if (!found.ok) throw new HttpError(400, found.reason === 'expired' ? CHECKOUT_MESSAGES.expiredCode : CHECKOUT_MESSAGES.invalidCode);
      discount = found.discount;
    }
    const lines = [...merged].map(([key, quantity]) => ({ key, quantity }));
    const catalog = await this.catalogFor(items.map((i) => i.productId));
    const priced = priceOrder(lines, catalog, discount?.percentage ?? 0, this.now());
    if (priced.problems.length > 0) throw new HttpError(400, CHECKOUT_MESSAGES.unavailable(priced.problems.map((p) => p.message)));
    return { priced, discount };
  }

  static quoteOf({ priced, discount }: PricedRequest): OrderQuote {
    return {
      subtotal: toDollars(priced.totals.subtotal),
      deliveryFee: toDollars(priced.totals.shipping),
      discount: toDollars(priced.totals.discount),
      amount: toDollars(priced.totals.total),
      discountCode: discount?.code ?? null,
      discountPercent: discount?.percentage ?? 0,
    };
  }

  /**
   * POST /api/order/stripe: re-prices every line, compares (never charges) the client's amount,
   * stores the order as 'Payment Pending' and opens a payment session for exactly our total.
   */
  async placeOrder(
    user: { id: string },
    request: { address: Address; items: OrderLineInput[]; amount: number; discountCode?: string; isBuyNow: boolean },
  ): Promise<OrderSessionResponse> {
    const pricedRequest = await this.price(request.items, request.discountCode);
    const { priced, discount } = pricedRequest;
    const total = priced.totals.total;
    if (toCents(request.amount) !== total) throw new AmountChangedError(CheckoutService.quoteOf(pricedRequest), request.amount);
    if (total < MIN_CHARGE_CENTS) throw new HttpError(400, CHECKOUT_MESSAGES.minimum);

    const items: StoredOrderItem[] = priced.lines.map((l) => ({
      productId: l.itemId,
      variant: l.variant,
      kind: l.kind,
      name: l.name,
      ...(l.parentName ? { parentName: l.parentName } : {}),
      image: l.image ?? '',
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents!,
      lineTotalCents: l.lineTotalCents!,
    }));
    const order = await this.deps.orders.create({
      userId: user.id,
      address: request.address,
      items,
      subtotalCents: priced.totals.subtotal,
      shippingCents: priced.totals.shipping,
      discountCents: priced.totals.discount,
      amountCents: total,
      discountCode: discount?.code ?? null,
      paymentMethod: this.provider.paymentMethod,
      isBuyNow: request.isBuyNow,
    });

    let session;
    try {
      session = await this.provider.createSession({
        orderId: order.id,
        userId: user.id,
        customerEmail: request.address.email,
        lines: items.map((i) => ({
          name: i.name,
          description: variantLabel(i) || undefined,
          image: this.publicImage(i.image),
          unitAmountCents: i.unitPriceCents,
          quantity: i.quantity,
        })),
        shippingCents: priced.totals.shipping,
        discountCents: priced.totals.discount,
        discountLabel: discount ? `${discount.code} (${discount.percentage}% off)` : undefined,
        amountCents: total,
        successUrl: this.returnUrl(true),
        cancelUrl: this.returnUrl(false),
      });
    } catch (err) {
      this.deps.log.error({ err, orderId: order.id }, 'could not open a payment session');
      await this.deps.orders.setStatus(order.id, 'Cancelled', { from: 'Payment Pending' });
      throw new HttpError(502, CHECKOUT_MESSAGES.providerDown);
    }
    await this.deps.orders.attachSession({
      id: session.id,
      orderId: order.id,
      userId: user.id,
      provider: this.provider.kind,
      amountCents: total,
      expiresAt: session.expiresAt,
    });
    return { success: true, session_url: session.url, orderId: order.id, sessionId: session.id, amount: toDollars(total) };
  }

  /** Only https images on a public origin can be shown by Stripe; relative ones are left out. */
  private publicImage(image: string): string | undefined {
    if (!image) return undefined;
    if (/^https:\/\//.test(image)) return image;
    if (image.startsWith('/') && this.deps.baseUrl().startsWith('https://')) return `${this.deps.baseUrl()}${image}`;
    return undefined;
  }

  /**
   * Confirms a session the provider reports paid: checks that it paid our amount for our order,
   * then moves the order to 'Order Placed' exactly once. Only the call that made the move sends
   * the confirmation e-mail.
   */
  async confirmPaid(session: PaymentSessionRow, state: Extract<RemoteSessionState, { state: 'paid' }>): Promise<OrderRow | undefined> {
    if ((state.amountCents !== null && state.amountCents !== session.amountCents) || (state.orderId !== null && state.orderId !== session.orderId)) {
      this.deps.log.error({ sessionId: session.id, orderId: session.orderId, state }, 'a paid session does not match its order: not confirming');
      throw new HttpError(409, CHECKOUT_MESSAGES.amountMismatch);
    }
    const { transitioned, order } = await this.deps.orders.markPaid(session.orderId, session.id);
    if (transitioned && order) {
      this.deps.log.info({ orderId: order.id, amountCents: order.amountCents }, 'order paid');
      await this.sendConfirmation(order);
    } else if (order && order.status === 'Cancelled' && !order.paidAt) {
      // Paid after we cancelled it (a very late webhook): staff must refund it by hand.
      this.deps.log.error({ orderId: order.id, sessionId: session.id }, 'a cancelled order was paid: refund it');
    }
    return order;
  }

  private async sendConfirmation(order: OrderRow): Promise<void> {
    try {
      await this.deps.mailer.send(orderConfirmationEmail(order, { name: this.deps.shopName, url: this.deps.baseUrl() }));
    } catch (err) {
      // The payment stands; a lost e-mail must not undo it. Logged for staff.
      this.deps.log.error({ err, orderId: order.id }, 'order confirmation e-mail failed');
    }
  }

  /** Closes an unpaid session at the provider and cancels its order; a paid one is confirmed instead. */
  private async settleUnpaid(session: PaymentSessionRow, status: 'cancelled' | 'expired'): Promise<OrderRow | undefined> {
    if (session.provider === this.provider.kind) {
      await this.provider.expireSession(session.id);
      const state = await this.provider.sessionState(session.id);
      if (state.state === 'paid') return this.confirmPaid(session, state);
    }
    await this.deps.orders.cancelUnpaid(session.id, status);
    return this.deps.orders.findById(session.orderId);
  }

  /**
   * POST /api/order/verifyStripe: the caller's session, asked of the provider. Paid → the order is
   * confirmed (once) and returned; anything else → the session is closed, the order cancelled.
   */
  async verify(user: { id: string }, sessionId: string): Promise<VerifyPaymentResponse> {
    const session = await this.deps.orders.findSession(sessionId);
    if (!session) throw new HttpError(404, CHECKOUT_MESSAGES.sessionNotFound);
    if (session.userId !== user.id) throw new HttpError(403, CHECKOUT_MESSAGES.notYourSession);
    let order = await this.deps.orders.findById(session.orderId);
    if (!order) throw new HttpError(404, CHECKOUT_MESSAGES.orderNotFound);
    if (order.paidAt) return { success: true, order: orderToPlaced(order) };
    if (order.status === 'Cancelled') return { success: false, message: CHECKOUT_MESSAGES.cancelled };

    const state = session.provider === this.provider.kind ? await this.provider.sessionState(sessionId) : ({ state: 'closed' } as const);
    if (state.state === 'paid') {
      order = await this.confirmPaid(session, state);
    } else {
      order = await this.settleUnpaid(session, state.state === 'open' ? 'cancelled' : 'expired');
    }
    if (order?.paidAt) return { success: true, order: orderToPlaced(order) };
    return { success: false, message: CHECKOUT_MESSAGES.notPaid };
  }

  /**
   * The built-in hosted page approved a card: the open, unexpired session is marked paid and the
   * order confirmed in one transaction (the equivalent of Stripe's webhook), before the redirect.
   * Answers the session's state afterwards: 'paid' (by this call or an earlier one) or 'closed'.
   */
  async payTestSession(sessionId: string): Promise<'paid' | 'closed'> {
    const session = await this.deps.orders.findSession(sessionId);
    if (!session || session.provider !== 'test') return 'closed';
    const { transitioned, order } = await this.deps.orders.markPaid(session.orderId, sessionId, { claimOpenAt: new Date(this.now()) });
    if (transitioned && order) {
      this.deps.log.info({ orderId: order.id, amountCents: order.amountCents }, 'order paid');
      await this.sendConfirmation(order);
      return 'paid';
    }
    const after = await this.deps.orders.findSession(sessionId);
    return after?.status === 'paid' ? 'paid' : 'closed';
  }

  /** A confirmed payment reported by the provider itself (Stripe webhook, our hosted page). */
  async confirmSession(sessionId: string, state: RemoteSessionState): Promise<OrderRow | undefined> {
    const session = await this.deps.orders.findSession(sessionId);
    if (!session) return undefined;
    if (state.state === 'paid') return this.confirmPaid(session, state);
    if (state.state === 'closed') {
      await this.deps.orders.cancelUnpaid(sessionId, 'expired');
      return this.deps.orders.findById(session.orderId);
    }
    return this.deps.orders.findById(session.orderId);
  }

  /** POST /api/order/resume-payment: the open session of the caller's pending order, to pay it now. */
  async resume(user: { id: string }, orderId: string): Promise<OrderSessionResponse> {
    const order = await this.deps.orders.findForUser(orderId, user.id);
    if (!order) throw new HttpError(404, CHECKOUT_MESSAGES.orderNotFound);
    if (order.status !== 'Payment Pending') throw new HttpError(409, order.paidAt ? CHECKOUT_MESSAGES.alreadyPaid : CHECKOUT_MESSAGES.notPending);
    const session = order.paymentSessionId ? await this.deps.orders.findSession(order.paymentSessionId) : undefined;
    if (!session || session.status !== 'open' || session.provider !== this.provider.kind) throw new HttpError(409, CHECKOUT_MESSAGES.resumeClosed);
    const state = await this.provider.sessionState(session.id);
    if (state.state === 'paid') {
      await this.confirmPaid(session, state);
      throw new HttpError(409, CHECKOUT_MESSAGES.alreadyPaid);
    }
    if (state.state === 'closed' || !state.url) {
      await this.deps.orders.cancelUnpaid(session.id, 'expired');
      throw new HttpError(409, CHECKOUT_MESSAGES.resumeClosed);
    }
    return { success: true, session_url: state.url, orderId: order.id, sessionId: session.id, amount: toDollars(order.amountCents) };
  }

  /**
   * Unpaid orders do not pile up: every open session past its expiry is asked of its provider
   * (a late payment is confirmed, anything else cancelled); then SQL cancels what is left
   * (sessions of a provider no longer configured, orders whose session never opened).
   */
  async sweep(): Promise<number> {
    const now = new Date(this.now());
    let settled = 0;
    for (const s of await this.deps.orders.staleOpenSessions(now, { stripeGraceMs: 0 })) {
      if (s.provider !== this.provider.kind) continue;
      try {
        const state = await this.provider.sessionState(s.id);
        if (state.state === 'paid') await this.confirmPaid(s, state);
        else await this.settleUnpaid(s, 'expired');
        settled += 1;
      } catch (err) {
        this.deps.log.warn({ err, sessionId: s.id }, 'could not settle an expired payment session; will retry');
      }
    }
    return settled + (await this.deps.orders.expireStale(now));
  }
}
