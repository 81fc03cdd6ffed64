import { gzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/**
 * Which clients take a gzipped body: RFC 9110 Accept-Encoding with gzip (or `*`) listed without
 * q=0. Shared by every route that sends a large text body compressed once and kept (a match's
 * timeline, a long DVR playlist).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    return (coding === 'gzip' || coding === 'x-gzip' || coding === '*') && !refused;
  });
}

/** Below this a body goes as it is: gzip's header and the work buy almost nothing. */
const GZIP_FROM_BYTES = 4096;

/**
 * A cached text body gzipped for this request, or null when the client does not take gzip or
 * the body is too short to gain. The gzip is made once and kept on the cache entry, so every
 * later request that takes it gets the same bytes without compressing again.
 */
export function gzippedOnce(
  request: FastifyRequest,
  entry: { gzipped?: Buffer },
  text: string,
): Buffer | null {
  if (text.length < GZIP_FROM_BYTES || !acceptsGzip(request.headers['accept-encoding']))
    return null;
  entry.gzipped ??= gzipSync(text);
  return entry.gzipped;
}
