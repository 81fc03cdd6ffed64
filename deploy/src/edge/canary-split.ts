import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { ReleaseMap, RemoteName } from '@crease/contract';
import type { LiveState } from '../registry/release-map-file';

/**
 * The browser's release seed (decision 140): 128 random bits the edge sets once, the first time
 * it serves a page or map while a canary runs. HttpOnly (only the edge reads it), host-only (never
 * sent to the API host), a year long, so a browser keeps its bucket across reloads and releases.
 */
export const RELEASE_SEED_COOKIE = 'crease_release_seed';
const SEED = /^[0-9a-f]{32}$/;
const SEED_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The seed from the browser's cookie, or null when there is none or it is not one the edge made. */
export function seedOf(cookie: string | undefined): string | null {
  return cookie !== undefined && SEED.test(cookie) ? cookie : null;
}

export function newSeed(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** How the seed cookie is set (through @fastify/cookie's `reply.setCookie`). */
export function seedCookieOptions(secure: boolean): CookieSerializeOptions {
  return { path: '/', maxAge: SEED_MAX_AGE_SECONDS, httpOnly: true, sameSite: 'lax', secure };
}

/**
 * The browser's bucket (0-99) for one canary. Salted with the remote and the canary's version:
 * sticky for the life of that canary (raising its percent keeps everyone already in it), while
 * each new canary draws a different slice of viewers instead of the same ones every time.
 */
export function bucketOf(seed: string, remote: RemoteName, version: string): number {
  const digest = crypto.createHash('sha256').update(`${seed}:${remote}@${version}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** The canaries this browser is in (remote names, sorted): the key of its map variant. */
export function canariesFor(state: LiveState, seed: string | null): RemoteName[] {
  if (!seed || !state.canaries) return [];
  return (
    Object.entries(state.canaries) as [RemoteName, NonNullable<LiveState['canaries']>[RemoteName]][]
  )
    .filter(
      ([remote, canary]) => canary && bucketOf(seed, remote, canary.entry.version) < canary.percent,
    )
    .map(([remote]) => remote)
    .sort();
}

/** The release map of a browser in `canaries`: their entries replaced by the canary's. */
export function mapWithCanaries(state: LiveState, canaries: readonly RemoteName[]): ReleaseMap {
  if (canaries.length === 0) return state.releaseMap;
  const remotes = { ...state.releaseMap.remotes };
  for (const remote of canaries) {
    const canary = state.canaries?.[remote];
    if (canary) remotes[remote] = canary.entry;
  }
  return { ...state.releaseMap, remotes };
}
