/**
 * The mailed download link's token (decision 437): `<payload>.<signature>`, the payload naming the
 * account, a one-off id and the expiry, signed with HMAC-SHA256 under the API's JWT secret (with
 * its own label, so no other token verifies here). Nothing is stored to make it: spending it once
 * is counted in the attempt store under its id.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export interface DataExportLink {
  userId: string;
  id: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

const LABEL = 'crease.data-export.v1';

const sign = (secret: Uint8Array, payload: string) =>
  createHmac('sha256', secret).update(`${LABEL}.${payload}`).digest('base64url');

export function makeLinkToken(secret: Uint8Array, userId: string, expiresAt: Date): string {
  const link: DataExportLink = { userId, id: randomUUID(), expiresAt: expiresAt.getTime() };
  const payload = Buffer.from(JSON.stringify(link)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The link a token names when its signature holds, else null (expiry is the caller's check). */
export function readLinkToken(secret: Uint8Array, token: string): DataExportLink | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const link = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DataExportLink;
    if (typeof link.userId !== 'string' || typeof link.id !== 'string') return null;
    if (typeof link.expiresAt !== 'number') return null;
    return link;
  } catch {
    return null;
  }
}
