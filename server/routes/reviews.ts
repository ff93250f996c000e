import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_SORTS,
  hasForbiddenText,
  heldReason,
  reviewDraftProblems,
  type OwnReview,
  type ReviewEligibility,
  type ReviewPage,
} from '../../src/domain/reviews';
import type { AuthUser } from '../lib/auth';
import { cacheBody, sendCachedBody, type CachedBody } from '../lib/cachedBody';
import { clientAddress } from '../lib/clientAddress';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import { VersionedLru } from '../lib/versionedLru';
import { currentUser } from '../plugins/users';
import { PRODUCT_ID_RE } from '../repositories/catalogMapping';

/** Per account per hour; an address may do three times as much (several shoppers behind one NAT). */
export const REVIEW_RATE_LIMITS = {
  reviews: 5,
  votes: 60,
  reports: 10,
  perAddressFactor: 3,
  windowMs: 60 * 60 * 1000,
} as const;

/** Review pages an instance keeps (a guest's answer, in every encoding): ~15 KB each. */
const KEPT_PAGES = 500;

export interface ReviewSavedResponse {
  success: true;
  message: string;
  review: OwnReview;
}
export interface HelpfulResponse {
  success: true;
  helpful: number;
  votedHelpful: boolean;
}

const ID_RE = /^[0-9a-f]{24}$/;
const productId = z
  .string({ message: 'is required' })
  .max(64)
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().regex(PRODUCT_ID_RE, 'must be a product id (24 hexadecimal characters)'));
const reviewParams = z.object({ id: z.string().max(64, { abort: true }).regex(ID_RE, 'must be a review id') });
/** A picture stored by the upload pipeline, at one of its widths. */
const PHOTO_URL_RE = /^\/uploads\/[0-9a-f]{24}-\d{1,5}\.webp$/;

const pageQuery = z.object({
  sort: z.enum(REVIEW_SORTS).default('recent'),
  stars: z.coerce.number().int().min(1).max(5).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
// Lengths are bounded here, before any rule looks at the text.
const draftBody = z.strictObject({
  productId,
  rating: z.number({ message: 'must be a number of stars' }),
  title: z.string({ message: 'is required' }).max(REVIEW_LIMITS.titleMax * 4),
  body: z.string({ message: 'is required' }).max(REVIEW_LIMITS.bodyMax * 2),
  photos: z
    .array(z.string().max(64, { abort: true }).regex(PHOTO_URL_RE, 'must be an uploaded picture'))
    .max(REVIEW_LIMITS.photosMax, REVIEW_MESSAGES.tooManyPhotos)
    .default([]),
});
const helpfulBody = z.strictObject({ helpful: z.boolean({ message: 'must be true or false' }) });
const reportBody = z.strictObject({
  reason: z
    .string({ message: 'is required' })
    .max(REVIEW_LIMITS.reasonMax, `must be at most ${REVIEW_LIMITS.reasonMax} characters`)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'Say briefly what is wrong with this review.').refine((s) => !hasForbiddenText(s), REVIEW_MESSAGES.control)),
});
const inviteQuery = z.object({ token: z.string({ message: 'is required' }).min(1, 'is required').max(2048) });

/**
 * Reviews from verified buyers: the product page's list (public), and the author's own review,
 * helpful votes and reports (logged in). Texts are plain text, checked by the shared draft rules;
 * a review goes live when the shop approves it, or at once when the shop publishes at once and
 * nothing in it needs a person's eye.
 */
