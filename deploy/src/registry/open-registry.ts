import { FsArtifactStore } from '../artifacts/artifact-store';
import type { ArtifactStore } from '../artifacts/artifact-store';
import { S3ArtifactStore } from '../artifacts/s3-artifact-store';
import type { ReleaseConfig } from '../config';
import { readSignalTotals } from '../signals/signal-store';
import { DEFAULT_CANARY_POLICY } from './canary-health';
import { ReleaseRegistry } from './release-registry';

/** The artifact store the configuration names: the filesystem by default, S3 when configured. */
export function openArtifactStore(config: ReleaseConfig): ArtifactStore {
  const store = config.artifactStore;
  if (store.kind === 's3') {
    return new S3ArtifactStore(store);
  }
  return new FsArtifactStore(config.artifactsDir);
}

export function openRegistry(config: ReleaseConfig): ReleaseRegistry {
  return new ReleaseRegistry({
    registryDir: config.registryDir,
    store: openArtifactStore(config),
    liveMapFile: config.liveMapFile,
    assetOrigin: config.assetOrigin,
    minLiveMs: config.lkgMinLiveMs,
    canaryPolicy: {
      ...DEFAULT_CANARY_POLICY,
      minViews: config.canaryMinViews,
      quorum: config.quorum,
    },
    quorum: config.quorum,
    vetoHours: config.vetoHours,
    // The canary guard judges by the real-user signals stored next to the registry (decision 131).
    signals: (app, since) =>
      readSignalTotals(config.registryDir, {
        remote: app,
        since,
        retentionHours: config.signalsRetentionHours,
      }),
  });
}
