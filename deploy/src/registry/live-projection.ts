import { isRemoteName } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';
import type { FallbackCount } from './fallback-counter';
import { lastKnownGoodOf, versionsWithFallbacks } from './last-known-good';
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
  const canaries: NonNullable<LiveState['canaries']> = {};
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
    if (release.canary) {
      // A canary's browsers fall back to the stable version everyone else is getting right now,
      // unless viewers have fallen back from that too; then to its last-known-good (decision 140).
      const stableFailed = versionsWithFallbacks(app, fallbacks).has(release.version);
      const fallback = stableFailed ? lastKnownGood : release.version;
      canaries[app] = {
        percent: release.canary.percent,
        entry: {
          version: release.canary.version,
          manifestUrl: manifestUrlOf(assetOrigin, app, release.canary.version),
          lastKnownGoodManifestUrl: fallback ? manifestUrlOf(assetOrigin, app, fallback) : null,
        },
      };
    }
  }
  return {
    revision,
    shell: apps.shell ? { version: apps.shell.version } : null,
    releaseMap,
    ...(Object.keys(canaries).length > 0 ? { canaries } : {}),
  };
}
