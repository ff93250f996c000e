import type { FastifyPluginAsync } from 'fastify';

/** Liveness (process answers) and readiness (database reachable, migrations applied). */
const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const r = await app.database.ping();
    if (!r.ok) return reply.code(503).send({ success: false, message: r.message ?? 'not ready' });
    return { status: 'ready', database: app.database.kind };
  });
};
export default health;
