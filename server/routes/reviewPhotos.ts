import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '../../src/domain/reviews';
import { clientAddress } from '../lib/clientAddress';
import { HttpError } from '../lib/errors';
import { receiveImageUpload, UPLOAD_BODY_LIMIT, UPLOAD_MULTIPART_LIMITS, uploadedImage, type UploadedImage } from '../lib/imageUpload';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { PRODUCT_ID_RE } from '../repositories/catalogMapping';
import { REVIEW_RATE_LIMITS } from './reviews';

export interface ReviewPhotoResponse {
  success: true;
  image: UploadedImage;
}

/** Per account per hour: every photo of the hourly reviews; an address three times that. */
export const REVIEW_PHOTO_LIMIT = REVIEW_RATE_LIMITS.reviews * REVIEW_LIMITS.photosMax;

const photoQuery = z.object({
  productId: z
    .string({ message: 'is required' })
    .max(64)
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.string().regex(PRODUCT_ID_RE, 'must be a product id (24 hexadecimal characters)')),
});

/**
 * A shopper's review photo, through the same pipeline as staff pictures (type from the
 * bytes, re-encoded, 10 MB). Only a shopper who may review the product (`productId` in the query:
 * multipart carries the file alone) may send one, so the picture store is no free file host.
 */
const reviewPhotoRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: UPLOAD_MULTIPART_LIMITS });
  const { windowMs, perAddressFactor } = REVIEW_RATE_LIMITS;
  const byAccount = app.createRateLimit({ max: REVIEW_PHOTO_LIMIT, timeWindow: windowMs, keyGenerator: (req) => `review-photos:user:${req.user?.id ?? ''}` });
  const byAddress = app.createRateLimit({ max: REVIEW_PHOTO_LIMIT * perAddressFactor, timeWindow: windowMs, keyGenerator: (req) => `review-photos:ip:${clientAddress(req)}` });

  app.post('/api/reviews/photos', { preHandler: app.requireUser, bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply): Promise<ReviewPhotoResponse> => {
    reply.header('Cache-Control', 'no-store');
    const { productId } = parseOr400(photoQuery, request.query ?? {}, 'photo');
    const me = currentUser(request);
    if (!(await app.reviews.deliveredPurchase(me.id, productId))) throw new HttpError(403, REVIEW_MESSAGES.notEligible);
    for (const check of [byAccount, byAddress]) {
      const r = await check(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('Retry-After', String(Math.max(1, r.ttlInSeconds)));
        throw new HttpError(429, 'Too many photos for now. Please try again later.');
      }
    }
    const upload = await receiveImageUpload(request);
    await app.images.store(upload.id, upload.versions, me, upload.bytes);
    reply.code(201);
    return { success: true, image: uploadedImage(upload) };
  });
};
export default reviewPhotoRoutes;
