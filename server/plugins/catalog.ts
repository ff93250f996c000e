import { appPlugin } from '../lib/appPlugin';
import { CATALOG_CHANNEL, CatalogRepository } from '../repositories/catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /** Products and bundles with a shared-version cache (see repositories/catalog.ts). */
    catalog: CatalogRepository;
  }
}

export default appPlugin('catalog', async (app) => {
  const catalog = new CatalogRepository(app.database.reads, { checkIntervalMs: app.config.catalogCheckIntervalMs });
  app.decorate('catalog', catalog);
  // A change committed by any instance reaches this one's snapshot at once; the version check
  // every `checkIntervalMs` stays as the fallback while the listening connection is down.
  const stop = await app.database.listen(CATALOG_CHANNEL, () => catalog.invalidateLocal());
  app.addHook('onClose', stop);
});
