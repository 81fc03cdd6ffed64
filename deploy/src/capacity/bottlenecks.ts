/**
 * What breaks first (decision 322): each shared part's load from a tier's plan against what one
 * instance of it takes (Assumptions.limits), the audience at which it runs out, and the fix.
 */
import type { Assumptions } from './assumptions';
import type { Measured } from './measured';
import { planTier } from './model';
import type { TierPlan } from './model';
import type { ApiScalingPolicy } from './scaling-policy';

export interface Resource {
  id: string;
  name: string;
  unit: string;
  load(plan: TierPlan): number;
  limit: number;
  fix: string;
}

export function resources(a: Assumptions, policy: ApiScalingPolicy): Resource[] {
  const l = a.limits;
  return [
    {
      id: 'pg-writes',
      name: 'PostgreSQL primary writes (peak of the join window)',
      unit: 'writes/s',
      load: (p) => p.pgWritesPerSecPeak,
      limit: l.pgPrimaryWritesPerSec,
      fix: 'Take per-viewer writes off the primary: stream leases as Redis keys with the token’s TTL (the standing check reads them there, PostgreSQL keeps the grant and the close), and trial heartbeats into a queue that a worker settles in batches into a table partitioned by day.',
    },
    {
      id: 'pg-reads',
      name: 'PostgreSQL reads (one instance)',
      unit: 'reads/s',
      load: (p) => p.pgReadsPerSec,
      limit: l.pgReadsPerInstancePerSec,
      fix: 'Read replicas for the entitlement, event and session reads (the CDN’s token checks read nothing: each replica polls the revocation log once a second, decision 355); then cache the entitlement per account in Redis for its token’s life.',
    },
    {
      id: 'pg-connections',
      name: 'PostgreSQL connections (pods × pool)',
      unit: 'connections',
      load: (p) => p.pgConnections,
      limit: l.pgConnections,
      fix: 'PgBouncer in transaction mode between the pods and PostgreSQL, and a smaller pool per pod.',
    },
    {
      id: 'api-cluster',
      name: `API pods in one regional cluster (HPA maxReplicas ${policy.maxReplicas})`,
      unit: 'pods',
      load: (p) => p.apiReplicas,
      limit: policy.maxReplicas,
      fix: 'Another regional cluster behind geo-DNS with its own HPA (each sized for the 1M tier); the database tier is shared until it too is split by region.',
    },
    {
      id: 'redis',
      name: 'Redis (one primary)',
      unit: 'ops/s',
      load: (p) => p.redisOpsPerSecPeak,
      limit: l.redisOpsPerSec,
      fix: 'Redis Cluster (keys hashed across shards), or one Redis per region: the limits it holds are per client anyway.',
    },
    {
      id: 'origin-egress',
      name: 'Origin egress (the API pods serving the CDN)',
      unit: 'Gbit/s',
      load: (p) => p.originEgressGbps,
      limit: l.originEgressGbps,
      fix: 'An origin shield: one mid-tier cache per region between the edges and the origin, so misses from every edge collapse into one origin request per object.',
    },
    {
      id: 'cdn-egress',
      name: 'CDN egress (one provider’s commit)',
      unit: 'Gbit/s',
      load: (p) => p.cdnEgressGbps,
      limit: l.cdnEgressGbps,
      fix: 'Multi-CDN with traffic steering; under pressure cap the ladder at 720p (the player’s AUTO already adapts down).',
    },
  ];
}

/** The smallest audience at which `resource` runs out, or null if it never does below 10^10. */
export function breakingAudience(resource: Resource, m: Measured, a: Assumptions): number | null {
  const over = (viewers: number) => resource.load(planTier(viewers, m, a)) > resource.limit;
  let high = 1_000;
  while (!over(high)) {
    high *= 2;
    if (high > 1e10) return null;
  }
  let low = high / 2;
  if (over(low)) return low;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (over(mid)) high = mid;
    else low = mid;
  }
  return high;
}

export interface TierVerdict {
  viewers: number;
  /** Parts over their limit at this size, the first to run out first. */
  broken: { resource: Resource; load: number; atViewers: number }[];
  /** The next part to run out above this size, if any. */
  next: { resource: Resource; atViewers: number } | null;
}

export function verdicts(
  plans: TierPlan[],
  m: Measured,
  a: Assumptions,
  policy: ApiScalingPolicy,
): TierVerdict[] {
  const ranked = resources(a, policy)
    .map((resource) => ({ resource, atViewers: breakingAudience(resource, m, a) }))
    .filter((r): r is { resource: Resource; atViewers: number } => r.atViewers !== null)
    .sort((x, y) => x.atViewers - y.atViewers);
  return plans.map((plan) => ({
    viewers: plan.viewers,
    broken: ranked
      .filter((r) => r.atViewers <= plan.viewers)
      .map((r) => ({ ...r, load: r.resource.load(plan) })),
    next: ranked.find((r) => r.atViewers > plan.viewers) ?? null,
  }));
}
