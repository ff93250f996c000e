import { appPlugin } from '../lib/appPlugin';
import { ListsRepository } from '../repositories/lists';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each shopper's server cart and wishlist (routes/cart.ts, routes/wishlist.ts). */
    lists: ListsRepository;
  }
}

export default appPlugin('lists', async (app) => {
  app.decorate('lists', new ListsRepository(app.db));
});
