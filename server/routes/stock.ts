import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MAX_VARIANT_LENGTH } from '../../src/domain/cartKey';
import { escapeHtml } from '../lib/mailer';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import { PRODUCT_ID_RE } from '../repositories/catalogMapping';

export const BACK_IN_STOCK_MESSAGES = {
  requested: "We'll e-mail you once when it's back.",
  unsubscribed: 'You will not get e-mails about this option any more.',
} as const;

const optionQuery = z.object({
  productId: z.string({ message: 'is required' }).max(64, { message: 'must be a product id (24 hexadecimal characters)', abort: true }).regex(PRODUCT_ID_RE, 'must be a product id (24 hexadecimal characters)'),
  variant: z.string({ message: 'is required' }).max(MAX_VARIANT_LENGTH),
});

/** "Tell me when it's back" on a sold-out, stocked-only option, and the e-mail's unsubscribe link. */
const stockRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/stock/notify', { preHandler: app.requireUser }, async (request) => {
    const { productId, variant } = parseOr400(optionQuery, request.body ?? {}, 'request');
    await app.stock.requestBackInStock(currentUser(request).id, productId, variant);
    return { success: true, waiting: true, message: BACK_IN_STOCK_MESSAGES.requested };
  });

  app.get('/api/stock/notify', { preHandler: app.requireUser }, async (request, reply) => {
    const { productId, variant } = parseOr400(optionQuery, request.query ?? {}, 'request');
    reply.header('Cache-Control', 'no-store');
    return { success: true, waiting: await app.stock.isWaiting(currentUser(request).id, productId, variant) };
  });

  // The token rides in the query: it is longer than a path parameter may be, and logs redact `?token=`.
  app.get<{ Querystring: { token?: string } }>('/api/stock/unsubscribe', async (request, reply) => {
    const done = typeof request.query.token === 'string' && (await app.stock.unsubscribe(request.query.token));
    const message = done ? BACK_IN_STOCK_MESSAGES.unsubscribed : 'This link was used already or is not valid. You will not get e-mails about this option.';
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(app.config.shopName)}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(app.config.shopName)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the shop</a></p></body></html>`;
  });
};

export default stockRoutes;
