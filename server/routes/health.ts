import type { FastifyPluginAsync } from 'fastify';

/**
 * Liveness (process answers) and readiness (database reachable, migrations applied). Redis is
 * reported but never makes an instance unready: without it the store still sells (rate limits
 * count per process), and a 503 would take a healthy instance out of the load balancer.
 */
const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Shutting down: still serving what arrives, but a load balancer should send nothing new.
    if (app.lifecycle.draining) return reply.code(503).send({ success: false, message: 'draining' });
    const r = await app.database.ping();
    if (!r.ok) return reply.code(503).send({ success: false, message: r.message ?? 'not ready' });
    return { status: 'ready', database: app.database.kind, ...(app.redis ? { redis: app.redis.degraded ? 'degraded' : 'ok' } : {}) };
  });
};
export default health;
