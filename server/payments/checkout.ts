import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { CatalogLookup } from '../../src/domain/cartLines';
import { MAX_LINE_QUANTITY, parseVariant, variantKey } from '../../src/domain/cartKey';
import { orderLineKey, priceOrder, type PricedOrder } from '../../src/domain/checkout';
import { formatMoney, toCents, toDollars } from '../../src/domain/money';
import type { Address, Bundle, Discount, OrderQuote, OrderSessionResponse, Product, VerifyPaymentResponse } from '../../src/domain/types';
import type { Db } from '../db/client';
import { bundles, products } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { OrderWorkflow } from '../services/orderWorkflow';
import { StockShortError } from '../services/stock';
import { bundleContents } from '../repositories/bundleContents';
import { bundleToWire, productToWire } from '../repositories/catalogMapping';
import type { DiscountsRepository } from '../repositories/discounts';
import { orderToPlaced, PAYMENT_SESSION_TTL_MS, type NewOrder, type OrderKeyRecord, type OrderRow, type OrdersRepository, type StoredOrderItem } from '../repositories/orders';
import { variantLabel } from './email';
import { fillSessionId, type PaymentProvider } from './provider';

export const CHECKOUT_MESSAGES = {
  /** The same answer as POST /api/discounts/validate (SPEC §8 'Invalid code'): no route tells more about a code than another. */
  invalidCode: 'Invalid code',
  expiredCode: 'This code has expired',
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
  processing: 'Your payment is being processed. The order stays Payment Pending in My Orders until your bank confirms it; we will e-mail you then.',
  keyReused: 'This Idempotency-Key was already used for a different order request. Send a new key for a changed order.',
  paidMeanwhile: 'The payment for this order went through meanwhile, so it was not cancelled: it is now Order Placed.',
  processingNoCancel: 'A payment for this order is being processed, so it cannot be cancelled now. Try again once it has settled.',
} as const;

/** The e-mail kinds of the outbox: one e-mail per order and kind. */
export const CONFIRMATION_EMAIL = 'confirmation';

/** Stripe (and our hosted page) refuse charges below 50 cents. */
export const MIN_CHARGE_CENTS = 50;

export interface OrderLineInput {
  productId: string;
  /** The cart variant (SPEC §3 calls it color). */
  color: string;
  quantity: number;
}

/**
 * The request's lines that may name a product option, in stock's terms ('Red|M', 'accessory-0'):
 * bundle lines and unreadable variants are left to pricing, which refuses the latter.
 */
function productLines(items: OrderLineInput[]): Array<{ productId: string; variant: string; quantity: number }> {
  return items.flatMap((i) => {
    const v = parseVariant(i.color.trim());
    return v && v.kind !== 'bundle' ? [{ productId: i.productId, variant: variantKey(v), quantity: i.quantity }] : [];
  });
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
  /** Every status move after the order is stored (paid, cancelled) goes through the workflow. */
  workflow: OrderWorkflow;
  log: FastifyBaseLogger;
  /** Where the shop is reached from a browser (PUBLIC_URL, or the server's own origin). */
  baseUrl: () => string;
  now?: () => number;
}

interface PricedRequest {
  priced: PricedOrder;
  discount: Discount | null;
}

