import { STREAM_TOKEN_PARAM } from '@crease/contract';
import type { StreamToken } from '@crease/contract';

/**
 * The playback token rides in a query parameter of every playlist and segment URL. The origin
 * writes the token it was asked with into the playlists it serves, so after a renewal the URLs
 * hls.js already knows carry the old one: each request gets the current token written over it.
 */
export function withToken(url: string, token: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(STREAM_TOKEN_PARAM, token);
  return parsed.toString();
}

/**
 * When to renew: at the server's renewAt (plus `graceMs`), but at the latest 5 s before expiry (a
 * late timer or a slow answer must not let a segment request go out with a dead token), never
 * sooner than 1 s.
 */
export function renewDelayMs(token: StreamToken, now: number, graceMs = 0): number {
  const renewAt = Date.parse(token.renewAt);
  const expiresAt = Date.parse(token.expiresAt);
  const latest = Number.isFinite(expiresAt) ? expiresAt - 5000 : now + 30_000;
  const target = Number.isFinite(renewAt) ? Math.min(renewAt + graceMs, latest) : latest;
  return Math.max(1000, target - now);
}
