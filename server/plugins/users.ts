import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { appPlugin } from '../lib/appPlugin';
import { AUTH_MESSAGES, SessionTokens, Sessions, type AuthUser } from '../lib/auth';
import { HttpError } from '../lib/errors';
import { PasswordHasher } from '../lib/passwords';
import { ensureStaffAccount } from '../lib/staffBootstrap';
import { LoginFailures } from '../repositories/loginFailures';
import { UsersRepository, type SessionEndReason } from '../repositories/users';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and reset tokens. */
    users: UsersRepository;
    passwords: PasswordHasher;
    /** Opens sessions (`issue(userId)` → token) and verifies their tokens. */
    sessionTokens: Sessions;
    /** Failed logins per e-mail and client source. */
    loginFailures: LoginFailures;
    /**
     * Ends every open session of a user: their tokens are refused from the next request on, and
     * their sockets (on every instance) are disconnected and leave their rooms. For staff
     * disabling an account; role and password changes through `app.users` do this by themselves.
     */
    endSessions(userId: string, reason?: SessionEndReason): Promise<void>;
    /** The account behind a raw token (socket handshakes use it too); throws a 401 HttpError. */
    authenticate(token: string | undefined | null): Promise<AuthUser>;
    /** preHandler: a valid session token in the `token` header, else 401 `{ success:false, message }`. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: like requireUser, and the account must be staff (403 otherwise). */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `requireUser` / `requireStaff`; null on routes that do not require a session. */
    user: AuthUser | null;
  }
}

/** 24 hex characters, like every other id on the wire. */
export const newUserId = () => randomBytes(12).toString('hex');

/** The session user of a request that went through requireUser (a 401 if it did not). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, AUTH_MESSAGES.missing);
  return request.user;
}

function tokenHeader(request: FastifyRequest): string | undefined {
  const raw = request.headers.token;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim() || undefined;
}

/** How often expired sessions and spent login-failure windows are deleted. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Accounts: the repository, the password hasher (Argon2id), sessions and their tokens, the
 * `requireUser` and `requireStaff` preHandlers other features put on their routes, and the staff
 * bootstrap. Ended sessions are disconnected from the realtime server (every instance).
 */
export default appPlugin('users', async (app) => {
  const users = new UsersRepository(app.db, newUserId);
  const passwords = new PasswordHasher(app.config.passwordHashing);
  const sessionTokens = new Sessions(new SessionTokens(app.config.jwtSecret), users);
  const loginFailures = new LoginFailures(app.db);
  app.decorate('users', users);
  app.decorate('passwords', passwords);
  app.decorate('sessionTokens', sessionTokens);
  app.decorate('loginFailures', loginFailures);
  app.decorate('endSessions', (userId: string, reason?: SessionEndReason) => users.endSessions(userId, reason));
  app.decorateRequest('user', null);

  const stopListening = users.onSessionsEnded((ended) => {
    if (app.hasDecorator('realtime')) app.realtime.disconnectSessions(ended);
  });
  const sweep = () =>
    Promise.all([users.sweepSessions(), loginFailures.sweep()]).catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    stopListening();
  });

  const authenticate = async (token: string | undefined | null): Promise<AuthUser> => {
    if (!token) throw new HttpError(401, AUTH_MESSAGES.missing);
    return sessionTokens.authenticate(token);
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.user = await authenticate(tokenHeader(request));
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    const user = await authenticate(tokenHeader(request));
    if (user.role !== 'staff') throw new HttpError(403, AUTH_MESSAGES.staffOnly);
    request.user = user;
  });

  await ensureStaffAccount(app);
  await sweep();
});
