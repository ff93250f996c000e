import type { FastifyPluginAsync } from 'fastify';
import type { SettingsResponse } from '../../src/domain/types';

const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/settings', async (_req, reply): Promise<SettingsResponse> => {
    reply.header('Cache-Control', 'no-cache');
    return { success: true, settings: await app.settings.get() };
  });
};
export default settingsRoutes;
