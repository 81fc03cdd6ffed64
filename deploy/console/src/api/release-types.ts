/**
 * What the release API answers, as the console reads it: the registry's and the API's own
 * types, imported type-only (no server code reaches the bundle), so each is spelled once.
 */
export type {
  AppStatus,
  AutomaticRollback,
  CanaryFigures,
  CanaryHealth,
  CanarySeries,
  CommitResult,
  FallbackCount,
  HistoryEntry,
  PublishedArtifact,
  ReleaseHealth,
  ReleaseStatus,
  SeriesArm,
  SeriesMinute,
  VersionSignals,
} from '../../../src/http/release-console-types';
