import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A signed-in viewer's word (decision 411). The shell may send its access token (the API's
 * short-lived HS256 JWT) with a fallback report or a signal batch; the edge checks it with the
 * API's key and counts the report under a hash of the account, which an attacker cannot mint as
 * freely as a browser seed or a network. Only the signature, issuer, audience and expiry are
 * checked (no session lookup: a signed-out viewer's token still expires within minutes).
 */
export interface ViewerTokenKey {
  issuer: string;
  /** The key, or null while it does not exist yet (development: the API makes its key file). */
  key: () => Buffer | null;
}

/** The API's own default (api/src/platform/config.ts). */
const DEFAULT_ISSUER = 'crease-api';
/** The file the API keeps its development key in, under the shared data dir. */
const API_DEV_KEY_FILE = 'api-jwt.key';
const MAX_TOKEN_LENGTH = 2048;

/** From CREASE_JWT_SECRET; outside production, the API's key file under the data dir. */
export function viewerTokenKey(
  secret: string | undefined,
  issuer: string | undefined,
  dataDir: string,
  production: boolean,
): ViewerTokenKey | null {
  if (secret) {
    const key = Buffer.from(secret, 'base64url');
    return { issuer: issuer ?? DEFAULT_ISSUER, key: () => key };
  }
  if (production) return null;
  let cached: Buffer | null = null;
  return {
    issuer: issuer ?? DEFAULT_ISSUER,
    key: () => {
      try {
        cached ??= Buffer.from(
          fs.readFileSync(path.join(dataDir, API_DEV_KEY_FILE), 'utf8').trim(),
          'base64url',
        );
      } catch {
        // No API has run with this data dir yet: nobody is signed in.
      }
      return cached;
    },
  };
}

const hash = (text: string) =>
  crypto.createHash('sha256').update(text).digest('base64url').slice(0, 16);

/** The account id a report counts under: a hash, never the user id itself. */
export const accountIdOf = (sub: string): string => hash(`account:${sub}`);

function json(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The account id of a valid, unexpired access token; null for anything else. */
export function viewerAccountOf(
  keys: ViewerTokenKey | null,
  token: unknown,
  now: Date = new Date(),
): string | null {
  const key = keys?.key();
  if (!keys || !key || typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (json(header)?.alg !== 'HS256') return null;
  const expected = crypto.createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const claims = json(payload);
  if (!claims || typeof claims.sub !== 'string' || !claims.sub) return null;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== keys.issuer || !audience.includes(keys.issuer)) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(now.getTime() / 1000)) return null;
  return accountIdOf(claims.sub);
}
