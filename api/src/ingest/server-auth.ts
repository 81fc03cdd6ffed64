/**
 * The media server's bearer secret (CREASE_INGEST_SECRET, base64url): only it may ask whether an
 * encoder may publish. Compared as SHA-256 digests with timingSafeEqual, as the operator tokens
 * are (catalog/operator-auth.ts).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** The bearer token the media server presents: the secret's base64url. */
export const ingestServerToken = (secret: Uint8Array) => Buffer.from(secret).toString('base64url');

export function ingestServerAuth(secret: Uint8Array | null): (request: FastifyRequest) => void {
  // No secret configured (production): nobody may call.
  const expected = secret ? digest(ingestServerToken(secret)) : null;
  return (request) => {
    if (!expected) throw new ApiError('INGEST_SERVER_UNAUTHORIZED');
    const header = request.headers.authorization ?? '';
    const presented = digest(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
    if (!crypto.timingSafeEqual(presented, expected))
      throw new ApiError('INGEST_SERVER_UNAUTHORIZED');
  };
}
