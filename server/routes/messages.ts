import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SendMessageResponse } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { CONTROL_MESSAGES, hasControlChars } from '../lib/inputGuards';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { MESSAGE_MAX_LENGTH, MESSAGE_MIN_LENGTH, messageToWire } from '../repositories/conversations';
import { REALTIME_MESSAGES } from '../realtime/socketServer';
import { clientAddress } from '../lib/clientAddress';

export const MESSAGE_ERRORS = {
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  tooFast: (seconds: number) => `You are sending messages too quickly. Please wait ${seconds === 1 ? '1 second' : `${seconds} seconds`} and try again.`,
} as const;

const messageBody = z.object({
  conversationId: z
    .string({ message: 'is required' })
    .max(64, 'must be a conversation id (24 hexadecimal characters)')
    .trim()
    .toLowerCase()
    .pipe(z.string().regex(/^[0-9a-f]{24}$/, 'must be a conversation id (24 hexadecimal characters)')),
  body: z
    .string({ message: 'is required' })
    .trim()
    .pipe(z.string().min(MESSAGE_MIN_LENGTH, MESSAGE_ERRORS.empty).max(MESSAGE_MAX_LENGTH, { message: MESSAGE_ERRORS.tooLong, abort: true }))
    .refine((body) => !hasControlChars(body, true), CONTROL_MESSAGES.message),
});

/**
 * POST /api/messages (SPEC §7): a message in the caller's own conversation — or, for staff, in
 * any conversation (as the shop). Saved trimmed, then sent to the conversation's room. Shoppers
 * are limited to `config.messageRateLimit` messages per window (counted in Redis with REDIS_URL).
 */
const messageRoutes: FastifyPluginAsync = async (app) => {
  const { max, windowMs } = app.config.messageRateLimit;
  const limit = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req: FastifyRequest) => `chat:${req.user?.id ?? clientAddress(req)}` });

  app.post('/api/messages', { preHandler: app.requireUser }, async (request, reply): Promise<SendMessageResponse> => {
    reply.header('Cache-Control', 'no-store');
    const user = currentUser(request);
    const input = parseOr400(messageBody, request.body ?? {}, 'message');
    const isStaff = user.role === 'staff';
    const conversation = isStaff ? await app.conversations.findById(input.conversationId) : await app.conversations.findOwned(input.conversationId, user.id);
    if (!conversation) throw new HttpError(404, REALTIME_MESSAGES.conversationNotFound);
    if (!isStaff) {
      const r = await limit(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('Retry-After', String(r.ttlInSeconds));
        throw new HttpError(429, MESSAGE_ERRORS.tooFast(Math.max(1, r.ttlInSeconds)));
      }
    }
    // A staff message also marks the shopper's messages read (staff answering read the thread), in the same statement.
    const row = await app.conversations.addMessage({ conversationId: conversation.id, senderId: user.id, body: input.body, isAdmin: isStaff });
    const message = messageToWire(row);
    app.realtime.messageSaved(message);
    return { success: true, message };
  });
};
export default messageRoutes;
