import type { AppName, ArtifactStore } from '../artifacts/artifact-store';
import type { FallbackCount } from './fallback-counter';
import type { Quorum } from '../signals/quorum';
import type { CanaryHealth, CanaryPolicy, SignalCounts } from './canary-health';
import type {
  AutomaticRollback,
  CanaryFigures,
  CanaryRelease,
  FsRegistryLog,
  RegistryApps,
  ReleaseAction,
  ReleaseChange,
} from './registry-log';

export interface ReleaseContext {
  actor: string;
  reason?: string | null;
  /** Optimistic concurrency from the caller's side: refuse unless the registry is still here. */
  ifRevision?: number;
}

export interface CommitResult {
  revision: number;
  changes: ReleaseChange[];
}

export interface PublishResult {
  app: AppName;
  version: string;
  created: boolean;
  contract: string | number;
  revision: number;
}

export interface HistoryEntry {
  revision: number;
  at: string;
  actor: string;
  action: ReleaseAction;
  app: AppName;
  from: string | null;
  to: string;
  reason: string | null;
  /** A canary's share of browsers (action `canary`). */
  percent?: number;
  /** A `canary-rollback` the canary guard made by itself. */
  automatic?: boolean;
}

export interface AppStatus {
  app: AppName;
  version: string;
  lastKnownGood: string | null;
  contract: string | number | null;
  since: string;
  by: string;
  /** Viewers whose browser failed to load this live version and fell back (ops events). */
  fallbacks: number;
  /** The canary running for this app, with the guard's current verdict. */
  canary: (CanaryRelease & { health: CanaryHealth }) | null;
  lastAutomaticRollback: AutomaticRollback | null;
}

export interface ReleaseStatus {
  revision: number;
  apps: AppStatus[];
  /** Every counted fallback, including older versions no longer live. */
  fallbacks: FallbackCount[];
}

export interface RegistryOptions {
  /** Folder of the registry: revisions/ (the log) and fallbacks/ (ops-event counts). */
  registryDir: string;
  store: ArtifactStore;
  /** The live projection the edge serves and inlines: {revision, shell, releaseMap}. */
  liveMapFile: string;
  /** Manifest URLs point here when set (a CDN origin); root-relative otherwise. */
  assetOrigin: string | null;
  /**
   * How long a version must be live, before a promote replaces it, to be proven good enough to
   * be a last-known-good (decision 060). Default 0: every replaced version without fallbacks.
   */
  minLiveMs?: number;
  /** The registry's clock (tests inject one). */
  now?: () => Date;
  /**
   * Real-user signal counts per version of `app` since `since` (deploy/src/signals): what the
   * canary guard and `status` judge a canary by. Absent: no signals, every canary "collecting".
   */
  signals?: (app: string, since: Date) => SignalCounts[];
  /** When the canary guard rolls a canary back by itself (decision 141). */
  canaryPolicy?: CanaryPolicy;
  /**
   * Distinct browsers and networks whose proven fallback reports veto a version as a
   * last-known-good (decision 157). Default DEFAULT_QUORUM.
   */
  quorum?: Quorum;
  /** Hours after its last report that a veto lapses (decision 411). Default DEFAULT_VETO_HOURS. */
  vetoHours?: number;
}

/** What one commit changes: built from revision N's apps, committed as N+1 (null: nothing). */
export type RegistryChange = (apps: RegistryApps) => Promise<{
  action: ReleaseAction;
  changes: ReleaseChange[];
  apps: RegistryApps;
  automatic?: { figures: CanaryFigures };
} | null>;

/**
 * The registry as its operations (publish, canary, mark-good) see it: the one door every change
 * goes through, and what they read. ReleaseRegistry implements it; the operations depend on this
 * and not on the class, so the class can call them without an import loop.
 */
export interface RegistryDoor {
  readonly store: ArtifactStore;
  readonly log: FsRegistryLog;
  now(): Date;
  fallbacks(): FallbackCount[];
  history(app?: string, limit?: number): HistoryEntry[];
  commit(context: ReleaseContext, change: RegistryChange): Promise<CommitResult>;
}
