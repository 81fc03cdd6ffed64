import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { epochSeconds, systemClock } from '../platform/clock';
import type { Clock } from '../platform/clock';

export interface AccessClaims {
  /** The user id. */
  sub: string;
  /** The refresh-token family (the sign-in session) this access token belongs to. */
  sid: string;
}

/** Verified access tokens one process remembers (about 4 MB at most). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Short-lived HS256 JWTs, signed and verified with jose; the API is the only party that verifies
 * them. One imported key serves both (decision 125 replaces the hand-rolled HMAC of decision 018).
 */
export class AccessTokens {
  /** Imported once: jose would otherwise import the raw key for every sign and verify. */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: Uint8Array,
    private readonly issuer: string,
    readonly lifetimeSeconds: number,
    /** The API's clock (decision 420): `iat`, `exp` and their checks read it. */
    private readonly clock: Clock = systemClock,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      Uint8Array.from(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** Claims: sub, sid, scope "API", iss = aud = the issuer, iat, jti, exp (as before). */
  async sign(claims: AccessClaims): Promise<string> {
    const now = epochSeconds(this.clock.now());
    return new SignJWT({ sid: claims.sid, scope: 'API' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(this.issuer)
      .setAudience(this.issuer)
      .setIssuedAt(now)
      .setJti(randomUUID())
      .setExpirationTime(now + this.lifetimeSeconds)
      .sign(await this.key);
  }

  /**
   * Tokens this process verified, until their `exp` (decision 359): a viewer's renewals and
   * heartbeats carry the same access token for its whole life, and jose's WebCrypto HMAC was 6 %
   * of the API's CPU under bench:surge. Keyed by the whole token (signature included), so only
   * the exact string that verified is answered from here; revocation is the session read in
   * `authenticate`, unchanged. Bounded: the oldest entry goes first.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  /** The claims, or null for anything invalid, expired or not ours. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    // jose's own rule: expired once exp <= now in whole seconds.
    if (known && known.exp > epochSeconds(this.clock.now())) return known.claims;
    if (known) this.verified.delete(token);
    const claims = await this.verifyWithJose(token);
    if (claims) this.remember(token, claims.claims, claims.exp);
    return claims?.claims ?? null;
  }

  private remember(token: string, claims: AccessClaims, exp: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, exp });
  }

  private async verifyWithJose(
    token: string,
  ): Promise<{ claims: AccessClaims; exp: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: this.issuer,
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      if (typeof payload.exp !== 'number') return null;
      return { claims: { sub: payload.sub, sid: payload.sid }, exp: payload.exp };
    } catch {
      return null;
    }
  }
}
