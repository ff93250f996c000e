import { appPlugin } from '../lib/appPlugin';
import { publicOrigin } from '../lib/publicOrigin';
import { CheckoutService } from '../payments/checkout';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pricing, placing orders, payment sessions and verification (payments/checkout.ts). */
    checkout: CheckoutService;
  }
}

export default appPlugin(
  'checkout',
  async (app) => {
    app.decorate(
      'checkout',
      new CheckoutService({
        db: app.db,
        orders: app.orders,
        discounts: app.discounts,
        provider: app.paymentProvider,
        workflow: app.orderWorkflow,
        log: app.log,
        baseUrl: () => publicOrigin(app),
      }),
    );
  },
  { dependencies: ['orders', 'orderWorkflow'] },
);
