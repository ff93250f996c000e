/**
 * The payment provider seam. Two implementations: Stripe Checkout when PAYMENTS is
 * 'stripe' (stripeProvider.ts), else the built-in test checkout served by this server at
 * /pay/<sessionId> (testProvider.ts). Amounts are integer cents, always computed by
 * our server; a provider never decides a price.
 */
export interface CheckoutLine {
  name: string;
  /** A short description (variant) shown under the name. */
  description?: string;
  /** Absolute image url when one can be shown by the provider. */
  image?: string;
  unitAmountCents: number;
  quantity: number;
}

export interface CreateSessionInput {
  orderId: string;
  userId: string;
  customerEmail: string;
  /** Product lines at our prices. */
  lines: CheckoutLine[];
  shippingCents: number;
  discountCents: number;
  discountLabel?: string;
  /** What the session must charge in total (lines + shipping − discount). */
  amountCents: number;
  /** Our success and cancel urls; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** When the session stops taking payment (the order's units are held until then). */
  expiresAt: Date;
}

export interface CreatedSession {
  id: string;
  url: string;
  expiresAt: Date;
}

/**
 * What the provider says about a session: paid, still payable, completed with the payment still
 * processing (a delayed method: the order stays 'Payment Pending' until the provider settles it),
 * or over without payment.
 */
export type RemoteSessionState =
  | { state: 'paid'; amountCents: number | null; orderId: string | null }
  | { state: 'open'; url: string | null }
  | { state: 'processing' }
  | { state: 'closed' };

export interface RefundInput {
  orderId: string;
  /** The paid session whose payment is given back. */
  sessionId: string;
  /** What to give back: the whole amount the session took, or part of it. */
  amountCents: number;
  /** One refund per key, however often it is asked (a retried staff request). */
  idempotencyKey: string;
}

/** A refund as the provider answered it ('pending' until the card network confirms, at Stripe). */
export interface RefundResult {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'pending';
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'test';
  /** Recorded on every order: 'Card' for the built-in checkout, 'Stripe' for Stripe. */
  readonly paymentMethod: 'Card' | 'Stripe';
  createSession(input: CreateSessionInput): Promise<CreatedSession>;
  /** Asks the provider (never the client) whether a session is paid. */
  sessionState(id: string): Promise<RemoteSessionState>;
  /** Makes an open session unpayable (cancel / decline to the end). Never throws for a closed one. */
  expireSession(id: string): Promise<void>;
  /**
   * Gives a paid session's money back, whole or in part. Safe to repeat with the same idempotency
   * key (the same refund is answered, never a second one); throws when the provider refuses
   * (nothing was refunded then).
   */
  refund(input: RefundInput): Promise<RefundResult>;
}

/** `{CHECKOUT_SESSION_ID}` in a return url → the session id (what Stripe does on redirect). */
export function fillSessionId(url: string, id: string): string {
  return url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(id));
}
