import { appPlugin } from '../lib/appPlugin';
import { ListsRepository } from '../repositories/lists';
import { runPeriodically } from '../lib/periodicJob';

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

  runPeriodically(
    app,
    IDEMPOTENCY_EXPIRY_INTERVAL_MS,
    async () => {
      const n = await lists.expireIdempotencyKeys();
      if (n > 0) app.log.info({ expired: n }, 'expired old idempotency keys');
    },
    { failure: 'idempotency key expiry failed' },
  );
});
