import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { LinesShipBy, ProductShipBy } from '../../src/domain/madeToOrder';
import { MAX_VARIANT_LENGTH } from '../../src/domain/cartKey';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import { PRODUCT_ID_RE } from '../repositories/catalogMapping';

export interface ProductShipByResponse {
  success: true;
  shipBy: ProductShipBy;
}
export interface LinesShipByResponse extends LinesShipBy {
  success: true;
}

const id = z
  .string()
  .max(64, 'must be 24 hexadecimal characters')
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(PRODUCT_ID_RE, 'must be 24 hexadecimal characters'));

const linesBody = z.object({
  lines: z
    .array(
      z.object({
        productId: id,
        variant: z.string().max(MAX_VARIANT_LENGTH, `must be at most ${MAX_VARIANT_LENGTH} characters`).transform((v) => v.replace(/null/g, '')),
        quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
      }),
    )
    .max(100, 'at most 100 lines'),
});

/** When things ship: a product's options (its page, server-rendered too) and a cart's or checkout's lines. */
const shipByRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/ship-by/:id', async (request, reply): Promise<ProductShipByResponse> => {
    const params = parseOr400(z.object({ id }), request.params, 'product id');
    const product = await app.catalog.getProduct(params.id);
    if (!product || product.notAvailableYet) throw new HttpError(404, 'Product not found');
    // The dates move with the queue and the clock: always asked again.
    reply.header('Cache-Control', 'no-cache');
    return { success: true, shipBy: await app.shipBy.forProduct(product) };
  });

  app.post('/api/ship-by/lines', async (request, reply): Promise<LinesShipByResponse> => {
    const body = parseOr400(linesBody, request.body ?? {}, 'lines');
    reply.header('Cache-Control', 'no-store');
    return { success: true, ...(await app.shipBy.forLines(body.lines)) };
  });
};
export default shipByRoutes;
