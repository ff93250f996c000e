import { appPlugin } from '../lib/appPlugin';
import { publicOrigin } from '../lib/publicOrigin';
import { StockRepository } from '../repositories/stock';
import { StockService } from '../services/stock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stock per option: holds, takes, releases, restocks, staff edits, back-in-stock requests (services/stock.ts). */
    stock: StockService;
    /** The SQL of stock (repositories/stock.ts), for reads. */
    stockRepo: StockRepository;
  }
}

export default appPlugin(
  'stock',
  async (app) => {
    const repo = new StockRepository(app.db);
    app.decorate('stockRepo', repo);
    app.decorate(
      'stock',
      new StockService({
        repo,
        outbox: app.emailOutbox,
        log: app.log,
        shop: () => ({ name: app.config.shopName, url: publicOrigin(app) }),
        secret: app.config.jwtSecret,
      }),
    );
  },
  { dependencies: ['mailer'] },
);
