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
});
