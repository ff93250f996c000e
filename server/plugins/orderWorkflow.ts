import { appPlugin } from '../lib/appPlugin';
import { publicOrigin } from '../lib/publicOrigin';
import { orderToShopper, orderToWire } from '../repositories/orders';
import { OrderWorkflow } from '../services/orderWorkflow';
import { reviewInvitation } from '../services/reviewInvitation';
import { runPeriodically } from '../lib/periodicJob';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every status move of a placed order, with its refund, e-mail, audit and announcement (services/orderWorkflow.ts). */
    orderWorkflow: OrderWorkflow;
  }
}

/**
 * Every minute: an unpaid order's units are held for its 30-minute payment window, so a sweep every
 * ten minutes kept them up to a third longer from shoppers who could buy them. A sweep that finds
 * nothing is one indexed query. (Stripe's checkout.session.expired webhook frees them sooner still.)
 */
const DEFAULT_SWEEP_MS = 60 * 1000;

/**
 * The order workflow, and its expiry job: unpaid orders past their 30-minute payment window are
 * settled at start and every minute (and a shopper's when their orders are read).
 */
export default appPlugin(
  'orderWorkflow',
  async (app) => {
    const shop = () => ({ name: app.config.shopName, url: publicOrigin(app) });
    const workflow = new OrderWorkflow({
      orders: app.orders,
      staffOrders: app.staffOrders,
      audit: app.audit,
      provider: app.paymentProvider,
      outbox: app.emailOutbox,
      stock: app.stock,
      // "Put the items back in stock" on a refund: its units go back on the shelf, in its transaction.
      onRefunded: async (tx, refund) => {
        if (refund.restock && refund.lines.length > 0) await app.stock.restock(tx, refund.orderId, refund.lines.map((l) => ({ lineIndex: l.index, quantity: l.quantity })));
      },
      log: app.log,
      shop,
      refunds: app.refunds,
      announce: (row, refunds) => app.realtime.orderChanged(row.userId, refunds ? orderToShopper(row, refunds) : orderToWire(row)),
      inviteReview: reviewInvitation({ reviews: app.reviews, invites: app.reviewInvites, outbox: app.emailOutbox, shop }),
      datePaidOrder: (tx, order) => app.shipBy.orderPaid(tx, order),
    });
    app.decorate('orderWorkflow', workflow);

    runPeriodically(
      app,
      app.config.paymentSweepIntervalMs ?? DEFAULT_SWEEP_MS,
      async () => {
        const n = await workflow.sweep();
        if (n > 0) app.log.info({ settled: n }, 'settled expired payment sessions');
      },
      { failure: 'payment sweep failed' },
    );
  },
  { dependencies: ['orders', 'mailer', 'staff', 'realtime', 'refunds', 'reviews', 'stock', 'printQueue'] },
);
