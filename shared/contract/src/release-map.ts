/**
 * The release map: which version of each remote viewers get right now (docs/architecture.md §3).
 * The edge server inlines it into index.html; the shell validates it before trusting it.
 */
export const REMOTE_NAMES = [
  'mf-auth',
  'mf-billing',
  'mf-catalog',
  'mf-player',
  'mf-legal',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The host app: not a remote, but released and served like one. */
export const HOST_APP_NAME = 'shell';
/** Every app the release registry ships, host first. */
export const APP_NAMES = [HOST_APP_NAME, ...REMOTE_NAMES] as const;
export type AppName = (typeof APP_NAMES)[number];

export function isAppName(value: unknown): value is AppName {
  return typeof value === 'string' && (APP_NAMES as readonly string[]).includes(value);
}

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}

export interface ReleaseMapEntry {
  version: string;
  manifestUrl: string;
  /** The previous good version's manifest, used when the live one fails to load. */
  lastKnownGoodManifestUrl: string | null;
}

export interface ReleaseMap {
  schemaVersion: 1;
  remotes: Partial<Record<RemoteName, ReleaseMapEntry>>;
}

export class ReleaseMapError extends Error {
  override readonly name = 'ReleaseMapError';
}

const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
/** The same rule as a JSON Schema pattern (the release API's and ops events' schemas). */
export const RELEASE_VERSION_PATTERN = VERSION_PATTERN.source;

/** A release version is also a folder and URL segment: short, no slashes, no dot-dot start. */
export function isReleaseVersion(value: unknown): value is string {
  return typeof value === 'string' && VERSION_PATTERN.test(value);
}

/** Root-relative paths or absolute http(s) URLs only: never javascript:, data: or protocol-relative. */
function isSafeUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https?:\/\/[^\s]+$/i.test(value);
}

function parseEntry(name: string, raw: unknown): ReleaseMapEntry {
  if (typeof raw !== 'object' || raw === null) {
    throw new ReleaseMapError(`release map entry "${name}" is not an object`);
  }
  const entry = raw as Record<string, unknown>;
  if (!isReleaseVersion(entry.version)) {
    throw new ReleaseMapError(`release map entry "${name}" has an invalid version`);
  }
  if (!isSafeUrl(entry.manifestUrl)) {
    throw new ReleaseMapError(`release map entry "${name}" has an invalid manifestUrl`);
  }
  const lkg = entry.lastKnownGoodManifestUrl ?? null;
  if (lkg !== null && !isSafeUrl(lkg)) {
    throw new ReleaseMapError(
      `release map entry "${name}" has an invalid lastKnownGoodManifestUrl`,
    );
  }
  return { version: entry.version, manifestUrl: entry.manifestUrl, lastKnownGoodManifestUrl: lkg };
}

export interface ParsedReleaseMap {
  map: ReleaseMap;
  /** What was wrong and dropped. Empty when the map was fully valid. */
  problems: string[];
}

/**
 * Validates a release map. A bad entry drops only that remote (its screens show
 * "unavailable"), so one broken release never takes the whole site down.
 */
export function parseReleaseMap(raw: unknown): ParsedReleaseMap {
  const problems: string[] = [];
  const map: ReleaseMap = { schemaVersion: 1, remotes: {} };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { map, problems: ['release map is not an object'] };
  }
  const record = raw as Record<string, unknown>;
  if (record.schemaVersion !== 1) {
    return {
      map,
      problems: [`unsupported release map schemaVersion ${String(record.schemaVersion)}`],
    };
  }
  const remotes = record.remotes;
  if (typeof remotes !== 'object' || remotes === null || Array.isArray(remotes)) {
    return { map, problems: ['release map has no remotes object'] };
  }
  for (const [name, value] of Object.entries(remotes)) {
    if (!isRemoteName(name)) {
      problems.push(`unknown remote "${name}" ignored`);
      continue;
    }
    try {
      map.remotes[name] = parseEntry(name, value);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { map, problems };
}
