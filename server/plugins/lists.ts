import { appPlugin } from '../lib/appPlugin';
import { ListsRepository } from '../repositories/lists';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each shopper's server cart and wishlist (routes/cart.ts, routes/wishlist.ts). */
    lists: ListsRepository;
  }
}

/** How often expired idempotency rows of cart and wishlist calls are deleted (they live 24 hours). */
export const IDEMPOTENCY_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

export default appPlugin('lists', async (app) => {
  const lists = new ListsRepository(app.db);
  app.decorate('lists', lists);

  let running: Promise<unknown> | null = null;
  const expire = () => {
    running ??= lists
      .expireIdempotencyKeys()
      .then(
        (n) => n > 0 && app.log.info({ expired: n }, 'expired old idempotency keys'),
        (err: unknown) => app.log.warn({ err }, 'idempotency key expiry failed'),
      )
      .finally(() => (running = null));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    expire();
    timer = setInterval(expire, IDEMPOTENCY_EXPIRY_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
});
