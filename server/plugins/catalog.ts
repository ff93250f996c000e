import { appPlugin } from '../lib/appPlugin';
import { CatalogRepository } from '../repositories/catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /** Products and bundles with a shared-version cache (see repositories/catalog.ts). */
    catalog: CatalogRepository;
  }
}

export default appPlugin('catalog', async (app) => {
  app.decorate('catalog', new CatalogRepository(app.db));
});
