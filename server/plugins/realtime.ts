import { appPlugin } from '../lib/appPlugin';
import { attachRealtime, type Realtime } from '../realtime/socketServer';

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io on this server's HTTP server (path /socket.io): `newMessage` and `orderUpdated`. */
    realtime: Realtime;
  }
}

/** The socket.io server (server/realtime/); with REDIS_URL its events reach every instance. */
export default appPlugin('realtime', async (app) => {
  app.decorate('realtime', await attachRealtime(app));
}, { dependencies: ['users', 'chat'] });
