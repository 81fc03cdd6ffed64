/**
 * The API's replica policy, from the model (decision 321): what deploy/k8s's HPA, resources and
 * PodDisruptionBudget must say. One regional cluster carries `viewersPerCluster` viewers; larger
 * audiences add clusters (docs/capacity.md).
 */
import type { Assumptions } from './assumptions';
import type { Measured } from './measured';
import { planTier } from './model';

export interface ApiScalingPolicy {
  minReplicas: number;
  maxReplicas: number;
  cpuTargetPercent: number;
  cpuRequestMillicores: number;
  /**
   * Pods a node drain may take at once, as a share of the replicas (rounded up by Kubernetes,
   * so at least one): never more than the headroom above the HPA target can cover.
   */
  pdbMaxUnavailablePercent: number;
  scaleUpPercent: number;
  scaleUpPeriodSeconds: number;
  viewersPerCluster: number;
}

/** Replica counts are rounded up to a multiple of this, so small re-measurements do not churn them. */
const REPLICA_STEP = 10;

export function apiScalingPolicy(m: Measured, a: Assumptions): ApiScalingPolicy {
  const cluster = planTier(a.viewersPerCluster, m, a);
  const headroomPercent = Math.round((1 - a.targetUtilization) * 100);
  return {
    minReplicas: a.minReplicas,
    maxReplicas: Math.max(
      a.minReplicas + 1,
      Math.ceil(cluster.apiReplicas / REPLICA_STEP) * REPLICA_STEP,
    ),
    cpuTargetPercent: Math.round(a.targetUtilization * 100),
    cpuRequestMillicores: a.podCpuRequestMillicores,
    // At most a third of the headroom, in steps of 5 %: a drain during a match leaves room for
    // the ramp.
    pdbMaxUnavailablePercent: Math.max(5, Math.floor(headroomPercent / 3 / 5) * 5),
    scaleUpPercent: a.hpaScaleUpPercent,
    scaleUpPeriodSeconds: a.hpaScaleUpPeriodSeconds,
    viewersPerCluster: a.viewersPerCluster,
  };
}

/**
 * How long the HPA takes from minReplicas to `replicas` (capped at maxReplicas) at its fastest
 * step, if the nodes are there: the case for raising minReplicas before the toss.
 */
export function secondsToScale(replicas: number, policy: ApiScalingPolicy): number {
  const target = Math.min(replicas, policy.maxReplicas);
  let pods = policy.minReplicas;
  let seconds = 0;
  while (pods < target) {
    pods = Math.ceil(pods * (1 + policy.scaleUpPercent / 100));
    seconds += policy.scaleUpPeriodSeconds;
  }
  return seconds;
}
