import fs from 'node:fs';
import type { ReleaseMap } from '@crease/contract';
import { readLiveState } from '../registry/release-map-file';
import type { LiveState } from '../registry/release-map-file';
import { releaseMapBody, releaseMapEtag } from './release-map-etag';

/** The live state plus what every request derives from it, computed once per state. */
export interface LiveView {
  state: LiveState;
  /** The /release-map.json body and its ETag (also inlined into index.html). */
  mapBody: string;
  mapEtag: string;
  /** Remote origins the CSP must allow. */
  remoteOrigins: string[];
}

export type LiveViewReader = () => LiveView;

/** Origins of remotes served from another host (a CDN): the CSP must allow their scripts. */
function remoteOrigins(map: ReleaseMap): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(map.remotes)) {
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
      const state = readLiveState(file);
      const view = {
        state,
        mapBody: releaseMapBody(state.releaseMap),
        mapEtag: releaseMapEtag(state.releaseMap),
        remoteOrigins: remoteOrigins(state.releaseMap),
      };
      cached = { version, view };
    }
    return cached.view;
  };
}