const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { windowMs, perAddressFactor } = REVIEW_RATE_LIMITS;
  const limiter = (kind: 'reviews' | 'votes' | 'reports') => {
    const max = REVIEW_RATE_LIMITS[kind];
    const byAccount = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req) => `review-${kind}:user:${req.user?.id ?? ''}` });
    const byAddress = app.createRateLimit({ max: max * perAddressFactor, timeWindow: windowMs, keyGenerator: (req) => `review-${kind}:ip:${clientAddress(req)}` });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      for (const check of [byAccount, byAddress]) {
        const r = await check(request);
        if (!r.isAllowed && r.isExceeded) {
          const minutes = Math.max(1, Math.ceil(r.ttlInSeconds / 60));
          reply.header('Retry-After', String(Math.max(1, r.ttlInSeconds)));
          throw new HttpError(429, `Too many ${kind === 'reviews' ? 'reviews' : kind === 'votes' ? 'votes' : 'reports'} for now. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
        }
      }
    };
  };
  const limitReviews = limiter('reviews');
  const limitVotes = limiter('votes');
  const limitReports = limiter('reports');

  /** The viewer behind an optional token: a guest when there is none or it is not valid. */
  const viewer = async (request: FastifyRequest): Promise<AuthUser | null> => {
    const token = request.headers.token;
    if (typeof token !== 'string' || token.length === 0) return null;
    return app.authenticate(token).catch(() => null);
  };

  // Every answer but a guest's page of reviews (which says no-cache and carries an ETag) is never stored.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  /**
   * A product's page of reviews as a guest reads it, made once per version of the product's review
   * pages: a request costs one indexed read (star totals and version) while nothing it shows has
   * changed. The version is read before the page, so a page is never kept under a version newer
   * than its data.
   */
  const pages = new VersionedLru<{ page: ReviewPage; body: CachedBody }>(KEPT_PAGES);
  const guestPage = async (productId: string, query: z.infer<typeof pageQuery>) => {
    const { summary, version } = await app.reviews.pagesState(productId);
    const key = `${productId}|${query.sort}|${query.stars ?? ''}|${query.page}`;
    const kept = pages.get(key, version);
    if (kept) return kept;
    const reviews = await app.reviews.page(productId, { sort: query.sort, stars: query.stars ?? null, page: query.page });
    const total = query.stars ? summary.distribution[query.stars - 1] : summary.count;
    const page: ReviewPage = { success: true, summary, reviews, page: query.page, pages: Math.max(1, Math.ceil(total / REVIEW_LIMITS.pageSize)), total };
    const made = { page, body: cacheBody(page) };
    pages.set(key, version, made);
    return made;
  };

  app.get('/api/reviews/product/:productId', async (request, reply) => {
    const params = parseOr400(z.object({ productId }), request.params, 'product id');
    const query = parseOr400(pageQuery, request.query ?? {}, 'review list');
    if (!(await app.catalog.getProduct(params.productId))) throw new HttpError(404, 'Product not found');
    const me = await viewer(request);
    const { page, body } = await guestPage(params.productId, query);
    if (!me) return sendCachedBody(request, reply, body);
    // A logged-in shopper's answer also says which reviews they voted helpful: theirs alone, never stored.
    const voted = await app.reviews.votedHelpful(me.id, page.reviews.map((r) => r._id));
    return { ...page, reviews: page.reviews.map((r) => (voted.has(r._id) ? { ...r, votedHelpful: true } : r)) } satisfies ReviewPage;
  });

  app.get('/api/reviews/mine/:productId', { preHandler: app.requireUser }, async (request): Promise<ReviewEligibility> => {
    const params = parseOr400(z.object({ productId }), request.params, 'product id');
    const me = currentUser(request);
    const [purchase, review] = await Promise.all([app.reviews.deliveredPurchase(me.id, params.productId), app.reviews.findOwn(me.id, params.productId)]);
    return {
      success: true,
      canReview: purchase !== null,
      reason: purchase ? null : REVIEW_MESSAGES.notEligible,
      option: purchase?.option ?? null,
      review,
    };
  });

  app.post('/api/reviews', { preHandler: [app.requireUser, limitReviews] }, async (request, reply): Promise<ReviewSavedResponse> => {
    const input = parseOr400(draftBody, request.body ?? {}, 'review');
    const problems = reviewDraftProblems(input);
    const first = Object.values(problems)[0];
    if (first) throw new HttpError(400, first);
    const me = currentUser(request);
    if (!(await app.catalog.getProduct(input.productId))) throw new HttpError(404, 'Product not found');
    const purchase = await app.reviews.deliveredPurchase(me.id, input.productId);
    if (!purchase) throw new HttpError(403, REVIEW_MESSAGES.notEligible);
    const title = input.title.trim();
    const body = input.body.trim();
    const moderation = await app.reviews.moderationSettings();
    const held = heldReason(`${title}\n${body}`, moderation.blockList);
    const status = moderation.publishAtOnce && held === null ? 'approved' : 'pending';
    const { review, created } = await app.reviews.save({
      userId: me.id,
      productId: input.productId,
      orderId: purchase.orderId,
      option: purchase.option,
      rating: input.rating,
      title,
      body,
      photos: input.photos,
      status,
      heldReason: held,
    });
    reply.code(created ? 201 : 200);
    return { success: true, review, message: status === 'approved' ? REVIEW_MESSAGES.submittedPublished : REVIEW_MESSAGES.submittedPending };
  });

  app.post('/api/reviews/:id/delete', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseOr400(reviewParams, request.params, 'review id');
    if (!(await app.reviews.removeOwn(currentUser(request).id, id))) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    return { success: true, message: REVIEW_MESSAGES.deleted };
  });

  /** Another shopper's approved review: votes and reports are about those only. */
  const othersApproved = async (request: FastifyRequest) => {
    const { id } = parseOr400(reviewParams, request.params, 'review id');
    const review = await app.reviews.findApproved(id);
    if (!review) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    if (review.userId === currentUser(request).id) throw new HttpError(403, REVIEW_MESSAGES.ownReview);
    return review;
  };

  app.post('/api/reviews/:id/helpful', { preHandler: [app.requireUser, limitVotes] }, async (request): Promise<HelpfulResponse> => {
    const { helpful } = parseOr400(helpfulBody, request.body ?? {}, 'vote');
    const review = await othersApproved(request);
    const result = await app.reviews.setHelpful(currentUser(request).id, review.id, helpful);
    return { success: true, ...result };
  });

  app.post('/api/reviews/:id/report', { preHandler: [app.requireUser, limitReports] }, async (request) => {
    const { reason } = parseOr400(reportBody, request.body ?? {}, 'report');
    const review = await othersApproved(request);
    await app.reviews.report(currentUser(request).id, review.id, reason);
    return { success: true, message: REVIEW_MESSAGES.reported };
  });

  // The token rides in the query: a signed token is longer than a path parameter may be.
  app.get('/api/reviews/invite', async (request) => {
    const { token } = parseOr400(inviteQuery, request.query ?? {}, 'review link');
    const invite = await app.reviewInvites.verify(token);
    if (!invite || !(await app.catalog.getProduct(invite.productId))) throw new HttpError(400, REVIEW_MESSAGES.inviteInvalid);
    return { success: true, productId: invite.productId };
  });
};
export default reviewRoutes;
