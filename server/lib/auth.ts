import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Role, UserRow } from '../repositories/users';
import { HttpError } from './errors';

/** The shopper (or staff member) behind a request, as `requireUser` leaves it on `request.user`. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
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
  staffOnly: 'This action is for staff only.',
} as const;

/**
 * Session tokens: JWT HS256 (pinned), 7 days, issuer and audience checked. `iat` carries
 * milliseconds (a fractional NumericDate, which RFC 7519 allows) so that a password reset revokes
 * every token issued before it, even one issued in the same second, while a login right after the
 * reset keeps working.
 */
export class SessionTokens {
  private readonly key: Uint8Array<ArrayBuffer>;
  /** The secret imported once: jose re-imports a raw Uint8Array key on every sign and verify. */
  private cryptoKey: Promise<CryptoKey> | undefined;
  /**
   * Tokens whose signature and claims already verified, with their expiry (issue 9: an HMAC through
   * WebCrypto was a sixth of an authenticated request's CPU). HS256 over the same bytes with the same
   * secret gives the same answer every time, so a hit only re-checks the expiry against the clock;
   * revocation is still checked by the caller against the account on every request. Bounded; the
   * oldest entry goes first.
   */
  private readonly verified = new Map<string, { userId: string; issuedAtMs: number; expiresAtMs: number }>();
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

  async issue(userId: string): Promise<string> {
    const nowMs = this.now();
    return new SignJWT({ iat: nowMs / 1000 })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS)
      .sign(await this.signingKey());
  }

  /** The token's user id and issue time (ms), or a 401 HttpError saying why it is refused. */
  async verify(token: string): Promise<{ userId: string; issuedAtMs: number }> {
    const known = this.verified.get(token);
    // jose's rule: expired once `exp` is not after now. An expired token falls through and is refused below.
    if (known && known.expiresAtMs > this.now()) return { userId: known.userId, issuedAtMs: known.issuedAtMs };
    try {
      const { payload } = await jwtVerify(token, await this.signingKey(), {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.iat !== 'number') throw new HttpError(401, AUTH_MESSAGES.invalid);
      const result = { userId: payload.sub, issuedAtMs: Math.round(payload.iat * 1000) };
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

/** Checks a verified token against the account: it must exist and not be revoked by a reset. */
export function userFromToken(row: UserRow | null, issuedAtMs: number): AuthUser {
  if (!row) throw new HttpError(401, AUTH_MESSAGES.deleted);
  if (issuedAtMs < row.tokensValidAfter.getTime()) throw new HttpError(401, AUTH_MESSAGES.revoked);
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}
