import fs from 'node:fs';
import path from 'node:path';
import { isRemoteName, parseReleaseMap } from '@crease/contract';
import type { ReleaseMap, RemoteName } from '@crease/contract';

/** The live state: the shell version and the release map viewers get. */
export interface LiveState {
  shell: { version: string } | null;
  releaseMap: ReleaseMap;
}

export const manifestUrlOf = (app: string, version: string) =>
  `/apps/${app}/${version}/mf-manifest.json`;

export function readLiveState(file: string): LiveState {
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      shell?: { version?: unknown };
      releaseMap?: unknown;
    };
    const shellVersion = typeof raw.shell?.version === 'string' ? raw.shell.version : null;
    return {
      shell: shellVersion ? { version: shellVersion } : null,
      releaseMap: parseReleaseMap(raw.releaseMap).map,
    };
  } catch {
    return { shell: null, releaseMap: { schemaVersion: 1, remotes: {} } };
  }
}

/** Written to a temp file and renamed, so the edge never reads half a map. */
export function writeLiveState(file: string, state: LiveState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/**
 * Makes `versions` live. A remote whose live version changes keeps the old one as its
 * last-known-good, which the shell falls back to if the new one fails to load.
 */
export function promote(
  file: string,
  versions: Partial<Record<'shell' | RemoteName, string>>,
): LiveState {
  const state = readLiveState(file);
  for (const [app, version] of Object.entries(versions)) {
    if (!version) continue;
    if (app === 'shell') {
      state.shell = { version };
      continue;
    }
    if (!isRemoteName(app)) throw new Error(`unknown app "${app}"`);
    const previous = state.releaseMap.remotes[app];
    if (previous?.version === version) continue;
    state.releaseMap.remotes[app] = {
      version,
      manifestUrl: manifestUrlOf(app, version),
      lastKnownGoodManifestUrl: previous?.manifestUrl ?? null,
    };
  }
  writeLiveState(file, state);
  return state;
}
