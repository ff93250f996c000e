import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { DiscountValidateResponse } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import { CHECKOUT_MESSAGES } from '../payments/checkout';

export const DISCOUNT_MESSAGES = {
  invalid: CHECKOUT_MESSAGES.invalidCode,
  expired: CHECKOUT_MESSAGES.expiredCode,
  empty: 'Please enter a discount code',
} as const;

const body = z.object({ code: z.string({ message: 'is required' }).max(64, 'must be at most 64 characters') });

/**
 * POST /api/discounts/validate { code } (SPEC §7). Public — the checkout page asks before the
 * order exists — but rate limited per client address (one budget with the order quote, which also
 * tells whether a code exists) so codes cannot be guessed by brute force. The code is
 * trimmed and upper-cased; unknown or disabled codes answer 404 'Invalid code', expired ones 410.
 */
const discountRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/discounts/validate',
    { preHandler: app.limitDiscountCodes },
    async (request, reply): Promise<DiscountValidateResponse> => {
      reply.header('Cache-Control', 'no-store');
      const { code } = parseOr400(body, request.body ?? {}, 'discount code');
      const found = await app.discounts.lookup(code);
      if (found.ok) return { success: true, discount: found.discount };
      if (found.reason === 'empty') throw new HttpError(400, DISCOUNT_MESSAGES.empty);
      if (found.reason === 'expired') throw new HttpError(410, DISCOUNT_MESSAGES.expired);
      throw new HttpError(404, DISCOUNT_MESSAGES.invalid);
    },
  );
};
export default discountRoutes;
