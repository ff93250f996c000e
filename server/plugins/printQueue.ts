import { appPlugin } from '../lib/appPlugin';
import { PrintQueueRepository } from '../repositories/printQueue';
import { PrintQueueService } from '../services/printQueue';
import { ShipByService } from '../services/shipBy';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ship-by dates for pages, carts, checkout and paid orders (services/shipBy.ts). */
    shipBy: ShipByService;
    /** The staff's print queue, printers and calendar (services/printQueue.ts). */
    printQueue: PrintQueueService;
  }
}

export default appPlugin(
  'printQueue',
  async (app) => {
    const repo = new PrintQueueRepository(app.db, app.database.reads);
    app.decorate('shipBy', new ShipByService(repo, app.config.shopTimeZone));
    app.decorate(
      'printQueue',
      new PrintQueueService({
        db: app.db,
        repo,
        timeZone: app.config.shopTimeZone,
        log: app.log,
        // The order workflow is registered after this plugin (it dates orders when they are paid).
        startProcessing: (orderId, actor) => app.orderWorkflow.printingStarted(orderId, actor),
      }),
    );
  },
  { dependencies: ['orders'] },
);
