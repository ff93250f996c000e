import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { checkAddress } from '../../src/domain/address';
import { INVALID_PAYMENT_METHOD, MAX_ORDER_LINES } from '../../src/domain/checkout';
import type { OrderQuoteResponse, OrderSessionResponse, VerifyPaymentResponse } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { hexId, lineQuantity, variantField } from '../lib/lineFields';
import { parseOr400 } from '../lib/validate';
import { AmountChangedError, CheckoutService } from '../payments/checkout';
import { stateOf, StripePaymentProvider } from '../payments/stripeProvider';
import { currentUser } from '../plugins/users';
import { StockShortError } from '../services/stock';

export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty. Please add items before placing an order.',
  invalidAddress: (detail: string) => `Invalid delivery address: ${detail}`,
  webhookOff: 'Stripe webhooks are not configured on this server',
  badSignature: 'Invalid Stripe signature',
  badKey: 'Invalid Idempotency-Key header: 1 to 200 visible ASCII characters',
} as const;

const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,200}$/;

/** The optional Idempotency-Key header of an order request; a malformed one is a 400. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_RE.test(value)) throw new HttpError(400, ORDER_MESSAGES.badKey);
  return value;
}

/** JSON with sorted keys: the same request always has the same fingerprint, however it was written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const quantity = lineQuantity(1);

/** An order line of SPEC §3. Only productId, color (the variant) and quantity are read: prices are ours. */
const line = z.object({
  productId: hexId('a product or bundle'),
  color: variantField,
  quantity,
  name: z.unknown().optional(),
  price: z.unknown().optional(),
  unitPrice: z.unknown().optional(),
  image: z.unknown().optional(),
});

