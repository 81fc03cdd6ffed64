import { isRemoteName } from '@crease/contract';
import type { ReleaseMap, RemoteName } from '@crease/contract';

/** localStorage key: JSON `{ "<remote>": "<manifest URL on localhost>" }`. */
export const OVERRIDES_STORAGE_KEY = 'crease:remote-overrides';
/** `?crease-override=mf-legal=http://localhost:3001/mf-manifest.json`, `mf-legal=` or `off`. */
export const OVERRIDE_QUERY_PARAM = 'crease-override';
/** The version an overridden remote reports: it is no release. */
export const OVERRIDE_VERSION = 'local-override';

export type RemoteOverrides = Partial<Record<RemoteName, string>>;

/** The storage calls we need; the browser's localStorage or a test's memory store. */
export interface OverrideStorage {
  get(key: string): string | null;
  set(key: string, value: string): unknown;
  remove(key: string): void;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_URL_LENGTH = 2048;

/**
 * Only a developer's own machine may stand in for a remote: http(s) on localhost or a
 * loopback address. Anything else would let a crafted link run a stranger's code on the site.
 */
export function isAllowedOverrideUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOCAL_HOSTS.has(url.hostname) &&
    url.username === '' &&
    url.password === ''
  );
}

/** Stored overrides, or null when the stored value is not a valid override map (garbage). */
export function parseStoredOverrides(raw: string | null): RemoteOverrides | null {
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const overrides: RemoteOverrides = {};
  for (const [remote, url] of Object.entries(value)) {
    if (!isRemoteName(remote) || !isAllowedOverrideUrl(url)) return null;
    overrides[remote] = url;
  }
  return overrides;
}

export interface QueryOverrideResult {
  overrides: RemoteOverrides;
  /** Whether the query asked for a change at all (the param was present). */
  touched: boolean;
  problems: string[];
}

/** Applies every `crease-override` query value, in order, to the current overrides. */
export function applyOverrideQuery(search: string, current: RemoteOverrides): QueryOverrideResult {
  const values = new URLSearchParams(search).getAll(OVERRIDE_QUERY_PARAM);
  const overrides: RemoteOverrides = { ...current };
  const problems: string[] = [];
  for (const value of values) {
    if (value === 'off') {
      for (const remote of Object.keys(overrides)) delete overrides[remote as RemoteName];
      continue;
    }
    const split = value.indexOf('=');
    const remote = split > 0 ? value.slice(0, split) : value;
    const url = split > 0 ? value.slice(split + 1) : null;
    if (!isRemoteName(remote)) {
      problems.push(`${OVERRIDE_QUERY_PARAM}: unknown remote "${remote.slice(0, 40)}" ignored`);
    } else if (url === null || url === '') {
      delete overrides[remote];
    } else if (!isAllowedOverrideUrl(url)) {
      problems.push(
        `${OVERRIDE_QUERY_PARAM}: ${remote} must point at http(s)://localhost or 127.0.0.1; ignored`,
      );
    } else {
      overrides[remote] = url;
    }
  }
  return { overrides, touched: values.length > 0, problems };
}

/** The URL without any `crease-override` parameter (null when there was none). */
export function withoutOverrideQuery(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has(OVERRIDE_QUERY_PARAM)) return null;
  url.searchParams.delete(OVERRIDE_QUERY_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface ResolvedOverrides {
  overrides: RemoteOverrides;
  /** Where the page should go (history.replaceState) once the query is consumed; null: stay. */
  cleanUrl: string | null;
  problems: string[];
}

/**
 * Reads the developer overrides at boot. Enabled (by configuration only): the query updates
 * the stored overrides, then they apply. Disabled: none apply and any stored ones are removed,
 * so an entry left from a development session never survives into production.
 */
export function resolveOverrides({
  enabled,
  storage,
  href,
}: {
  enabled: boolean;
  storage: OverrideStorage;
  href: string;
}): ResolvedOverrides {
  const problems: string[] = [];
  const raw = storage.get(OVERRIDES_STORAGE_KEY);
  if (!enabled) {
    if (raw !== null) storage.remove(OVERRIDES_STORAGE_KEY);
    return { overrides: {}, cleanUrl: null, problems };
  }
  let stored = parseStoredOverrides(raw);
  if (stored === null) {
    problems.push(`${OVERRIDES_STORAGE_KEY} held an invalid value; removed`);
    storage.remove(OVERRIDES_STORAGE_KEY);
    stored = {};
  }
  const query = applyOverrideQuery(new URL(href).search, stored);
  problems.push(...query.problems);
  if (query.touched) {
    if (Object.keys(query.overrides).length === 0) storage.remove(OVERRIDES_STORAGE_KEY);
    else storage.set(OVERRIDES_STORAGE_KEY, JSON.stringify(query.overrides));
  }
  return { overrides: query.overrides, cleanUrl: withoutOverrideQuery(href), problems };
}

/**
 * The map with overridden remotes pointing at the developer's build. No last-known-good: if
 * the local build is down the developer should see that, not silently get the deployed one.
 */
export function applyOverrides(map: ReleaseMap, overrides: RemoteOverrides): ReleaseMap {
  const names = Object.keys(overrides) as RemoteName[];
  if (names.length === 0) return map;
  const remotes = { ...map.remotes };
  for (const remote of names) {
    const manifestUrl = overrides[remote];
    if (!manifestUrl) continue;
    remotes[remote] = { version: OVERRIDE_VERSION, manifestUrl, lastKnownGoodManifestUrl: null };
  }
  return { ...map, remotes };
}

/** The browser's localStorage; a storage that throws (privacy mode) reads as empty. */
export const browserOverrideStorage = (): OverrideStorage => ({
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // not persisted: the override applies to this page only
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
});
