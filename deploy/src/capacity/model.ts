/**
 * The capacity model (issue 24 §4, decision 320): from what one viewer costs (the measured file)
 * and the stated assumptions, what an audience of N concurrent viewers needs. Pure arithmetic,
 * no I/O: the same inputs always give the same plan, so docs/capacity.md can be checked for
 * staleness against it.
 */
import type { Assumptions } from './assumptions';
import { ladderTotalKbps, meanViewerKbps } from './assumptions';
import type { Measured } from './measured';

export const TIERS = [10_000, 1_000_000, 10_000_000] as const;

export interface TierPlan {
  viewers: number;
  /** API cores busy at steady state (viewers' calls plus the origin's edge requests). */
  apiCoresSteady: number;
  /** Extra API cores busy while the tier joins (refresh, grant, playlists). */
  apiCoresJoining: number;
  /** Cores to provision: steady at the HPA target, and steady + joining under the ramp ceiling. */
  apiCores: number;
  apiReplicas: number;
  /** Requests from the CDN edges to the origin (on the API pods): per rendition, not per viewer. */
  originRequestsPerSec: number;
  /** The edges' cached token checks (`…/access`), one per viewer per cache period. */
  accessChecksPerSec: number;
  joinsPerSec: number;
  /** Write transactions at steady state: renewals, and trial heartbeats. */
  pgWritesPerSec: number;
  /** Write transactions at the peak of the join window (steady plus joins). */
  pgWritesPerSecPeak: number;
  /** All transactions at steady state (measured per viewer-minute). */
  pgTransactionsPerSec: number;
  pgReadsPerSec: number;
  pgConnections: number;
  /** null when the measured run had no Redis on the viewer's path. */
  redisOpsPerSec: number | null;
  redisOpsPerSecPeak: number;
  cdnEgressGbps: number;
  /** What the CDN does not serve from cache: misses, or at least every rendition per edge. */
  originEgressGbps: number;
}

/** Write transactions per watching viewer-minute, from the token and heartbeat intervals. */
export function writesPerViewerMinute(a: Assumptions): number {
  // A renewal writes the stream's lease (at most half way through the token's life, the
  // renewal margin before its end: decision 370); a heartbeat writes trial time and the lease.
  const renewAfter = (tokenSeconds: number) =>
    Math.max(tokenSeconds / 2, tokenSeconds - a.renewalMarginSeconds);
  const paid = 60 / renewAfter(a.paidTokenSeconds);
  // A trial heartbeat renews the token too (decision 373): the player renews by itself only
  // when no heartbeat came within the renewal's grace, i.e. heartbeats further apart than that.
  const heartbeatsRenew =
    a.heartbeatSeconds <= renewAfter(a.trialTokenSeconds) + a.heartbeatRenewalGraceSeconds;
  const trial =
    (heartbeatsRenew ? 0 : 60 / renewAfter(a.trialTokenSeconds)) + 60 / a.heartbeatSeconds;
  return (1 - a.trialShare) * paid + a.trialShare * trial;
}

/** Requests per second each edge location sends the origin under LL-HLS. */
export function originRequestsPerEdge(a: Assumptions): number {
  // Per rendition, a blocking playlist reload and its part every part duration, whatever the
  // audience: the edge collapses its viewers' identical requests into one (proxy_cache_lock).
  const renditions = a.ladder.length + a.audioRenditions;
  return (renditions * 2) / a.partSeconds;
}

export function planTier(viewers: number, m: Measured, a: Assumptions): TierPlan {
  const perSecond = viewers / 60;
  const originRequestsPerSec = a.cdnEdgeLocations * originRequestsPerEdge(a);
  const apiCoresSteady =
    (perSecond * m.apiCpuMsPerViewerMinute + originRequestsPerSec * a.originCpuMsPerRequest) / 1000;
  const joinsPerSec = viewers / a.joinWindowSeconds;
  const apiCoresJoining = (joinsPerSec * a.cpuMsPerJoin) / 1000;
  const apiCores = Math.max(
    apiCoresSteady / a.targetUtilization,
    (apiCoresSteady + apiCoresJoining) / a.rampCeiling,
  );
  const apiReplicas = Math.max(
    a.minReplicas,
    Math.ceil(apiCores / (a.podCpuRequestMillicores / 1000)),
  );

  const pgWritesPerSec = perSecond * writesPerViewerMinute(a);
  const pgTransactionsPerSec = Math.max(
    pgWritesPerSec,
    perSecond * m.pgTransactionsPerViewerMinute,
  );
  const redisSteady =
    m.redisOpsPerViewerMinute === null ? null : perSecond * m.redisOpsPerViewerMinute;

  const cdnEgressGbps = (viewers * meanViewerKbps(a)) / 1e6;
  const missesGbps = cdnEgressGbps * (1 - a.cdnHitRate);
  const perEdgeFloorGbps = (a.cdnEdgeLocations * ladderTotalKbps(a)) / 1e6;

  return {
    viewers,
    apiCoresSteady,
    apiCoresJoining,
    apiCores,
    apiReplicas,
    originRequestsPerSec,
    accessChecksPerSec: viewers / a.accessCacheSeconds,
    joinsPerSec,
    pgWritesPerSec,
    pgWritesPerSecPeak: pgWritesPerSec + joinsPerSec * a.writesPerJoin,
    pgTransactionsPerSec,
    pgReadsPerSec: pgTransactionsPerSec - pgWritesPerSec,
    pgConnections: apiReplicas * a.podDbPoolSize,
    redisOpsPerSec: redisSteady,
    redisOpsPerSecPeak: (redisSteady ?? 0) + joinsPerSec * a.redisOpsPerJoin,
    cdnEgressGbps,
    originEgressGbps: Math.max(missesGbps, perEdgeFloorGbps),
  };
}

export function planTiers(m: Measured, a: Assumptions): TierPlan[] {
  return TIERS.map((viewers) => planTier(viewers, m, a));
}