const items = z.array(line, { message: ORDER_MESSAGES.emptyCart }).min(1, ORDER_MESSAGES.emptyCart).max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`);
const discountCode = z.string().max(64, 'must be at most 64 characters').nullish();

const orderBody = z.object({
  /** Checked field by field by the shared address rules (checkAddress), which bound each length first. */
  address: z.looseObject({}, { message: 'is required' }),
  items,
  /** What the client showed, in dollars: compared with ours, never charged. */
  amount: z.number({ message: 'is required (the total you were shown, in dollars)' }).finite().nonnegative(),
  description: z.string().max(500, 'must be at most 500 characters').nullish(),
  discountCode,
  isBuyNow: z.boolean().default(false),
  paymentMethod: z.string().max(40).optional(),
});

const quoteBody = z.object({ items, discountCode });

const verifyBody = z.object({
  success: z.union([z.boolean(), z.string().max(10)]).optional(),
  sessionId: z.string({ message: 'is required' }).trim().min(1, 'is required').max(300, 'is too long'),
  /** The client's pending order: informative only, never trusted. */
  orderData: z.unknown().optional(),
});

const resumeBody = z.object({
  orderId: hexId('an order'),
});

/** Card is the only method (cash on delivery is disabled, SPEC §5); 'stripe' names the same thing. */
function checkPaymentMethod(method: string | undefined): void {
  if (method === undefined) return;
  if (!['card', 'stripe'].includes(method.trim().toLowerCase())) throw new HttpError(400, INVALID_PAYMENT_METHOD);
}

/**
 * Checkout and payment calls (SPEC §7). Order reads (userorders) belong to the orders
 * feature and live in their own route file.
 */
const orderRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /** The server's figures for a cart: what the summary confirms before paying. */
  app.post('/api/order/quote', { preHandler: [app.requireUser, app.limitDiscountCodes] }, async (request): Promise<OrderQuoteResponse> => {
    const body = parseOr400(quoteBody, request.body ?? {}, 'order');
    const priced = await app.checkout.price(body.items, body.discountCode ?? undefined);
    return { success: true, quote: CheckoutService.quoteOf(priced) };
  });

  app.post(
    '/api/order/stripe',
    {
      // The discount-code budget is the one validate and quote share: an order with a code (and a
      // made-up amount) says whether the code exists as surely as validate does.
      preHandler: [app.requireUser, app.limitDiscountCodes],
      // Per account, counted after requireUser: shoppers behind one NAT do not share a budget, and new tokens buy none.
      config: { rateLimit: { max: app.config.orderRateLimitMax ?? 30, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (req) => `order:${currentUser(req).id}` } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = idempotencyKey(request);
      const body = parseOr400(orderBody, request.body ?? {}, 'order');
      checkPaymentMethod(body.paymentMethod);
      const checked = checkAddress({ ...body.address, description: body.address.description ?? body.description ?? undefined });
      if (!checked.ok) {
        throw new HttpError(400, ORDER_MESSAGES.invalidAddress(Object.entries(checked.errors).map(([field, message]) => `${field}: ${message}`).join('; ')));
      }
      try {
        const order = {
          address: checked.address,
          items: body.items.map((i) => ({ productId: i.productId, color: i.color, quantity: i.quantity })),
          amount: body.amount,
          discountCode: body.discountCode ?? undefined,
          isBuyNow: body.isBuyNow,
        };
        const fingerprint = key ? createHash('sha256').update(canonical(order)).digest('hex') : '';
        return await app.checkout.placeOrder(user, order, key ? { key, fingerprint } : undefined);
      } catch (err) {
        if (err instanceof StockShortError) {
          // Fewer free units than the cart holds: nothing was stored or charged; the cart is lowered
          // to what is left (the server's copy here, the browser's from `cart`).
          if (!body.isBuyNow) for (const a of err.adjustments) await app.lists.setLine(user.id, a.key, a.quantity);
          return reply.code(409).send({ success: false, message: err.message, cart: err.adjustments });
        }
        if (!(err instanceof AmountChangedError)) throw err;
        // The shopper confirms the new total and sends it again; nothing was stored or charged.
        return reply.code(409).send({ success: false, message: err.message, amount: err.quote.amount, quote: err.quote });
      }
    },
  );

  app.post('/api/order/verifyStripe', { preHandler: app.requireUser }, async (request): Promise<VerifyPaymentResponse> => {
    const body = parseOr400(verifyBody, request.body ?? {}, 'verification');
    return app.checkout.verify(currentUser(request), body.sessionId);
  });

  /** Pay a 'Payment Pending' order again from My Orders while its session is still open. */
  // Each resume may open a payment session at the provider: limited per account like placing an order.
  app.post('/api/order/resume-payment', { preHandler: app.requireUser, config: { rateLimit: { max: app.config.orderRateLimitMax ?? 30, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (req) => `resume:${currentUser(req).id}` } } }, async (request): Promise<OrderSessionResponse> => {
    const body = parseOr400(resumeBody, request.body ?? {}, 'request');
    return app.checkout.resume(currentUser(request), body.orderId);
  });

  // ---- Stripe webhook: the signature is checked on the raw bytes, so this scope keeps them. ----
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

    scope.post('/api/order/webhook', async (request, reply) => {
      const provider = app.paymentProvider;
      const secret = app.config.stripeWebhookSecret;
      if (!(provider instanceof StripePaymentProvider) || !secret) throw new HttpError(404, ORDER_MESSAGES.webhookOff);
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new HttpError(400, ORDER_MESSAGES.badSignature);
      let event: Stripe.Event;
      try {
        event = provider.stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw new HttpError(400, ORDER_MESSAGES.badSignature);
      }
      if (await app.webhookEvents.seen(event.id)) return reply.send({ received: true, duplicate: true });

      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed': {
          const session = event.data.object;
          const state = event.type === 'checkout.session.async_payment_failed' ? ({ state: 'closed' } as const) : stateOf(session);
          // Completed with a delayed payment still processing changes nothing yet: the order stays
          // 'Payment Pending' until async_payment_succeeded or async_payment_failed.
          await app.orderWorkflow.sessionReported(session.id, state);
          break;
        }
        default:
          request.log.debug({ type: event.type }, 'ignored Stripe event');
      }
      // Recorded after handling: a failure above makes Stripe retry, and handling is idempotent.
      await app.webhookEvents.record(event.id);
      return reply.send({ received: true });
    });
  });
};

export default orderRoutes;
