import { isRemoteName } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';
import type { FallbackCount } from './fallback-counter';
import { lastKnownGoodOf } from './last-known-good';
import type { RegistryApps } from './registry-log';
import type { LiveState } from './release-map-file';

export function manifestUrlOf(origin: string | null, app: string, version: string): string {
  return `${origin ?? ''}/apps/${app}/${version}/mf-manifest.json`;
}

/** The live projection viewers get: the release map (with last-known-good) and the shell version. */
export function liveStateOf(
  apps: RegistryApps,
  revision: number,
  assetOrigin: string | null,
  fallbacks: readonly FallbackCount[],
): LiveState & { revision: number } {
  const releaseMap: ReleaseMap = { schemaVersion: 1, remotes: {} };
  for (const [app, release] of Object.entries(apps)) {
    if (!release || !isRemoteName(app)) continue;
    const lastKnownGood = lastKnownGoodOf(app, release, fallbacks);
    releaseMap.remotes[app] = {
      version: release.version,
      manifestUrl: manifestUrlOf(assetOrigin, app, release.version),
      lastKnownGoodManifestUrl: lastKnownGood
        ? manifestUrlOf(assetOrigin, app, lastKnownGood)
        : null,
    };
  }
  return {
    revision,
    shell: apps.shell ? { version: apps.shell.version } : null,
    releaseMap,
  };
}
