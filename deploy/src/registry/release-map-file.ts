import fs from 'node:fs';
import path from 'node:path';
import { parseReleaseMap } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';

/** The live state: the shell version and the release map viewers get. */
export interface LiveState {
  shell: { version: string } | null;
  releaseMap: ReleaseMap;
}

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

/**
 * Written to a temp file and renamed, so the edge never reads half a map. Only the release
 * registry writes it (ReleaseRegistry.syncLiveMap, after each commit): every change goes through
 * the registry's log, contract gate and conflict check (decisions 030, 035).
 */
export function writeLiveState(file: string, state: LiveState): void {
  const body = `${JSON.stringify(state, null, 2)}\n`;
  // Fallback reports re-derive the map often; an unchanged map is not rewritten, so the edge
  // keeps its parsed copy and ETag.
  if (readIfExists(file) === body) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, body);
  fs.renameSync(temp, file);
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
