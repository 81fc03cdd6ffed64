/**
 * What the capacity model assumes besides the measured file (decision 320). The media figures
 * come from the stream's own recipe (the renditions the origin serves), the timings from the
 * API's stream defaults and the player (checked against them in assumptions.test.ts); the rest
 * are stated planning figures, each with its reason in docs/capacity.md.
 */
import {
  AUDIO_KBPS,
  COMMENTARY,
  PART_SECONDS,
  RENDITION_RECIPES,
  SEGMENT_SECONDS,
} from 'api/media-recipe';

export interface LadderStep {
  name: string;
  /** The encoder's cap for the rendition (a real match uses it; the test card stays under it). */
  kbps: number;
  /** Share of viewers on this rendition. */
  share: number;
}

export interface Assumptions {
  ladder: LadderStep[];
  /** One commentary language plays with the video. */
  audioKbps: number;
  audioRenditions: number;
  segmentSeconds: number;
  partSeconds: number;
  /** Share of media bytes the CDN serves from its cache. */
  cdnHitRate: number;
  /** Edge locations pulling from the origin; each pulls every rendition once. */
  cdnEdgeLocations: number;
  /** How long the edge caches a token's access answer (docs/streams.md, decision 151). */
  accessCacheSeconds: number;
  paidTokenSeconds: number;
  trialTokenSeconds: number;
  /** A token is renewed this long before it ends, at most half way (decision 370). */
  renewalMarginSeconds: number;
  heartbeatSeconds: number;
  /**
   * How much later than renewAt the player renews a trial token by itself, waiting for the
   * heartbeat that brings it (HEARTBEAT_RENEWAL_GRACE_MS in @crease/contract, decision 373).
   */
  heartbeatRenewalGraceSeconds: number;
  /** Share of watching viewers on a trial (metered: heartbeats, shorter tokens). */
  trialShare: number;
  /** The whole tier joins within this window around the toss. */
  joinWindowSeconds: number;
  /** Write transactions per join: the refresh grant rotates the session, the grant opens a stream. */
  writesPerJoin: number;
  /** API CPU per join (refresh, entitlement, grant, master playlist). */
  cpuMsPerJoin: number;
  /** Redis operations per join (the page view's analytics beacon is rate limited in Redis). */
  redisOpsPerJoin: number;
  /** API CPU per origin request from an edge (a blocking playlist reload or a part). */
  originCpuMsPerRequest: number;
  /** The HPA's CPU target: the rest is headroom for the ramp and a lost zone. */
  targetUtilization: number;
  /** The most a pod may run during the join window. */
  rampCeiling: number;
  podCpuRequestMillicores: number;
  /** Pods spread over three zones. */
  minReplicas: number;
  /** node-postgres pool size per pod (api/src/platform/db/client.ts). */
  podDbPoolSize: number;
  /** The HPA's fastest scale-up: this share more pods per period (deploy/k8s, decision 321). */
  hpaScaleUpPercent: number;
  hpaScaleUpPeriodSeconds: number;
  /** One regional cluster (one HPA) is sized to carry this many viewers. */
  viewersPerCluster: number;
  limits: Limits;
}

/** What one instance of each shared part takes before it needs the fix docs/capacity.md names. */
export interface Limits {
  pgPrimaryWritesPerSec: number;
  pgReadsPerInstancePerSec: number;
  pgConnections: number;
  redisOpsPerSec: number;
  originEgressGbps: number;
  cdnEgressGbps: number;
}

/** Viewers per rendition: about half the audience is on phones (480p/720p), TVs pick 1080p. */
const LADDER_SHARE: Record<string, number> = { '1080p': 0.25, '720p': 0.45, '480p': 0.3 };

export const DEFAULT_ASSUMPTIONS: Assumptions = {
  ladder: RENDITION_RECIPES.map((r) => ({
    name: r.name,
    kbps: r.maxKbps,
    share: LADDER_SHARE[r.name] ?? 0,
  })),
  audioKbps: AUDIO_KBPS,
  audioRenditions: COMMENTARY.length,
  segmentSeconds: SEGMENT_SECONDS,
  partSeconds: PART_SECONDS,
  cdnHitRate: 0.98,
  cdnEdgeLocations: 200,
  accessCacheSeconds: 6,
  paidTokenSeconds: 120,
  trialTokenSeconds: 60,
  renewalMarginSeconds: 30,
  heartbeatSeconds: 30,
  heartbeatRenewalGraceSeconds: 10,
  trialShare: 0.2,
  joinWindowSeconds: 600,
  writesPerJoin: 2,
  cpuMsPerJoin: 13,
  redisOpsPerJoin: 1,
  originCpuMsPerRequest: 0.4,
  targetUtilization: 0.65,
  rampCeiling: 0.9,
  podCpuRequestMillicores: 1000,
  minReplicas: 3,
  podDbPoolSize: 20,
  hpaScaleUpPercent: 100,
  hpaScaleUpPeriodSeconds: 30,
  viewersPerCluster: 1_000_000,
  limits: {
    pgPrimaryWritesPerSec: 20_000,
    pgReadsPerInstancePerSec: 100_000,
    pgConnections: 5_000,
    redisOpsPerSec: 100_000,
    originEgressGbps: 40,
    cdnEgressGbps: 10_000,
  },
};

/** Mean media bitrate per viewer (video of the ladder mix plus one audio rendition), kbit/s. */
export function meanViewerKbps(a: Assumptions): number {
  return a.ladder.reduce((sum, step) => sum + step.kbps * step.share, 0) + a.audioKbps;
}

/** Every rendition once (what one edge location pulls at least), kbit/s. */
export function ladderTotalKbps(a: Assumptions): number {
  return a.ladder.reduce((sum, step) => sum + step.kbps, 0) + a.audioKbps * a.audioRenditions;
}
