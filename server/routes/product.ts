import type { FastifyPluginAsync } from 'fastify';
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

  app.get('/api/product/single/:id', async (request, reply): Promise<ProductSingleResponse> => {
    const { id } = parseOr400(idParams, request.params, 'product id');
    const product = await app.catalog.getProduct(id);
    if (!product) throw new HttpError(404, 'Product not found');
    reply.header('Cache-Control', 'no-cache');
    return { success: true, product };
  });
};
export default productRoutes;
