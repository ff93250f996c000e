import { appPlugin } from '../lib/appPlugin';
import type { PaymentProvider } from '../payments/provider';
import { createStripeClient, StripePaymentProvider } from '../payments/stripeProvider';
import { TestPaymentProvider } from '../payments/testProvider';
import { DiscountsRepository } from '../repositories/discounts';
import { OrdersRepository } from '../repositories/orders';
import { WebhookEventsRepository } from '../repositories/webhookEvents';
import { publicOrigin } from '../lib/publicOrigin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders and payment sessions; status moves only along the ARCHITECTURE.md arrows. */
    orders: OrdersRepository;
    discounts: DiscountsRepository;
    /** Stripe webhook events already handled (a redelivery is not handled twice). */
    webhookEvents: WebhookEventsRepository;
    /** The configured payment provider: Stripe, or the built-in test checkout at /pay/<session>. */
    paymentProvider: PaymentProvider;
  }
}

/**
 * Orders, discounts and the payment provider: Stripe when PAYMENTS is 'stripe' (config.ts decides),
 * otherwise the built-in test checkout at /pay/<session>.
 */
export default appPlugin('orders', async (app) => {
  const orders = new OrdersRepository(app.db);
  let provider: PaymentProvider;
  if (app.config.payments === 'stripe' && app.config.stripeSecretKey) {
    provider = new StripePaymentProvider(createStripeClient({ secretKey: app.config.stripeSecretKey, apiBase: app.config.stripeApiBase }));
    if (!app.config.stripeWebhookSecret) {
      app.log.warn('STRIPE_WEBHOOK_SECRET is not set: orders are confirmed when the shopper returns to /verify or by the periodic check (no webhook)');
    }
  } else {
    provider = new TestPaymentProvider(orders, () => publicOrigin(app));
    if (app.config.env === 'production') app.log.warn('PAYMENTS=test: payments use the built-in test card page (/pay); nothing is charged');
  }
  app.decorate('orders', orders);
  app.decorate('discounts', new DiscountsRepository(app.db));
  app.decorate('webhookEvents', new WebhookEventsRepository(app.db));
  app.decorate('paymentProvider', provider);
});
