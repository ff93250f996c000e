import Stripe from 'stripe';
import type { CreateSessionInput, CreatedSession, PaymentProvider, RefundInput, RefundResult, RemoteSessionState } from './provider';

/** Seconds added to our 30-minute window: Stripe counts from its own creation, a moment after ours. */
const STRIPE_EXPIRY_MARGIN_S = 120;

export interface StripeOptions {
  secretKey: string;
  /** Tests point the SDK at a local stub: `http://127.0.0.1:<port>`. Unset: api.stripe.com. */
  apiBase?: string;
}

/** Builds the SDK client (exported so the webhook route verifies signatures with the same library). */
export function createStripeClient(opts: StripeOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (opts.apiBase) {
    const u = new URL(opts.apiBase);
    config.host = u.hostname;
    config.port = u.port || (u.protocol === 'https:' ? 443 : 80);
    config.protocol = u.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(opts.secretKey, config);
}

/**
 * Stripe Checkout (STRIPE_SECRET_KEY set). The session is built from our prices only: one line
 * item per order line at our unit price, the delivery fee as its own line, and the discount as a
 * one-off amount-off coupon of exactly our discount cents, so Stripe's total equals ours to the
 * cent. Every create call carries an idempotency key derived from the order id, so a retried
 * request can never open a second session (or coupon) for the same order.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly paymentMethod = 'Stripe' as const;

  constructor(readonly stripe: Stripe) {}

  async createSession(input: CreateSessionInput): Promise<CreatedSession> {
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((l) => ({
      quantity: l.quantity,
      price_data: {
        currency: 'usd',
        unit_amount: l.unitAmountCents,
        product_data: {
          name: l.name,
          ...(l.description ? { description: l.description } : {}),
          ...(l.image ? { images: [l.image] } : {}),
        },
      },
    }));
    if (input.shippingCents > 0) {
      lineItems.push({ quantity: 1, price_data: { currency: 'usd', unit_amount: input.shippingCents, product_data: { name: 'Delivery' } } });
    }
    let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
    if (input.discountCents > 0) {
      const coupon = await this.stripe.coupons.create(
        {
          amount_off: input.discountCents,
          currency: 'usd',
          duration: 'once',
          max_redemptions: 1,
          name: (input.discountLabel ?? 'Discount').slice(0, 40),
          metadata: { orderId: input.orderId },
        },
        { idempotencyKey: `order-${input.orderId}-coupon` },
      );
      discounts = [{ coupon: coupon.id }];
    }
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Card only (SPEC §5): no delayed methods, whose money arrives days after the session
        // completes. (This SDK's API version names Checkout's payment_method_types this way.)
        allowed_payment_method_types: ['card'],
        line_items: lineItems,
        ...(discounts ? { discounts } : {}),
        customer_email: input.customerEmail,
        client_reference_id: input.orderId,
        metadata: { orderId: input.orderId, userId: input.userId },
        payment_intent_data: { metadata: { orderId: input.orderId } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        // Stripe refuses an expiry less than 30 minutes after it creates the session, which is a
        // moment after our order: a little margin (the units stay held until Stripe says it closed).
        expires_at: Math.ceil(input.expiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_S,
      },
      { idempotencyKey: `order-${input.orderId}-session` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
    if (session.amount_total !== null && session.amount_total !== undefined && session.amount_total !== input.amountCents) {
      // Never let the shopper pay an amount we did not compute.
      await this.expireSession(session.id);
      throw new Error(`Stripe computed ${session.amount_total} cents for order ${input.orderId}, we computed ${input.amountCents}`);
    }
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async sessionState(id: string): Promise<RemoteSessionState> {
    const s = await this.stripe.checkout.sessions.retrieve(id);
    return stateOf(s);
  }

  async expireSession(id: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(id);
    } catch (err) {
      // Already complete or expired: nothing to stop. Anything else is a real failure.
      const s = await this.stripe.checkout.sessions.retrieve(id).catch(() => null);
      if (!s || s.status === 'open') throw err;
    }
  }

  /**
   * Refunds the session's PaymentIntent, whole or in part. The idempotency key is the refund
   * request's, so a retry (a timeout, a double click, a second instance) answers the same refund
   * instead of a second one.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const session = await this.stripe.checkout.sessions.retrieve(input.sessionId);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (session.payment_status !== 'paid' || !intent) throw new Error(`Checkout Session ${input.sessionId} has no payment to refund`);
    const refund = await this.stripe.refunds.create(
      { payment_intent: intent, amount: input.amountCents, reason: 'requested_by_customer', metadata: { orderId: input.orderId } },
      { idempotencyKey: input.idempotencyKey },
    );
    if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
    return { id: refund.id, amountCents: refund.amount, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
  }
}

/**
 * A Checkout Session (retrieved, or inside a webhook event) → paid / open / processing / closed.
 * Complete but unpaid is a delayed payment on its way, not a failure: Stripe settles it later with
 * checkout.session.async_payment_succeeded or async_payment_failed.
 */
export function stateOf(s: Stripe.Checkout.Session): RemoteSessionState {
  const orderId = s.client_reference_id ?? s.metadata?.orderId ?? null;
  if (s.status === 'complete' && s.payment_status === 'paid') return { state: 'paid', amountCents: s.amount_total ?? null, orderId };
  if (s.status === 'complete' && s.payment_status === 'unpaid') return { state: 'processing' };
  if (s.status === 'open') return { state: 'open', url: s.url ?? null };
  return { state: 'closed' };
}
