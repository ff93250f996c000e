import { appPlugin } from '../lib/appPlugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The instance's place in its life: `draining` once SIGTERM came and it is waiting for the load
     * balancer to take it out of rotation (server/main.ts). /readyz answers 503 meanwhile.
     */
    lifecycle: { draining: boolean };
  }
}

export default appPlugin('lifecycle', async (app) => {
  app.decorate('lifecycle', { draining: false });
  // Draining: every answer closes its connection, so the balancer keeps no idle connection to this
  // instance that the close could cut under a request it then cannot retry (a POST).
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
});
