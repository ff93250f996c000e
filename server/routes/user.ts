import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { UserInfoResponse, UserMessageResponse, UserTokenResponse } from '../../src/domain/types';
import { currentUser } from '../plugins/users';
import { AUTH_MESSAGES } from '../lib/auth';
import { authRateLimit, checkLoginAddress, clearLoginFailures, countLoginAddressFailure, countLoginAttempt } from '../lib/authRateLimit';
import { HttpError } from '../lib/errors';
import { CONTROL_MESSAGES, hasControlChars } from '../lib/inputGuards';
import { escapeHtml } from '../lib/mailer';
import { PASSWORD_MAX, PASSWORD_MIN } from '../lib/passwords';
import { parseOr400 } from '../lib/validate';
import { DuplicateEmailError } from '../repositories/users';
import { publicOrigin } from '../lib/publicOrigin';

const RESET_TTL_MS = 60 * 60 * 1000;

export const MESSAGES = {
  registered: 'Your account has been created. Welcome to LayerLoft!',
  loggedIn: 'Welcome back!',
  loggedOut: 'You have been logged out.',
  badCredentials: 'Invalid email or password',
  forgot: 'If an account exists for that e-mail, we have sent a link to reset the password. It is valid for 1 hour.',
  reset: 'Your password has been reset. You can now log in.',
  badResetLink: 'This reset link is invalid or has expired. Please request a new one.',
} as const;

const email = z
  .string({ message: 'is required' })
  .max(254, 'must be at most 254 characters')
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'must be a valid e-mail address' }).max(254, 'must be at most 254 characters'));

const newPassword = z
  .string({ message: 'is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long`);

/** Strict: `role`, `staff`, `isAdmin` or any other extra field is refused (no mass assignment). */
const registerBody = z.strictObject({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(80, { message: 'must be at most 80 characters', abort: true })
    .refine((name) => !hasControlChars(name, false), CONTROL_MESSAGES.name),
  email,
  password: newPassword,
});

const loginBody = z.object({
  email,
  // Any length up to the maximum: a short password simply does not match (and costs no hash).
  password: z.string({ message: 'is required' }).min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});

const forgotBody = z.object({ email });
const resetBody = z.object({ newPassword });
/** 32 random bytes in base64url; anything else cannot be a link we sent. */
const RESET_TOKEN_RE = /^[\w-]{43}$/;

function resetEmail(shopName: string, name: string, link: string) {
  const text =
    `Hi ${name},\n\nSomeone (hopefully you) asked to reset the password of your ${shopName} account.\n` +
    `Open this link within 1 hour to choose a new password:\n\n${link}\n\n` +
    `If you did not ask for this, ignore this e-mail: your password stays as it is.\n\n— ${shopName}\n`;
  const html =
    `<div style="font-family:Arial,sans-serif;max-width:520px;margin:auto;color:#2B2233">` +
    `<h2 style="color:#C4411D">Reset your password</h2>` +
    `<p>Hi ${escapeHtml(name)},</p>` +
    `<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(shopName)} account. ` +
    `The link is valid for 1 hour.</p>` +
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#C4411D;color:#fff;padding:12px 24px;border-radius:999px;text-decoration:none">Choose a new password</a></p>` +
    `<p style="font-size:13px;color:#6B5E66">Or paste this address into your browser: ${escapeHtml(link)}</p>` +
    `<p style="font-size:13px;color:#6B5E66">If you did not ask for this, ignore this e-mail: your password stays as it is.</p></div>`;
  return { subject: `Reset your ${shopName} password`, text, html };
}

/** SPEC §7 user calls: register, login, logout, info, forgot-password, reset-password. */
const userRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/user/register',
    { preHandler: authRateLimit(app, 'register', { perEmail: true }) },
    async (request): Promise<UserTokenResponse> => {
      const body = parseOr400(registerBody, request.body ?? {});
      const passwordHash = await app.passwords.hash(body.password);
      try {
        const user = await app.users.create({ name: body.name, email: body.email, passwordHash });
        return { success: true, token: await app.sessionTokens.issue(user.id), message: MESSAGES.registered, role: user.role };
      } catch (err) {
        if (err instanceof DuplicateEmailError) throw new HttpError(409, err.message);
        throw err;
      }
    },
  );

  app.post(
    '/api/user/login',
    // No per-address attempt count here: it counted successes too, so ten logins from one NAT
    // locked everyone there out. Failures are counted per address and per e-mail below.
    async (request, reply): Promise<UserTokenResponse> => {
      const body = parseOr400(loginBody, request.body ?? {});
      await checkLoginAddress(app, request, reply);
      await countLoginAttempt(app, request, reply, body.email);
      const user = await app.users.findByEmail(body.email);
      // Same work, status and message whether or not the account exists.
      const ok = await app.passwords.verifyOrDummy(user?.passwordHash, body.password);
      if (!user || !ok) {
        await countLoginAddressFailure(app, request);
        throw new HttpError(401, MESSAGES.badCredentials);
      }
      // Only after the password matched: a wrong password never tells whether the account is disabled.
      if (user.disabledAt) throw new HttpError(403, AUTH_MESSAGES.disabled);
      await clearLoginFailures(app, request, body.email);
      return { success: true, token: await app.sessionTokens.issue(user.id), message: MESSAGES.loggedIn, role: user.role };
    },
  );

  // Ends this session only: the same shopper's other devices stay logged in.
  app.post('/api/user/logout', { preHandler: app.requireUser }, async (request, reply): Promise<UserMessageResponse> => {
    const user = currentUser(request);
    await app.users.endSession(user.id, user.sessionId, 'logout');
    reply.header('Cache-Control', 'no-store');
    return { success: true, message: MESSAGES.loggedOut };
  });

  app.get('/api/user/info', { preHandler: app.requireUser }, async (request, reply): Promise<UserInfoResponse> => {
    const user = currentUser(request);
    reply.header('Cache-Control', 'no-store');
    return { success: true, user: { name: user.name, email: user.email, role: user.role } };
  });

  app.post(
    '/api/user/forgot-password',
    { preHandler: authRateLimit(app, 'forgot', { perEmail: true }) },
    async (request): Promise<UserMessageResponse> => {
      const body = parseOr400(forgotBody, request.body ?? {});
      const user = await app.users.findByEmail(body.email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await app.users.createReset(user.id, token, new Date(Date.now() + RESET_TTL_MS));
        const mail = resetEmail(app.config.shopName, user.name, `${publicOrigin(app)}/reset-password/${token}`);
        // Not awaited: a slow mail server must not reveal (by timing) that the account exists.
        app.mailer.send({ to: user.email, ...mail }).catch((err: unknown) => request.log.error({ err }, 'password reset e-mail failed'));
      }
      return { success: true, message: MESSAGES.forgot };
    },
  );

  app.post(
    '/api/user/reset-password/:token',
    { preHandler: authRateLimit(app, 'reset', { perEmail: false }) },
    async (request): Promise<UserMessageResponse> => {
      const token = (request.params as { token?: string }).token ?? '';
      const body = parseOr400(resetBody, request.body ?? {});
      if (!RESET_TOKEN_RE.test(token)) throw new HttpError(400, MESSAGES.badResetLink);
      const userId = await app.users.resetPassword(token, await app.passwords.hash(body.newPassword));
      if (!userId) throw new HttpError(400, MESSAGES.badResetLink);
      request.log.info({ userId }, 'password reset');
      return { success: true, message: MESSAGES.reset };
    },
  );
};
export default userRoutes;
