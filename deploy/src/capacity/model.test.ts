/** @jest-environment node */
import { SURGE_RUN } from '../testing/surge-run';
import { DEFAULT_ASSUMPTIONS, ladderTotalKbps, meanViewerKbps } from './assumptions';
import type { Assumptions } from './assumptions';
import { breakingAudience, resources, verdicts } from './bottlenecks';
import { originRequestsPerEdge, planTier, planTiers, writesPerViewerMinute } from './model';
import { apiScalingPolicy, secondsToScale } from './scaling-policy';

const a = DEFAULT_ASSUMPTIONS;
const m = SURGE_RUN;
/** The origin's edge requests alone, apart from the viewers, to isolate the per-viewer part. */
const noOrigin: Assumptions = { ...a, originCpuMsPerRequest: 0 };

describe('the capacity model', () => {
  it('plans 10k, 1M and 10M viewers', () => {
    expect(planTiers(m, a).map((p) => p.viewers)).toEqual([10_000, 1_000_000, 10_000_000]);
  });

  it('costs each viewer the measured API CPU, provisioned at the HPA target', () => {
    const plan = planTier(600_000, m, { ...noOrigin, cpuMsPerJoin: 0 });
    // 600k viewers × 6 ms per minute = 60 cores busy.
    expect(plan.apiCoresSteady).toBeCloseTo(60);
    expect(plan.apiCores).toBeCloseTo(60 / 0.65);
    expect(plan.apiReplicas).toBe(Math.ceil(60 / 0.65));
    expect(m.viewersPerApiCore).toBe(60_000 / m.apiCpuMsPerViewerMinute);
  });

  it('provisions for the join window when it costs more than the headroom', () => {
    const steep: Assumptions = { ...noOrigin, joinWindowSeconds: 10, cpuMsPerJoin: 50 };
    const plan = planTier(100_000, m, steep);
    // 10k joins/s × 50 ms = 500 cores joining on top of 10 steady.
    expect(plan.apiCoresJoining).toBeCloseTo(500);
    expect(plan.apiCores).toBeCloseTo(510 / 0.9);
  });

  it('never plans fewer than one pod per zone', () => {
    expect(planTier(1, m, noOrigin).apiReplicas).toBe(a.minReplicas);
  });

  it('counts the origin’s requests from every edge, even for a tiny audience', () => {
    // 200 edges × 25 requests/s × 0.4 ms = 2 cores.
    expect(planTier(1, m, a).apiCoresSteady).toBeCloseTo(2, 2);
  });

  it('writes per viewer-minute follow the token and heartbeat intervals', () => {
    // Paid: a renewal every 90 s (30 s before the 120 s token ends). Trial: a heartbeat every
    // 30 s, which renews the 60 s token too (decision 373).
    expect(writesPerViewerMinute({ ...a, trialShare: 0 })).toBeCloseTo(60 / 90);
    expect(writesPerViewerMinute({ ...a, trialShare: 1 })).toBe(2);
    // Heartbeats further apart than renewAt plus the grace: the player renews as well.
    expect(
      writesPerViewerMinute({ ...a, trialShare: 1, trialTokenSeconds: 120, heartbeatSeconds: 110 }),
    ).toBeCloseTo(60 / 90 + 60 / 110);
    // Renewed half way when the margin is more than half the token's life.
    expect(writesPerViewerMinute({ ...a, trialShare: 0, renewalMarginSeconds: 90 })).toBe(1);
    const plan = planTier(60_000, m, { ...a, trialShare: 0 });
    expect(plan.pgWritesPerSec).toBeCloseTo(1000 * (60 / 90));
    expect(plan.pgWritesPerSecPeak).toBeCloseTo(
      plan.pgWritesPerSec + (60_000 / a.joinWindowSeconds) * a.writesPerJoin,
    );
    expect(plan.pgTransactionsPerSec).toBeCloseTo(60_000 * (14 / 60));
    expect(plan.pgReadsPerSec).toBeCloseTo(plan.pgTransactionsPerSec - plan.pgWritesPerSec);
  });

  it('egress follows the ladder mix; the origin sends at least every rendition to every edge', () => {
    expect(meanViewerKbps(a)).toBeCloseTo(2500 * 0.25 + 1400 * 0.45 + 700 * 0.3 + 96);
    const big = planTier(10_000_000, m, a);
    expect(big.cdnEgressGbps).toBeCloseTo((10_000_000 * meanViewerKbps(a)) / 1e6);
    expect(big.originEgressGbps).toBeCloseTo(big.cdnEgressGbps * 0.02);
    const small = planTier(1_000, m, a);
    expect(small.originEgressGbps).toBeCloseTo((200 * ladderTotalKbps(a)) / 1e6);
  });

  it('origin requests depend on edges and renditions, not on viewers', () => {
    // 3 video + 2 audio renditions, a blocking reload and a part each, every 0.4 s.
    expect(originRequestsPerEdge(a)).toBeCloseTo(25);
    expect(planTier(10_000, m, a).originRequestsPerSec).toBe(
      planTier(10_000_000, m, a).originRequestsPerSec,
    );
  });

  it('counts Redis only as measured, and says so when it was not', () => {
    expect(planTier(60_000, m, a).redisOpsPerSec).toBeCloseTo(500);
    const none = planTier(60_000, { ...m, redisOpsPerViewerMinute: null }, a);
    expect(none.redisOpsPerSec).toBeNull();
    expect(none.redisOpsPerSecPeak).toBe((60_000 / a.joinWindowSeconds) * a.redisOpsPerJoin);
  });
});

