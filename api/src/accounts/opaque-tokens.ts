import crypto from 'node:crypto';

/** 256 random bits, URL-safe: refresh and reset tokens. Only their hash is stored. */
export function newOpaqueToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * SHA-256 is enough here (no salt, no argon2): the input is 256 random bits, so there is nothing
 * to brute-force, and a lookup by hash stays one indexed query.
 */
export function hashOpaqueToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}
