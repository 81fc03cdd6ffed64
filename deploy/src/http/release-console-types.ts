/**
 * The release console's wire types, spelled once: the registry's and the release API's own
 * types, as the console imports them (type-only, so no server code reaches its bundle). The
 * console is part of deploy (decision 126), so the lint walls let it import these.
 */
import type { DroppedFallbacks, FallbackCount } from '../registry/fallback-counter';
import type { SeriesArm, SeriesMinute } from '../signals/signal-series';
import type { DroppedSignals, VersionSignals } from '../signals/signal-store';

export type {
  AutomaticRollback,
  CanaryArm,
  CanaryFigures,
  CanaryRelease,
} from '../registry/registry-log';
export type { CanaryHealth } from '../registry/canary-health';
export type {
  AppStatus,
  CommitResult,
  HistoryEntry,
  ReleaseStatus,
} from '../registry/release-types';
export type {
  DroppedFallbacks,
  DroppedSignals,
  FallbackCount,
  SeriesArm,
  SeriesMinute,
  VersionSignals,
};

/** A published version of an app, as the console offers it for promote, rollback and canary. */
export interface PublishedArtifact {
  version: string;
  contract: string | number | null;
  publishedAt: string;
  publishedBy: string;
}

/** GET /health: real-user signals per version, fallback counts, what was refused. */
export interface ReleaseHealth {
  signalsAvailable: boolean;
  versions: VersionSignals[];
  fallbacks: FallbackCount[];
  dropped: DroppedSignals;
  droppedFallbacks: DroppedFallbacks;
}

/** GET /canary-series: the running canary of an app (or its most recent one) against stable. */
export interface CanarySeries {
  app: string;
  /** Null when the app never had a canary. */
  canary: {
    version: string;
    stable: string;
    since: string;
    /** When it was promoted or rolled back; null while it runs. */
    until: string | null;
    running: boolean;
  } | null;
  minutes: SeriesMinute[];
}
