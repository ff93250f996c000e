import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { REVIEW_LIMITS, REVIEW_MESSAGES, hasForbiddenText } from '../../src/domain/reviews';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import type { ModeratedReview, ModerationSettings } from '../repositories/reviews';

export interface StaffReviewsResponse {
  success: true;
  reviews: ModeratedReview[];
  total: number;
  page: number;
  pages: number;
}
export interface StaffReviewSettingsResponse {
  success: true;
  settings: ModerationSettings;
}

const PAGE_SIZE = 20;
const BULK_MAX = 100;
const ID_RE = /^[0-9a-f]{24}$/;
const reviewParams = z.object({ id: z.string().max(64, { abort: true }).regex(ID_RE, 'must be a review id') });
const listQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'reported']).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const plainText = (max: number, what: string) =>
  z
    .string({ message: 'is required' })
    .max(max, `${what} can be at most ${max} characters`)
    .transform((s) => s.trim())
    .refine((s) => !hasForbiddenText(s), REVIEW_MESSAGES.control);
const rejectBody = z.strictObject({ reason: plainText(REVIEW_LIMITS.reasonMax, 'The reason').pipe(z.string().min(1, 'Tell the author why the review was not published')) });
const replyBody = z.strictObject({ text: plainText(REVIEW_LIMITS.replyMax, 'The reply') });
const bulkBody = z.strictObject({
  ids: z.array(z.string().max(64, { abort: true }).regex(ID_RE, 'must be review ids')).min(1, 'Choose at least one review').max(BULK_MAX, `At most ${BULK_MAX} reviews at once`),
});
const settingsBody = z.strictObject({
  publishAtOnce: z.boolean({ message: 'must be true or false' }).optional(),
  blockList: z
    .array(plainText(60, 'A blocked word').pipe(z.string().min(1, 'A blocked word cannot be empty')))
    .max(500, 'At most 500 blocked words')
    .optional(),
});

/**
 * Review moderation for staff: the queue by state, approve and reject (with a reason the author
 * reads), bulk approve, the shop's public reply, and the publishing settings. Every decision is
 * written to the audit log in the decision's own transaction.
 */
const staffReviewRoutes: FastifyPluginAsync = async (app) => {
  const { audit } = app;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/staff/reviews', { preHandler: app.requireStaff }, async (request): Promise<StaffReviewsResponse> => {
    const { status, page } = parseOr400(listQuery, request.query ?? {}, 'review list');
    const { reviews, total } = await app.reviews.moderationQueue(status, page, PAGE_SIZE);
    return { success: true, reviews, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  });

  const decide = async (id: string, decision: { approve: true } | { approve: false; reason: string }, actor: { id: string; email: string }) =>
    app.reviews.decide(id, decision, (tx, before, after) =>
      audit.record(tx, {
        entity: 'review',
        entityId: id,
        action: decision.approve ? 'approve' : 'reject',
        actor,
        changes: { status: { from: before.status, to: after.status }, ...(decision.approve ? {} : { rejectReason: { from: before.rejectReason, to: after.rejectReason } }) },
      }),
    );

  app.post('/api/staff/reviews/:id/approve', { preHandler: app.requireStaff }, async (request) => {
    const { id } = parseOr400(reviewParams, request.params, 'review id');
    if (!(await decide(id, { approve: true }, currentUser(request)))) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    return { success: true, message: 'Review approved' };
  });

  app.post('/api/staff/reviews/:id/reject', { preHandler: app.requireStaff }, async (request) => {
    const { id } = parseOr400(reviewParams, request.params, 'review id');
    const { reason } = parseOr400(rejectBody, request.body ?? {}, 'rejection');
    if (!(await decide(id, { approve: false, reason }, currentUser(request)))) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    return { success: true, message: 'Review rejected' };
  });

  app.post('/api/staff/reviews/approve', { preHandler: app.requireStaff }, async (request) => {
    const { ids } = parseOr400(bulkBody, request.body ?? {}, 'selection');
    const actor = currentUser(request);
    const missing: string[] = [];
    for (const id of new Set(ids)) if (!(await decide(id, { approve: true }, actor))) missing.push(id);
    return { success: true, approved: ids.length - missing.length, missing };
  });

  app.post('/api/staff/reviews/:id/reply', { preHandler: app.requireStaff }, async (request) => {
    const { id } = parseOr400(reviewParams, request.params, 'review id');
    const { text } = parseOr400(replyBody, request.body ?? {}, 'reply');
    const actor = currentUser(request);
    const saved = await app.reviews.reply(id, text || null, (tx, before) =>
      audit.record(tx, { entity: 'review', entityId: id, action: 'reply', actor, changes: { shopReply: { from: before.shopReply, to: text || null } } }),
    );
    if (!saved) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    return { success: true, message: text ? 'Reply published' : 'Reply removed' };
  });

  app.get('/api/staff/reviews/settings', { preHandler: app.requireStaff }, async (): Promise<StaffReviewSettingsResponse> => {
    return { success: true, settings: await app.reviews.moderationSettings() };
  });

  app.post('/api/staff/reviews/settings', { preHandler: app.requireStaff }, async (request): Promise<StaffReviewSettingsResponse> => {
    const patch = parseOr400(settingsBody, request.body ?? {}, 'review settings');
    const before = await app.reviews.moderationSettings();
    const settings = await app.reviews.updateModerationSettings({ ...patch, blockList: patch.blockList && [...new Set(patch.blockList.map((w) => w.toLowerCase()))] });
    await audit.record(app.db, {
      entity: 'settings',
      entityId: 'reviews',
      action: 'update',
      actor: currentUser(request),
      changes: { publishAtOnce: { from: before.publishAtOnce, to: settings.publishAtOnce }, blockList: { from: before.blockList, to: settings.blockList } },
    });
    return { success: true, settings };
  });
};
export default staffReviewRoutes;
