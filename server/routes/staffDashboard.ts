import type { FastifyPluginAsync } from 'fastify';
import type { DashboardResponse } from '../../src/domain/dashboard';

/**
 * GET /api/staff/dashboard: the day at a glance, every figure from SQL in the shop's time
 * zone (SHOP_TIMEZONE). The console reads it again when the staff socket room announces an order
 * change (paid, cancelled, refunded), so it needs no cache of its own.
 */
const staffDashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/staff/dashboard', { preHandler: app.requireStaff }, async (_request, reply): Promise<DashboardResponse> => {
    reply.header('Cache-Control', 'no-store');
    return { success: true, dashboard: await app.dashboard.figures(new Date(), app.config.shopTimeZone) };
  });
};
export default staffDashboardRoutes;
