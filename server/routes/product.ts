import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ProductSingleResponse } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { sendCachedBody } from '../lib/cachedBody';
import { parseOr400 } from '../lib/validate';
import { PRODUCT_ID_RE } from '../repositories/catalogMapping';

const idParams = z.object({
  id: z
    .string()
    .max(64, 'must be 24 hexadecimal characters')
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(PRODUCT_ID_RE, 'must be 24 hexadecimal characters')),
});

const productRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/product/list', async (request, reply) => sendCachedBody(request, reply, await app.catalog.productListBody()));

  /** Whether the request carries a staff session (a missing, bad or shopper's token is simply not staff). */
  const fromStaff = async (request: FastifyRequest): Promise<boolean> => {
    const raw = request.headers.token;
    const token = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!token) return false;
    try {
      return (await app.authenticate(token)).role === 'staff';
    } catch {
      return false;
    }
  };

  app.get('/api/product/single/:id', async (request, reply): Promise<ProductSingleResponse> => {
    const { id } = parseOr400(idParams, request.params, 'product id');
    const product = await app.catalog.getProduct(id);
    if (!product) throw new HttpError(404, 'Product not found');
    // A hidden product (notAvailableYet) is answered as an unknown one: its page says 'Product not
    // found.' to shoppers and crawlers. Staff preview it from the console with their session.
    if (product.notAvailableYet) {
      if (!(await fromStaff(request))) throw new HttpError(404, 'Product not found');
      reply.header('Cache-Control', 'private, no-store');
      return { success: true, product };
    }
    reply.header('Cache-Control', 'no-cache');
    return { success: true, product };
  });
};
export default productRoutes;