/**
 * The purchase flow on the server: prices an order request from the database (one totals
 * function, integer cents), stores the order, opens a payment session with the configured
 * provider, and verifies payment by asking the provider — never the client. Every move of a
 * stored order (confirmed exactly once, which is when the e-mail goes out, or cancelled) is the
 * order workflow's (server/services/orderWorkflow.ts).
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
    // A cancelled payment goes straight back to the cart, which says so at once (rendered on the
    // server from the url) and closes the session from there; only a payment needs /verify.
    const url = success ? `${this.deps.baseUrl()}/verify?success=true&session_id={CHECKOUT_SESSION_ID}` : `${this.deps.baseUrl()}/cart?payment=cancelled&session_id={CHECKOUT_SESSION_ID}`;
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
      if (!found.ok) throw found.reason === 'expired' ? new HttpError(410, CHECKOUT_MESSAGES.expiredCode) : new HttpError(404, CHECKOUT_MESSAGES.invalidCode);
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
   * With an Idempotency-Key, a repeat of the same request (a double click, a retry after a
   * timeout, or a twin arriving at the same time) answers the same order and session; the same key
   * with another request is a 409.
   */
  async placeOrder(
    user: { id: string },
    request: { address: Address; items: OrderLineInput[]; amount: number; discountCode?: string; isBuyNow: boolean },
    idempotency?: { key: string; fingerprint: string },
  ): Promise<OrderSessionResponse> {
    if (idempotency) {
      const known = await this.deps.orders.findOrderKey(user.id, idempotency.key, new Date(this.now()));
      if (known) return this.replay(user, known, idempotency);
    }
    try {
      // A shelf that is already empty says so before anything is priced, stored or locked.
      await this.deps.workflow.refuseShortStock(productLines(request.items));
    } catch (err) {
      // A concurrent twin of this request may have taken the last units: its answer is ours.
      const known = err instanceof StockShortError && idempotency ? await this.deps.orders.findOrderKey(user.id, idempotency.key, new Date(this.now())) : undefined;
      if (known && idempotency) return this.replay(user, known, idempotency);
      throw err;
    }
    const pricedRequest = await this.price(request.items, request.discountCode);
    const { priced, discount } = pricedRequest;
    const total = priced.totals.total;
    if (toCents(request.amount) !== total) throw new AmountChangedError(CheckoutService.quoteOf(pricedRequest), request.amount);
    if (total < MIN_CHARGE_CENTS) throw new HttpError(400, CHECKOUT_MESSAGES.minimum);

    const contents = await bundleContents(this.deps.db, priced.lines.filter((l) => l.kind === 'bundle').map((l) => l.itemId));
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
      ...(l.kind === 'bundle' ? { contents: contents.get(l.itemId) ?? [] } : {}),
    }));
    const newOrder: NewOrder = {
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
    };
    let order: OrderRow;
    // The order's units are held in the transaction that stores it, for as long as it can be paid.
    const hold = this.deps.workflow.holdStock(new Date(this.now() + PAYMENT_SESSION_TTL_MS));
    if (idempotency) {
      const claimed = await this.deps.orders.createWithKey(newOrder, idempotency.key, idempotency.fingerprint, new Date(this.now()), hold);
      if ('existing' in claimed) return this.replay(user, claimed.existing, idempotency);
      order = claimed.order;
    } else {
      order = await this.deps.orders.create(newOrder, undefined, undefined, hold);
    }
    try {
      const response = await this.openSession(order);
      if (idempotency) await this.deps.orders.saveOrderKeyResponse(user.id, idempotency.key, { fingerprint: idempotency.fingerprint, orderId: order.id, response });
      return response;
    } catch (err) {
      // Nothing can be paid: the order is cancelled and the key forgotten, so a retry starts afresh.
      if (idempotency) await this.deps.orders.releaseOrderKey(user.id, idempotency.key);
      throw err;
    }
  }

  /** Opens (or, for a retry, finds) the payment session of a stored 'Payment Pending' order. */
  private async openSession(order: OrderRow): Promise<OrderSessionResponse> {
    const items = order.items as unknown as StoredOrderItem[];
    let session;
    try {
      session = await this.provider.createSession({
        orderId: order.id,
        userId: order.userId,
        customerEmail: (order.address as unknown as Address).email,
        lines: items.map((i) => ({
          name: i.name,
          description: variantLabel(i) || undefined,
          image: this.publicImage(i.image),
          unitAmountCents: i.unitPriceCents,
          quantity: i.quantity,
        })),
        shippingCents: order.shippingCents,
        discountCents: order.discountCents,
        // From the stored order only: a retry must send Stripe exactly the same parameters.
        discountLabel: order.discountCode ? `Discount ${order.discountCode}` : undefined,
        amountCents: order.amountCents,
        successUrl: this.returnUrl(true),
        cancelUrl: this.returnUrl(false),
        // From the order's creation, so a retry sends Stripe the same parameters.
        expiresAt: new Date(order.createdAt.getTime() + PAYMENT_SESSION_TTL_MS),
      });
    } catch (err) {
      this.deps.log.error({ err, orderId: order.id }, 'could not open a payment session');
      // A concurrent twin may have opened the order's session meanwhile: that one stands.
      const current = await this.deps.orders.findById(order.id);
      if (current?.paymentSessionId) return this.sessionResponse(current, current.paymentSessionId);
      await this.deps.workflow.cancelWithoutSession(order.id);
      throw new HttpError(502, CHECKOUT_MESSAGES.providerDown);
    }
    const attached = await this.deps.orders.attachSession({
      id: session.id,
      orderId: order.id,
      userId: order.userId,
      provider: this.provider.kind,
      amountCents: order.amountCents,
      expiresAt: session.expiresAt,
    });
    if (attached === session.id) return { success: true, session_url: session.url, orderId: order.id, sessionId: attached, amount: toDollars(order.amountCents) };
    // A concurrent twin attached its session first: answer that one (ours was never stored).
    return this.sessionResponse(order, attached);
  }

  /** The answer for an order's existing session, with the url its provider gives now. */
  private async sessionResponse(order: OrderRow, sessionId: string): Promise<OrderSessionResponse> {
    const state = await this.provider.sessionState(sessionId);
    if (state.state !== 'open' || !state.url) throw new HttpError(409, CHECKOUT_MESSAGES.resumeClosed);
    return { success: true, session_url: state.url, orderId: order.id, sessionId, amount: toDollars(order.amountCents) };
  }

  /** The answer to a repeated Idempotency-Key: the first request's session, never a second order. */
  private async replay(user: { id: string }, known: OrderKeyRecord, idempotency: { key: string; fingerprint: string }): Promise<OrderSessionResponse> {
    if (known.fingerprint !== idempotency.fingerprint) throw new HttpError(409, CHECKOUT_MESSAGES.keyReused);
    if (known.response) return known.response as OrderSessionResponse;
    // The first request is still opening its session (or died doing so): open or find it here.
    const order = await this.deps.orders.findForUser(known.orderId, user.id);
    if (!order) throw new HttpError(404, CHECKOUT_MESSAGES.orderNotFound);
    if (order.status === 'Payment Pending') {
      const response = await this.openSession(order);
      await this.deps.orders.saveOrderKeyResponse(user.id, idempotency.key, { ...known, response });
      return response;
    }
    if (order.paidAt) throw new HttpError(409, CHECKOUT_MESSAGES.alreadyPaid);
    throw new HttpError(502, CHECKOUT_MESSAGES.providerDown);
  }

  /**
   * Only https images on a public origin can be shown by Stripe; relative ones are left out, and so
   * is anything that resolves to another host (a stored '/\\host/x.png' is not ours).
   */
  private publicImage(image: string): string | undefined {
    const base = this.deps.baseUrl();
    if (!image || !base.startsWith('https://')) return undefined;
    try {
      const url = new URL(image, `${base}/`);
      return url.origin === new URL(base).origin ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * POST /api/order/verifyStripe: the caller's session, asked of the provider. Paid → the order is
   * confirmed (once) and returned; still processing (a delayed payment method) → pending, said so;
   * anything else → the session is closed, the order cancelled.
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
      order = await this.deps.workflow.confirmPaid(session, state);
    } else if (state.state === 'processing') {
      return { success: false, message: CHECKOUT_MESSAGES.processing };
    } else {
      order = await this.deps.workflow.settleUnpaid(session, state.state === 'open' ? 'cancelled' : 'expired');
    }
    if (order?.paidAt) return { success: true, order: orderToPlaced(order) };
    if (order?.status === 'Payment Pending') return { success: false, message: CHECKOUT_MESSAGES.processing };
    return { success: false, message: CHECKOUT_MESSAGES.notPaid };
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
      await this.deps.workflow.confirmPaid(session, state);
      throw new HttpError(409, CHECKOUT_MESSAGES.alreadyPaid);
    }
    if (state.state === 'processing') throw new HttpError(409, CHECKOUT_MESSAGES.processing);
    if (state.state === 'closed' || !state.url) {
      await this.deps.workflow.cancelUnpaid(session.id, 'expired');
      throw new HttpError(409, CHECKOUT_MESSAGES.resumeClosed);
    }
    return { success: true, session_url: state.url, orderId: order.id, sessionId: session.id, amount: toDollars(order.amountCents) };
  }
}
