import type { FastifyPluginAsync } from 'fastify';
import type { ConversationResponse, UnreadResponse } from '../../src/domain/types';
import { currentUser } from '../plugins/users';
import { conversationToWire, messageToWire } from '../repositories/conversations';

/**
 * The caller's general support thread (SPEC §7). Every call is scoped to the session's
 * user: no id from the client selects whose thread is read. The thread is created on first use.
 */
const conversationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/conversations/general', { preHandler: app.requireUser }, async (request): Promise<ConversationResponse> => {
    const user = currentUser(request);
    const conversation = await app.conversations.getOrCreateForUser(user.id);
    const messages = await app.conversations.messages(conversation.id);
    return { success: true, conversation: conversationToWire(conversation, user), messages: messages.map(messageToWire) };
  });

  app.get('/api/conversations/general/unread', { preHandler: app.requireUser }, async (request): Promise<UnreadResponse> => {
    const conversation = await app.conversations.getOrCreateForUser(currentUser(request).id);
    return { success: true, unread: await app.conversations.unreadForShopper(conversation.id), conversationId: conversation.id };
  });

  /** The shopper saw staff's messages (chat opened, or a message arrived while it was open). */
  app.post('/api/conversations/general/read', { preHandler: app.requireUser }, async (request): Promise<UnreadResponse> => {
    const conversation = await app.conversations.getOrCreateForUser(currentUser(request).id);
    await app.conversations.markRead(conversation.id, true);
    return { success: true, unread: 0, conversationId: conversation.id };
  });
};
export default conversationRoutes;
