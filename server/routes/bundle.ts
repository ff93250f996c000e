import type { FastifyPluginAsync } from 'fastify';
import { sendCachedBody } from '../lib/cachedBody';

/** All bundles, cancelled and out-of-window ones included: the client applies isBundleActive. */
const bundleRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/bundle/list', async (request, reply) => sendCachedBody(request, reply, await app.catalog.bundleListBody()));
};
export default bundleRoutes;
