import fs from 'node:fs';
import path from 'node:path';
import { isRemoteName, parseReleaseMap } from '@crease/contract';
import type { ReleaseMap, ReleaseMapEntry, RemoteName } from '@crease/contract';

/** A running canary as the edge applies it: its map entry, for `percent` % of browsers. */
export interface CanaryMapEntry {
  percent: number;
  entry: ReleaseMapEntry;
}

/** The live state: the shell version and the release map viewers get. */
export interface LiveState {
  /** The registry revision this state projects (a release proof names it, decision 155). */
  revision?: number;
  shell: { version: string } | null;
  releaseMap: ReleaseMap;
  /** Remote -> its running canary (decision 140); the edge resolves each browser's map. */
  canaries?: Partial<Record<RemoteName, CanaryMapEntry>>;
}

/** Only well-formed canaries of remotes in the map; anything else is ignored, never served. */
function parseCanaries(raw: unknown, map: ReleaseMap): LiveState['canaries'] {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const canaries: NonNullable<LiveState['canaries']> = {};
  for (const [remote, value] of Object.entries(raw as Record<string, unknown>)) {
    const candidate = value as { percent?: unknown; entry?: unknown } | null;
    const percent = candidate?.percent;
    if (!isRemoteName(remote) || !map.remotes[remote]) continue;
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 99)
      continue;
    const parsed = parseReleaseMap({ schemaVersion: 1, remotes: { [remote]: candidate?.entry } });
    const entry = parsed.map.remotes[remote];
    if (entry) canaries[remote] = { percent, entry };
  }
  return Object.keys(canaries).length > 0 ? canaries : undefined;
}

export function readLiveState(file: string): LiveState {
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      revision?: unknown;
      shell?: { version?: unknown };
      releaseMap?: unknown;
      canaries?: unknown;
    };
    const shellVersion = typeof raw.shell?.version === 'string' ? raw.shell.version : null;
    const releaseMap = parseReleaseMap(raw.releaseMap).map;
    const canaries = parseCanaries(raw.canaries, releaseMap);
    return {
      ...(Number.isInteger(raw.revision) ? { revision: raw.revision as number } : {}),
      shell: shellVersion ? { version: shellVersion } : null,
      releaseMap,
      ...(canaries ? { canaries } : {}),
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
