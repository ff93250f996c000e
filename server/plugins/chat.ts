import { appPlugin } from '../lib/appPlugin';
import { ConversationsRepository } from '../repositories/conversations';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support conversations and their messages. */
    conversations: ConversationsRepository;
  }
}

export default appPlugin('chat', async (app) => {
  app.decorate('conversations', new ConversationsRepository(app.db));
});
