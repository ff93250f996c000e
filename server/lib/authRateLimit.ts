import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { clientAddress } from './clientAddress';

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function tooMany(reply: FastifyReply, ms: number): HttpError {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(ms / 1000))));
  return new HttpError(429, `Too many attempts. Please try again in ${waitText(ms)}.`);
}

/**
 * A preHandler limiting one auth action (login, register, forgot-password, reset-password) to
 * `config.authRateLimit.max` attempts per window, counted per client IP and — when `perEmail` and
 * the body has an e-mail — per e-mail address. Login passes `perEmail: false`: its per-e-mail
 * limit counts failures only (`countLoginAttempt`). Counts live in the @fastify/rate-limit store (Redis when
 * REDIS_URL is set, so every instance shares them). Over the limit: 429 with Retry-After and a
 * message that says how long to wait.
 */
export function authRateLimit(app: FastifyInstance, action: string, opts: { perEmail: boolean }) {
  const { max, windowMs } = app.config.authRateLimit;
  const byIp = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req) => `auth:${action}:ip:${clientAddress(req)}` });
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
      if (!r.isAllowed && r.isExceeded) throw tooMany(reply, r.ttl);
    }
  };
}

/** The client a login comes from, as the failure count keys it. */
export const loginSource = (request: FastifyRequest) => clientAddress(request);

/**
 * Login's per-e-mail limit: at most `config.loginFailures.max` failed attempts per
 * e-mail from one source per window; over it, that source gets 429 for that e-mail — even with the
 * right password, or guessing would go on — while the owner elsewhere logs in as usual. Call before
 * checking the password; `clearLoginFailures` after a success.
 */
export async function countLoginAttempt(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
  const { max, windowMs } = app.config.loginFailures;
  const { failures, windowEndsAt } = await app.loginFailures.attempt(email, loginSource(request), windowMs);
  if (failures > max) throw tooMany(reply, windowEndsAt.getTime() - Date.now());
}

/** The per-address row of the failure table: no e-mail has this form. */
const ANY_EMAIL = '*';

/**
 * Login's per-address limit: failures only, from one client address whatever the e-mail
 * (`config.loginAddressFailureMax` per window). A success neither counts nor clears it — clearing
 * would let someone with one account of their own guess others' without end — and many shoppers
 * behind one address (a NAT, a proxy without TRUST_PROXY) logging in never block each other.
 * `checkLoginAddress` before checking the password, `countLoginAddressFailure` after a failure.
 */
export async function checkLoginAddress(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const max = app.config.loginAddressFailureMax ?? 50;
  const { failures, windowEndsAt } = await app.loginFailures.count(ANY_EMAIL, loginSource(request));
  if (failures >= max && windowEndsAt) throw tooMany(reply, windowEndsAt.getTime() - Date.now());
}

export async function countLoginAddressFailure(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  await app.loginFailures.attempt(ANY_EMAIL, loginSource(request), app.config.loginFailures.windowMs);
}

export function clearLoginFailures(app: FastifyInstance, request: FastifyRequest, email: string): Promise<void> {
  return app.loginFailures.clear(email, loginSource(request));
}
