import { appPlugin } from '../lib/appPlugin';
import { SettingsRepository } from '../repositories/settings';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsRepository;
  }
}

export default appPlugin('settings', async (app) => {
  app.decorate('settings', new SettingsRepository(app.db, app.config, app.database.reads));
});
