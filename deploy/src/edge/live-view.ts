import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReleaseMap } from '@crease/contract';
import {
  RELEASE_SEED_COOKIE,
  canariesFor,
  mapWithCanaries,
  newSeed,
  seedCookieOptions,
  seedOf,
} from './canary-split';
import { readLiveState } from '../registry/release-map-file';
import type { LiveState } from '../registry/release-map-file';
import { releaseMapBody, releaseMapEtag } from './release-map-etag';

/** One browser's release map (the stable map, or one with its canaries), body and ETag. */
export interface MapVariant {
  releaseMap: ReleaseMap;
  /** The /release-map.json body and its ETag (also inlined into index.html). */
  mapBody: string;
  mapEtag: string;
}

/** The live state plus what every request derives from it, computed once per state. */
export interface LiveView extends MapVariant {
  state: LiveState;
  /** Remote origins the CSP must allow (canaries' included). */
  remoteOrigins: string[];
  /** The map for a browser with this seed (decision 140); each variant is computed once. */
  variantFor(seed: string | null): MapVariant;
}

export type LiveViewReader = () => LiveView;

/** Origins of remotes served from another host (a CDN): the CSP must allow their scripts. */
function remoteOrigins(state: LiveState): string[] {
  const origins = new Set<string>();
  const entries = [
    ...Object.values(state.releaseMap.remotes),
    ...Object.values(state.canaries ?? {}).map((canary) => canary?.entry),
  ];
  for (const entry of entries) {
    for (const url of [entry?.manifestUrl, entry?.lastKnownGoodManifestUrl]) {
      if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
    }
  }
  return [...origins];
}

/**
 * Re-reads the live state only when the file changed, so a promote shows on the next page load;
 * in between, requests share one parsed state, map body, ETag and origin list.
 */
export function liveViewReader(file: string): LiveViewReader {
  let cached: { version: string; view: LiveView } | null = null;
  return () => {
    // Every registry commit renames a new file into place: a new inode even within one mtime tick.
    let version = 'none';
    try {
      const stat = fs.statSync(file);
      version = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      // no map yet: nothing is live
    }
    if (!cached || cached.version !== version) {
      cached = { version, view: viewOf(readLiveState(file)) };
    }
    return cached.view;
  };
}

function variantOf(releaseMap: ReleaseMap): MapVariant {
  return { releaseMap, mapBody: releaseMapBody(releaseMap), mapEtag: releaseMapEtag(releaseMap) };
}

function viewOf(state: LiveState): LiveView {
  const stable = variantOf(state.releaseMap);
  const variants = new Map<string, MapVariant>([['', stable]]);
  return {
    state,
    ...stable,
    remoteOrigins: remoteOrigins(state),
    variantFor(seed) {
      const canaries = canariesFor(state, seed);
      const key = canaries.join(',');
      let variant = variants.get(key);
      if (!variant) {
        variant = variantOf(mapWithCanaries(state, canaries));
        variants.set(key, variant);
      }
      return variant;
    },
  };
}

/**
 * The map this request's browser gets, and its seed. While a canary runs, a browser without a
 * seed gets one in this same response (Set-Cookie), so the split costs no request; with no
 * canary, nothing is set and the seed is the browser's own, if it has one (else null).
 */
export function browserVariant(
  live: LiveView,
  request: FastifyRequest,
  reply: FastifyReply,
): { variant: MapVariant; seed: string | null } {
  // request.cookies and reply.setCookie: @fastify/cookie, registered by the edge server.
  let seed = seedOf(request.cookies[RELEASE_SEED_COOKIE]);
  if (!live.state.canaries) return { variant: live, seed };
  if (!seed) {
    seed = newSeed();
    reply.setCookie(RELEASE_SEED_COOKIE, seed, seedCookieOptions(request.protocol === 'https'));
  }
  // Caches must not hand one browser's map to another.
  reply.header('vary', 'cookie');
  return { variant: live.variantFor(seed), seed };
}
