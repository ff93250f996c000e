import { appPlugin } from '../lib/appPlugin';
import { CheckoutService } from '../payments/checkout';
import type { PaymentProvider } from '../payments/provider';
import { createStripeClient, StripePaymentProvider } from '../payments/stripeProvider';
import { TestPaymentProvider } from '../payments/testProvider';
import { DiscountsRepository } from '../repositories/discounts';
import { OrdersRepository } from '../repositories/orders';
import { publicOrigin } from '../lib/publicOrigin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders and payment sessions; status moves only along the ARCHITECTURE.md arrows. */
    orders: OrdersRepository;
    discounts: DiscountsRepository;
    /** Pricing, payment sessions, verification and confirmation (payments/checkout.ts). */
    checkout: CheckoutService;
  }
}

const DEFAULT_SWEEP_MS = 10 * 60 * 1000;

/**
 * Orders, discounts and the payment provider: Stripe when PAYMENTS is 'stripe' (config.ts decides),
 * otherwise the built-in test checkout at /pay/<session>. Unpaid orders past their 24-hour payment window
 * are cancelled at start, every few minutes, and when a shopper's orders are read.
 */
export default appPlugin('orders', async (app) => {
  const orders = new OrdersRepository(app.db);
  const discounts = new DiscountsRepository(app.db);
  const baseUrl = () => publicOrigin(app);
  let provider: PaymentProvider;
  if (app.config.payments === 'stripe' && app.config.stripeSecretKey) {
    provider = new StripePaymentProvider(createStripeClient({ secretKey: app.config.stripeSecretKey, apiBase: app.config.stripeApiBase }));
    if (!app.config.stripeWebhookSecret) {
      app.log.warn('STRIPE_WEBHOOK_SECRET is not set: orders are confirmed when the shopper returns to /verify or by the periodic check (no webhook)');
    }
  } else {
    provider = new TestPaymentProvider(orders, baseUrl);
    if (app.config.env === 'production') app.log.warn('PAYMENTS=test: payments use the built-in test card page (/pay); nothing is charged');
  }
  const checkout = new CheckoutService({
    db: app.db,
    orders,
    discounts,
    provider,
    outbox: app.emailOutbox,
    log: app.log,
    shopName: app.config.shopName,
    baseUrl,
  });
  app.decorate('orders', orders);
  app.decorate('discounts', discounts);
  app.decorate('checkout', checkout);

  let running: Promise<unknown> | null = null;
  const sweep = () => {
    running ??= checkout
      .sweep()
      .then(
        (n) => n > 0 && app.log.info({ settled: n }, 'settled expired payment sessions'),
        (err: unknown) => app.log.warn({ err }, 'payment sweep failed'),
      )
      .finally(() => (running = null));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, app.config.paymentSweepIntervalMs ?? DEFAULT_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}, { dependencies: ['mailer'] });
