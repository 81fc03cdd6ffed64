/**
 * What the release API answers, as the console reads it (deploy/src/registry/release-types.ts).
 * The canary fields come with the canary releases (issue 14); they are optional here so the
 * console works against a registry without them.
 */
export interface CanaryFigures {
  canary: { version: string; views: number; failures: number; fallbacks: number };
  stable: { version: string; views: number; failures: number; fallbacks: number };
  failureZ: number | null;
  fallbackZ: number | null;
  threshold: number;
  minViews: number;
}

export interface CanaryHealth {
  verdict: 'collecting' | 'healthy' | 'failing';
  figures?: CanaryFigures;
  summary: string;
}

export interface RunningCanary {
  version: string;
  percent: number;
  contract?: string | number;
  since: string;
  by: string;
  reason: string | null;
  health?: CanaryHealth;
}

export interface AutomaticRollback {
  at: string;
  version: string;
  reason: string;
  figures?: CanaryFigures;
}

export interface AppStatus {
  app: string;
  version: string;
  lastKnownGood: string | null;
  contract: string | number | null;
  since: string;
  by: string;
  fallbacks: number;
  canary?: RunningCanary | null;
  lastAutomaticRollback?: AutomaticRollback | null;
}

export interface ReleaseStatus {
  revision: number;
  apps: AppStatus[];
}

export interface HistoryEntry {
  revision: number;
  at: string;
  actor: string;
  action: string;
  app: string;
  from: string | null;
  to: string;
  reason: string | null;
  percent?: number;
  automatic?: boolean;
}

export interface PublishedArtifact {
  version: string;
  contract: string | number | null;
  publishedAt: string;
  publishedBy: string;
}

export interface VersionSignals {
  remote: string;
  version: string;
  views: number;
  loadFailures: number;
  fallbacks: number;
  crashes: number;
  vitals: Record<'LCP' | 'INP' | 'CLS', { count: number; p75: number | null }>;
  firstAt: string;
  lastAt: string;
}

export interface FallbackCount {
  remote: string;
  failedVersion: string;
  fallbackVersion: string;
  count: number;
  lastAt: string;
}

export interface ReleaseHealth {
  signalsAvailable: boolean;
  versions: VersionSignals[];
  fallbacks: FallbackCount[];
  /** Beacons the release service refused, by reason (decisions 131, 155). */
  dropped?: {
    invalid: number;
    unknownVersion: number;
    oversized: number;
    rateLimited: number;
    unsigned?: number;
    forgedProof?: number;
    expiredProof?: number;
    notServed?: number;
    overweight?: number;
  };
  /** Fallback reports refused, by reason (decision 155). */
  droppedFallbacks?: Partial<
    Record<
      'invalid' | 'unsigned' | 'forgedProof' | 'expiredProof' | 'notServed' | 'overweight',
      number
    >
  >;
}

export interface CommitResult {
  revision: number;
}
