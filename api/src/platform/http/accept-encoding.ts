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
export const GZIP_FROM_BYTES = 4096;
