import { appPlugin } from '../lib/appPlugin';
import { publicOrigin } from '../lib/publicOrigin';
import { StockRepository } from '../repositories/stock';
import { StockService } from '../services/stock';
import { runPeriodically } from '../lib/periodicJob';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stock per option: holds, takes, releases, restocks, staff edits, back-in-stock requests (services/stock.ts). */
    stock: StockService;
    /** The SQL of stock (repositories/stock.ts), for reads. */
    stockRepo: StockRepository;
  }
}

/** How often waiting shoppers are checked against what can be bought now (one indexed query when none can). */
const BACK_IN_STOCK_JOB_MS = 60 * 1000;

export default appPlugin(
  'stock',
  async (app) => {
    const repo = new StockRepository(app.db);
    app.decorate('stockRepo', repo);
    const service = new StockService({
      db: app.db,
      repo,
      outbox: app.emailOutbox,
      log: app.log,
      shop: () => ({ name: app.config.shopName, url: publicOrigin(app) }),
      secret: app.config.jwtSecret,
    });
    app.decorate('stock', service);

    // Back-in-stock e-mails for stock raised outside this server's own calls (an import, SQL, a lapsed hold).
    runPeriodically(app, BACK_IN_STOCK_JOB_MS, () => service.notifyBuyable(), { failure: 'back-in-stock job failed; will retry' });
  },
  { dependencies: ['mailer'] },
);
