import { SignJWT, jwtVerify } from 'jose';

/** How long the link in the review invitation works. */
export const REVIEW_INVITE_TTL_SECONDS = 60 * 24 * 60 * 60;
const ISSUER = 'layerloft';
/** Its own audience: an invitation is never a session token, nor a session token an invitation. */
const AUDIENCE = 'layerloft-review-invite';
const ALG = 'HS256';

export interface ReviewInvite {
  userId: string;
  productId: string;
}

/**
 * Signed links that open the review form for one product: single purpose (their own audience),
 * valid for 60 days. They only say which form to open: posting still needs the shopper logged in
 * and a delivered order holding the product.
 */
export class ReviewInvites {
  private readonly key: Uint8Array<ArrayBuffer>;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async create(invite: ReviewInvite): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ pid: invite.productId })
      .setProtectedHeader({ alg: ALG })
      .setSubject(invite.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + REVIEW_INVITE_TTL_SECONDS)
      .sign(this.key);
  }

  /** The invitation a token carries, or null when it is forged, tampered with, expired or another kind. */
  async verify(token: string): Promise<ReviewInvite | null> {
    if (token.length > 2048) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.pid !== 'string') return null;
      return { userId: payload.sub, productId: payload.pid };
    } catch {
      return null;
    }
  }
}
