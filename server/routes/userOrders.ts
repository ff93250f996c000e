import type { FastifyPluginAsync } from 'fastify';
import type { UserOrdersResponse } from '../../src/domain/types';
import { currentUser } from '../plugins/users';
import { orderToShopper } from '../repositories/orders';

/**
 * POST /api/order/userorders (SPEC §7): the caller's own orders, oldest first (the client shows
 * them newest first). Unpaid orders past their payment window are cancelled before answering.
 */
const userOrdersRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/order/userorders', { preHandler: app.requireUser }, async (request, reply): Promise<UserOrdersResponse> => {
    reply.header('Cache-Control', 'no-store');
    const userId = currentUser(request).id;
    // Built-in sessions past their expiry are over (this server is their provider); Stripe's are
    // left to the expiry job and the webhook, which ask Stripe.
    await app.orderWorkflow.expireStale({ userId, stripe: 'leave' });
    const rows = await app.orders.listForUser(userId);
    const refunds = await app.refunds.forOrders(rows.filter((r) => r.refundedCents > 0).map((r) => r.id));
    return { success: true, orders: rows.map((r) => orderToShopper(r, refunds.get(r.id) ?? [])) };
  });
};
export default userOrdersRoutes;
