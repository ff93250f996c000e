import { appPlugin } from '../lib/appPlugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The instance's place in its life: `draining` once SIGTERM came and it is waiting for the load
     * balancer to take it out of rotation (server/main.ts). /readyz answers 503 meanwhile.
     * `lastRequestAt` is when the last request other than a health check arrived (ms since epoch).
     */
    lifecycle: { draining: boolean; lastRequestAt: number };
  }
}

/** Health checks keep coming while an instance is out of rotation: they are not traffic. */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** How long without a request (health checks aside) tells that the balancer has stopped sending. */
export const DRAIN_QUIET_MS = 500;

/**
 * The drain after SIGTERM: at least `minMs` (the balancer's health checks see /readyz fail), then
 * until no request came for DRAIN_QUIET_MS — a balancer slow to notice (a loaded machine) still
 * sends, and closing then would cut what it sends next — but never beyond `maxMs`.
 */
export async function drainUntilQuiet(lifecycle: { lastRequestAt: number }, minMs: number, maxMs: number): Promise<void> {
  const started = Date.now();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await sleep(minMs);
  while (Date.now() - lifecycle.lastRequestAt < DRAIN_QUIET_MS && Date.now() - started < maxMs) await sleep(100);
}

export default appPlugin('lifecycle', async (app) => {
  app.decorate('lifecycle', { draining: false, lastRequestAt: 0 });
  app.addHook('onRequest', async (request) => {
    if (app.lifecycle.draining && !HEALTH_PATHS.has(request.url)) app.lifecycle.lastRequestAt = Date.now();
  });
  // Draining: every answer closes its connection, so the balancer keeps no idle connection to this
  // instance that the close could cut under a request it then cannot retry (a POST).
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
});
