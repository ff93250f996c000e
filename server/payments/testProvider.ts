import { createHash, randomBytes } from 'node:crypto';
import type { OrdersRepository } from '../repositories/orders';
import { PAYMENT_SESSION_TTL_MS } from '../repositories/orders';
import type { CreateSessionInput, CreatedSession, PaymentProvider, RefundInput, RefundResult, RemoteSessionState } from './provider';

/** Test cards of the built-in checkout (the same numbers Stripe's test mode uses). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** Session ids are the only secret of a hosted page url: 24 random bytes. */
export const newTestSessionId = () => `cs_ll_${randomBytes(24).toString('base64url')}`;
export const TEST_SESSION_ID_RE = /^cs_ll_[\w-]{32}$/;

/**
 * The built-in test checkout (no STRIPE_SECRET_KEY): the session lives in our payment_sessions
 * table and is paid on our own hosted page, /pay/<id> (routes/pay.ts). Paying there is the
 * equivalent of Stripe's webhook: it marks the session paid on the server before redirecting.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly kind = 'test' as const;
  readonly paymentMethod = 'Card' as const;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly baseUrl: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  payPageUrl(id: string): string {
    return `${this.baseUrl()}/pay/${encodeURIComponent(id)}`;
  }

  async createSession(_input: CreateSessionInput): Promise<CreatedSession> {
    const id = newTestSessionId();
    return { id, url: this.payPageUrl(id), expiresAt: new Date(this.now() + PAYMENT_SESSION_TTL_MS) };
  }

  async sessionState(id: string): Promise<RemoteSessionState> {
    const s = await this.orders.findSession(id);
    if (!s) return { state: 'closed' };
    if (s.status === 'paid') return { state: 'paid', amountCents: s.amountCents, orderId: s.orderId };
    if (s.status === 'open' && s.expiresAt.getTime() > this.now()) return { state: 'open', url: this.payPageUrl(id) };
    return { state: 'closed' };
  }

  async expireSession(id: string): Promise<void> {
    await this.orders.closeSession(id, 'cancelled');
  }

  /**
   * No money moved on the built-in checkout, so there is none to send back: the refund is
   * accepted for a session that was paid, for at most its amount, under an id derived from the
   * idempotency key (a repeat answers the same refund). The caller records it with the order.
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const s = await this.orders.findSession(input.sessionId);
    // The messages name the order, never the session: a session id opens its payment page, and
    // these reach the log and the staff member's screen.
    if (!s || s.orderId !== input.orderId) throw new Error(`Order ${input.orderId} has no such payment session`);
    if (s.status !== 'paid') throw new Error(`The payment of order ${input.orderId} was not made (${s.status}): nothing to refund`);
    if (input.amountCents <= 0 || input.amountCents > s.amountCents) throw new Error(`The payment of order ${input.orderId} took ${s.amountCents} cents: ${input.amountCents} cannot be refunded`);
    return { id: `re_ll_${createHash('sha256').update(input.idempotencyKey).digest('base64url').slice(0, 32)}`, amountCents: input.amountCents, status: 'succeeded' };
  }
}
