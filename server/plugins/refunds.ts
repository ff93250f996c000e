import { appPlugin } from '../lib/appPlugin';
import { RefundsRepository } from '../repositories/refunds';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders' refunds: reserved under a lock on the order, settled by the order workflow (repositories/refunds.ts). */
    refunds: RefundsRepository;
  }
}

export default appPlugin('refunds', async (app) => {
  app.decorate('refunds', new RefundsRepository(app.db));
});
