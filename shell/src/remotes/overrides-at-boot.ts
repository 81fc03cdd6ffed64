import { isRemoteName } from '@crease/contract';
import type { ReleaseMap, RemoteName } from '@crease/contract';
import { OVERRIDES_STORAGE_KEY } from './override-storage-key';

/** A remote this browser loads from a developer's localhost build instead of the release. */
export interface ActiveOverride {
  remote: RemoteName;
  manifestUrl: string;
}

/** The developer overrides this page runs with. */
export interface BootOverrides {
  active: ActiveOverride[];
  /** The release map with the overridden remotes pointing at the developer's builds. */
  apply(map: ReleaseMap): ReleaseMap;
  /** Removes every override; the caller reloads so the released versions load. */
  clear(): void;
}

const NONE: BootOverrides = { active: [], apply: (map) => map, clear: () => undefined };

/**
 * Reads the developer overrides before the router sees the URL (see remote-overrides.ts).
 * Configuration enables them on a developer's machine only, so their code is fetched only then
 * and the first load of production pages does not carry it (decision 340). Disabled, any stored
 * ones are removed, so an entry left from a development session never survives into production.
 */
export async function overridesAtBoot(enabled: boolean): Promise<BootOverrides> {
  if (!enabled) {
    try {
      window.localStorage.removeItem(OVERRIDES_STORAGE_KEY);
    } catch {
      // a storage that throws (privacy mode) holds nothing to remove
    }
    return NONE;
  }
  const { applyOverrides, browserOverrideStorage, resolveOverrides } = await import(
    /* webpackChunkName: "remote-overrides" */ './remote-overrides'
  );
  const storage = browserOverrideStorage();
  const resolved = resolveOverrides({ enabled, storage, href: window.location.href, isRemoteName });
  for (const problem of resolved.problems) console.warn(`[crease] ${problem}`);
  if (resolved.cleanUrl !== null)
    window.history.replaceState(window.history.state, '', resolved.cleanUrl);
  return {
    active: Object.entries(resolved.overrides).map(([remote, manifestUrl]) => ({
      remote: remote as RemoteName,
      manifestUrl: manifestUrl!,
    })),
    apply: (map) => applyOverrides(map, resolved.overrides),
    clear: () => storage.remove(OVERRIDES_STORAGE_KEY),
  };
}
