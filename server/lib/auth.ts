import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Role, SessionEndReason, SessionUserRow, UsersRepository } from '../repositories/users';
import { HttpError } from './errors';

/** The shopper (or staff member) behind a request, as `requireUser` leaves it on `request.user`. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The session (one login) the request's token belongs to: logout ends this one only. */
  sessionId: string;
}

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const ISSUER = 'layerloft';
const AUDIENCE = 'layerloft-session';
/** The one algorithm signed and accepted: `alg: none` or any other header is refused. */
const ALG = 'HS256';

/** Messages of the 401s, one per reason, so a client (or a developer) knows what to do. */
export const AUTH_MESSAGES = {
  missing: 'Not authorized. Please log in.',
  invalid: 'Invalid session token. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
  deleted: 'This account no longer exists. Please log in again.',
  revoked: 'Your session has ended because the password was changed. Please log in again.',
  loggedOut: 'This session was logged out. Please log in again.',
  roleChanged: "Your session has ended because your account's role changed. Please log in again.",
  ended: 'Your session has ended. Please log in again.',
  staffOnly: 'This action is for staff only.',
  disabled: 'This account has been disabled. Please contact the shop.',
} as const;

/**
 * Session tokens: JWT HS256 (pinned), 7 days, issuer and audience checked, naming their session
 * (`sid`, a row of the sessions table). The token only proves who signed it; whether its session
 * is still open is asked of the database on every request (`userFromSession`).
 */
export class SessionTokens {
  private readonly key: Uint8Array<ArrayBuffer>;
  /** The secret imported once: jose re-imports a raw Uint8Array key on every sign and verify. */
  private cryptoKey: Promise<CryptoKey> | undefined;
  /**
   * Tokens whose signature and claims already verified, with their expiry (an HMAC through
   * WebCrypto was a sixth of an authenticated request's CPU). HS256 over the same bytes with the same
   * secret gives the same answer every time, so a hit only re-checks the expiry against the clock;
   * revocation is still checked by the caller against the session row on every request. Bounded;
   * the oldest entry goes first.
   */
  private readonly verified = new Map<string, { userId: string; sessionId: string; expiresAtMs: number }>();
  static readonly VERIFIED_CACHE_SIZE = 10_000;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  private signingKey(): Promise<CryptoKey> {
    this.cryptoKey ??= crypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.cryptoKey;
  }

  async issue(userId: string, sessionId: string): Promise<string> {
    const nowMs = this.now();
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime(Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS)
      .sign(await this.signingKey());
  }

  /** The token's user and session ids, or a 401 HttpError saying why it is refused. */
  async verify(token: string): Promise<{ userId: string; sessionId: string }> {
    const known = this.verified.get(token);
    // jose's rule: expired once `exp` is not after now. An expired token falls through and is refused below.
    if (known && known.expiresAtMs > this.now()) return { userId: known.userId, sessionId: known.sessionId };
    try {
      const { payload } = await jwtVerify(token, await this.signingKey(), {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.sid !== 'string' || !payload.sid) throw new HttpError(401, AUTH_MESSAGES.invalid);
      const result = { userId: payload.sub, sessionId: payload.sid };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= SessionTokens.VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { ...result, expiresAtMs: payload.exp * 1000 });
      }
      return result;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new HttpError(401, AUTH_MESSAGES.expired);
      throw new HttpError(401, AUTH_MESSAGES.invalid);
    }
  }
}

const END_MESSAGES: Record<SessionEndReason, string> = {
  logout: AUTH_MESSAGES.loggedOut,
  password: AUTH_MESSAGES.revoked,
  role: AUTH_MESSAGES.roleChanged,
  ended: AUTH_MESSAGES.ended,
};

/** Checks a verified token's session: the account must exist and the session be open and unexpired. */
export function userFromSession(row: SessionUserRow | null, sessionId: string, nowMs: number): AuthUser {
  if (!row) throw new HttpError(401, AUTH_MESSAGES.deleted);
  const { user, session } = row;
  if (user.disabledAt) throw new HttpError(401, AUTH_MESSAGES.disabled);
  // No row: never issued here, or swept after it expired.
  if (!session) throw new HttpError(401, AUTH_MESSAGES.ended);
  // Account-level revocation (staff disabling an account sets it): sessions opened before it are over.
  if (session.createdAt.getTime() < user.tokensValidAfter.getTime()) throw new HttpError(401, AUTH_MESSAGES.ended);
  if (session.endReason) throw new HttpError(401, END_MESSAGES[session.endReason]);
  if (session.expiresAt.getTime() <= nowMs) throw new HttpError(401, AUTH_MESSAGES.expired);
  return { id: user.id, name: user.name, email: user.email, role: user.role, sessionId };
}

/** 16 random bytes: a session id nobody can guess (it is only ever inside a signed token). */
export const newSessionId = () => randomBytes(16).toString('base64url');

/**
 * Logins: each one opens a session row and signs a token naming it. `app.sessionTokens` is this;
 * test helpers and the benchmark seed mint tokens through `issue` like the login route does.
 */
export class Sessions {
  constructor(
    private readonly tokens: SessionTokens,
    private readonly users: UsersRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(userId: string): Promise<string> {
    const sessionId = newSessionId();
    await this.users.createSession(userId, sessionId, new Date(this.now() + SESSION_TTL_SECONDS * 1000));
    return this.tokens.issue(userId, sessionId);
  }

  verify(token: string): Promise<{ userId: string; sessionId: string }> {
    return this.tokens.verify(token);
  }

  /** The open session's user, or a 401 HttpError saying why the token is refused. */
  async authenticate(token: string): Promise<AuthUser> {
    const { userId, sessionId } = await this.tokens.verify(token);
    return userFromSession(await this.users.findSessionUser(userId, sessionId), sessionId, this.now());
  }
}
