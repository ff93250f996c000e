import { appPlugin } from '../lib/appPlugin';
import { FulfilmentRepository } from '../repositories/fulfilment';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff notes and tags on orders, an order's timeline, packing slips (repositories/fulfilment.ts). */
    fulfilment: FulfilmentRepository;
  }
}

/** Fulfilment's repository; bulk status moves go through `app.orderWorkflow` like every other move. */
export default appPlugin('fulfilment', async (app) => {
  app.decorate('fulfilment', new FulfilmentRepository(app.db, app.audit));
}, { dependencies: ['staff'] });
