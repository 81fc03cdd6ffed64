import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  /** The user id. */
  sub: string;
  /** The refresh-token family (the sign-in session) this access token belongs to. */
  sid: string;
}

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
    const now = Math.floor(Date.now() / 1000);
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

  /** The claims, or null for anything invalid, expired or not ours. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: this.issuer,
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { sub: payload.sub, sid: payload.sid };
    } catch {
      return null;
    }
  }
}
