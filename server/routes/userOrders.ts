import type { FastifyPluginAsync } from 'fastify';
import type { UserOrdersResponse } from '../../src/domain/types';
import { currentUser } from '../plugins/users';
import { orderToWire } from '../repositories/orders';

/**
 * POST /api/order/userorders (SPEC §7): the caller's own orders, oldest first (the client shows
 * them newest first). Unpaid orders past their payment window are cancelled before answering.
 */
const userOrdersRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/order/userorders', { preHandler: app.requireUser }, async (request, reply): Promise<UserOrdersResponse> => {
    reply.header('Cache-Control', 'no-store');
    const rows = await app.orders.listForUser(currentUser(request).id);
    return { success: true, orders: rows.map(orderToWire) };
  });
};
export default userOrdersRoutes;
