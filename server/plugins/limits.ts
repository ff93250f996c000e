import type { FastifyReply, FastifyRequest } from 'fastify';
import { appPlugin } from '../lib/appPlugin';
import { clientAddress } from '../lib/clientAddress';
import { HttpError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler shared by every route that says whether a discount code exists (validate, order
     * quote): one budget per client address, so no route is a way around another's limit. Only
     * requests that carry a code count.
     */
    limitDiscountCodes(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Discount-code answers per client address per minute (SPEC §7: guessing codes must not pay off). */
export const DISCOUNT_CODE_LIMIT = { max: 30, windowMs: 60_000 } as const;

export const LIMIT_MESSAGES = {
  discountCodes: (seconds: number) => `Too many discount code checks. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

/** Limits that several route files share (one counter each, in the rate-limit store: Redis when set). */
export default appPlugin(
  'limits',
  async (app) => {
    const discountCodes = app.createRateLimit({
      max: DISCOUNT_CODE_LIMIT.max,
      timeWindow: DISCOUNT_CODE_LIMIT.windowMs,
      keyGenerator: (req) => `discount-code:${clientAddress(req)}`,
    });
    app.decorate('limitDiscountCodes', async (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body as { code?: unknown; discountCode?: unknown } | null | undefined;
      const code = body?.code ?? body?.discountCode;
      if (typeof code !== 'string' || !code.trim()) return;
      const r = await discountCodes(request);
      if (!r.isAllowed && r.isExceeded) {
        const seconds = Math.max(1, r.ttlInSeconds);
        reply.header('Retry-After', String(seconds));
        throw new HttpError(429, LIMIT_MESSAGES.discountCodes(seconds));
      }
    });
  },
  { dependencies: ['@fastify/rate-limit'] },
);
