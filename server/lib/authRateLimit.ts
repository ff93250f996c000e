import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * A preHandler limiting one auth action (login, register, forgot-password, reset-password) to
 * `config.authRateLimit.max` attempts per window, counted per client IP and — when the body has
 * an e-mail — per e-mail address. Counts live in the @fastify/rate-limit store (Redis when
 * REDIS_URL is set, so every instance shares them). Over the limit: 429 with Retry-After and a
 * message that says how long to wait.
 */
export function authRateLimit(app: FastifyInstance, action: string, opts: { perEmail: boolean }) {
  const { max, windowMs } = app.config.authRateLimit;
  const byIp = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req) => `auth:${action}:ip:${req.ip}` });
  const byEmail = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (req) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return `auth:${action}:email:${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
    },
  });

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const checks = [byIp];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (opts.perEmail && typeof email === 'string' && email.trim()) checks.push(byEmail);
    for (const check of checks) {
      const r = await check(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('Retry-After', String(r.ttlInSeconds));
        throw new HttpError(429, `Too many attempts. Please try again in ${waitText(r.ttl)}.`);
      }
    }
  };
}
