import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { PRODUCT_ID_RE } from '../repositories/catalogMapping';

export const WISHLIST_MESSAGES = {
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
  unknownProduct: 'Product not found',
} as const;

const productBody = z.object({
  productId: z
    .string({ message: 'is required' })
    .max(64, 'must be a product id (24 hexadecimal characters)')
    .trim()
    .toLowerCase()
    .pipe(z.string().regex(PRODUCT_ID_RE, 'must be a product id (24 hexadecimal characters)')),
});

/** SPEC §7 wishlist calls: the caller's own product ids, oldest first. */
const wishlistRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post('/api/wishlist/list', { preHandler: app.requireUser }, async (request) => {
    return { success: true, wishlist: await app.lists.wishlist(currentUser(request).id) };
  });

  app.post('/api/wishlist/add', { preHandler: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const { productId } = parseOr400(productBody, request.body ?? {}, 'wishlist item');
    if (!(await app.catalog.getProduct(productId))) throw new HttpError(400, WISHLIST_MESSAGES.unknownProduct);
    await app.lists.addToWishlist(user.id, productId);
    return { success: true, message: WISHLIST_MESSAGES.added, wishlist: await app.lists.wishlist(user.id) };
  });

  // Removing needs no catalog check: a product that left the catalog can still leave the list.
  app.post('/api/wishlist/remove', { preHandler: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const { productId } = parseOr400(productBody, request.body ?? {}, 'wishlist item');
    await app.lists.removeFromWishlist(user.id, productId);
    return { success: true, message: WISHLIST_MESSAGES.removed, wishlist: await app.lists.wishlist(user.id) };
  });
};
export default wishlistRoutes;