describe('what breaks first', () => {
  const policy = apiScalingPolicy(m, a);

  it('finds the audience at which each part runs out', () => {
    const writes = resources(a, policy).find((r) => r.id === 'pg-writes')!;
    const at = breakingAudience(writes, m, a)!;
    const load = (n: number) => planTier(n, m, a).pgWritesPerSecPeak;
    expect(load(at)).toBeGreaterThan(a.limits.pgPrimaryWritesPerSec);
    expect(load(at - 1)).toBeLessThanOrEqual(a.limits.pgPrimaryWritesPerSec);
  });

  it('lists nothing at 10k and names the next limit; lists the broken parts, first first, at 10M', () => {
    const [small, , huge] = verdicts(planTiers(m, a), m, a, policy);
    expect(small!.broken).toEqual([]);
    expect(small!.next!.atViewers).toBeGreaterThan(10_000);
    expect(huge!.broken.length).toBeGreaterThan(0);
    const order = huge!.broken.map((b) => b.atViewers);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    for (const b of huge!.broken) expect(b.load).toBeGreaterThan(b.resource.limit);
  });

  it('one regional cluster carries its tier, and the next tier needs more clusters', () => {
    const [, million, huge] = verdicts(planTiers(m, a), m, a, policy);
    expect(million!.broken.map((b) => b.resource.id)).not.toContain('api-cluster');
    expect(huge!.broken.map((b) => b.resource.id)).toContain('api-cluster');
  });
});

describe('the replica policy', () => {
  it('bounds the HPA by the zones and the 1M tier, and targets the model’s utilization', () => {
    const policy = apiScalingPolicy(m, a);
    const million = planTier(1_000_000, m, a);
    expect(policy.minReplicas).toBe(3);
    expect(policy.maxReplicas).toBeGreaterThanOrEqual(million.apiReplicas);
    expect(policy.maxReplicas - million.apiReplicas).toBeLessThan(10);
    expect(policy.maxReplicas % 10).toBe(0);
    expect(policy.cpuTargetPercent).toBe(65);
    // A drain never takes more than the headroom above the target.
    expect(policy.pdbMaxUnavailablePercent).toBeLessThanOrEqual(100 - policy.cpuTargetPercent);
  });

  it('a costlier viewer needs more replicas', () => {
    const dearer = apiScalingPolicy({ ...m, apiCpuMsPerViewerMinute: 12 }, a);
    expect(dearer.maxReplicas).toBeGreaterThan(apiScalingPolicy(m, a).maxReplicas);
  });

  it('times the HPA’s climb from the floor at its fastest step, up to its cap', () => {
    const policy = { ...apiScalingPolicy(m, a), minReplicas: 3, maxReplicas: 100 };
    expect(secondsToScale(3, policy)).toBe(0);
    // 3 → 6 → 12 → 24: three doublings of 30 s.
    expect(secondsToScale(24, policy)).toBe(90);
    expect(secondsToScale(25, policy)).toBe(120);
    expect(secondsToScale(10_000, policy)).toBe(secondsToScale(100, policy));
  });
});
