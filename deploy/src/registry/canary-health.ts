import { accountsNeeded } from '../signals/quorum';
import type { Quorum } from '../signals/quorum';
import type { CanaryArm, CanaryFigures } from './registry-log';

/**
 * When the canary guard may roll a canary back by itself (decision 141). Defaults: each arm needs
 * 200 page views; a rate must be worse with one-sided z >= 3.09 (p < 0.001) and by at least one
 * percentage point, so a huge sample cannot roll back over a negligible difference.
 */
export interface CanaryPolicy {
  minViews: number;
  threshold: number;
  minEffect: number;
  /**
   * Distinct browsers and networks the canary's failures or fallbacks must come from before it
   * is judged failing (decision 157); without it (unit tests of the test itself) none is needed.
   */
  quorum?: Quorum;
}

export const DEFAULT_CANARY_POLICY: CanaryPolicy = {
  minViews: 200,
  threshold: 3.09,
  minEffect: 0.01,
};

/**
 * `warning`: significantly worse, but on the word of anonymous browsers (or too few signed-in
 * viewers) only: shown to release managers, never rolled back by the guard (decision 411).
 */
export type CanaryVerdict = 'collecting' | 'healthy' | 'warning' | 'failing';

export interface CanaryHealth {
  verdict: CanaryVerdict;
  figures: CanaryFigures;
  /** One line a release manager can read: the rates, the counts and the test's z. */
  summary: string;
}

/** Per remote version, from the real-user signals since the canary started. */
export interface SignalCounts {
  version: string;
  views: number;
  loadFailures: number;
  crashes: number;
  fallbacks: number;
  /** Distinct browsers and networks behind the load failures, crashes and fallbacks. */
  badBrowsers?: number;
  badNetworks?: number;
  /** The signed-in viewers among them, and their networks (decision 411). */
  badAccounts?: number;
  badAccountNetworks?: number;
}

/** The counts of one arm: failures are views that failed to load or crashed, at most one per view. */
export function armOf(version: string, counts: readonly SignalCounts[]): CanaryArm {
  const found = counts.find((c) => c.version === version);
  const views = found?.views ?? 0;
  return {
    version,
    views,
    failures: Math.min(views, (found?.loadFailures ?? 0) + (found?.crashes ?? 0)),
    fallbacks: Math.min(views, found?.fallbacks ?? 0),
    reporters: {
      browsers: found?.badBrowsers ?? 0,
      networks: found?.badNetworks ?? 0,
      accounts: found?.badAccounts ?? 0,
      accountNetworks: found?.badAccountNetworks ?? 0,
    },
  };
}

/**
 * The one-sided two-proportion z-test with a pooled variance: how many standard errors the
 * canary's rate is above the stable one's. Null while an arm has no views; 0 when the pooled
 * rate is 0 or 1 (both arms identical: no evidence either way).
 */
export function oneSidedZ(
  canaryBad: number,
  canaryViews: number,
  stableBad: number,
  stableViews: number,
): number | null {
  if (canaryViews === 0 || stableViews === 0) return null;
  const pooled = (canaryBad + stableBad) / (canaryViews + stableViews);
  const variance = pooled * (1 - pooled) * (1 / canaryViews + 1 / stableViews);
  if (variance === 0) return 0;
  return (canaryBad / canaryViews - stableBad / stableViews) / Math.sqrt(variance);
}

const percent = (bad: number, views: number) =>
  views === 0 ? '-' : `${Math.round((bad / views) * 1000) / 10} %`;
const round = (z: number | null) => (z === null ? null : Math.round(z * 100) / 100);

function worse(
  z: number | null,
  canaryBad: number,
  canaryViews: number,
  stableBad: number,
  stableViews: number,
  policy: CanaryPolicy,
): boolean {
  if (z === null || z < policy.threshold) return false;
  return canaryBad / canaryViews - stableBad / stableViews >= policy.minEffect;
}

/** The guard's verdict on a canary against the stable version, from both arms' counts. */
export function judgeCanary(
  canary: CanaryArm,
  stable: CanaryArm,
  policy: CanaryPolicy = DEFAULT_CANARY_POLICY,
): CanaryHealth {
  const failureZ = oneSidedZ(canary.failures, canary.views, stable.failures, stable.views);
  const fallbackZ = oneSidedZ(canary.fallbacks, canary.views, stable.fallbacks, stable.views);
  const figures: CanaryFigures = {
    canary,
    stable,
    failureZ: round(failureZ),
    fallbackZ: round(fallbackZ),
    threshold: policy.threshold,
    minViews: policy.minViews,
  };
  const rates =
    `failures ${canary.failures}/${canary.views} (${percent(canary.failures, canary.views)}) vs ` +
    `${stable.failures}/${stable.views} (${percent(stable.failures, stable.views)}) on ${stable.version}, ` +
    `fallbacks ${canary.fallbacks}/${canary.views} vs ${stable.fallbacks}/${stable.views}`;
  if (canary.views < policy.minViews || stable.views < policy.minViews) {
    return {
      verdict: 'collecting',
      figures,
      summary: `Needs more page views: ${canary.views} canary and ${stable.views} stable of the ${policy.minViews} each needs; ${rates}.`,
    };
  }
  const failing =
    worse(failureZ, canary.failures, canary.views, stable.failures, stable.views, policy) ||
    worse(fallbackZ, canary.fallbacks, canary.views, stable.fallbacks, stable.views, policy);
  const zs = `z = ${figures.failureZ} (failures), ${figures.fallbackZ} (fallbacks); threshold ${policy.threshold}`;
  const who = canary.reporters;
  const quorum = policy.quorum;
  if (
    failing &&
    quorum &&
    who &&
    (who.browsers < quorum.browsers || who.networks < quorum.networks)
  ) {
    // Worse, but on the word of too few browsers or networks to act on (decision 157).
    return {
      verdict: 'collecting',
      figures,
      summary: `Worse than ${stable.version} so far, but its failures come from ${who.browsers} browsers on ${who.networks} networks; the guard needs ${quorum.browsers} on ${quorum.networks}: ${rates}; ${zs}.`,
    };
  }
  if (failing && quorum && who) {
    // Enough anonymous browsers, but a browser is free to mint: acting needs signed-in viewers,
    // as many as a share of the canary's page views, on enough networks (decision 411).
    const needed = accountsNeeded(quorum, canary.views);
    const accounts = who.accounts ?? 0;
    const networks = who.accountNetworks ?? 0;
    if (accounts < needed || networks < quorum.networks)
      return {
        verdict: 'warning',
        figures,
        summary: `Warning, not rolled back: worse than ${stable.version}, but ${accounts} of its ${who.browsers} reporting browsers were signed in, on ${networks} networks; an automatic rollback needs ${needed} signed-in viewers on ${quorum.networks}. Check it and roll it back by hand if it is real: ${rates}; ${zs}.`,
      };
  }
  return failing
    ? {
        verdict: 'failing',
        figures,
        summary: `Significantly worse than ${stable.version}: ${rates}; ${zs}.`,
      }
    : {
        verdict: 'healthy',
        figures,
        summary: `Not worse than ${stable.version}: ${rates}; ${zs}. Promote it to finish the release.`,
      };
}

/** The guard's verdict on `app`'s running canary, from the signals since it started. */
export function judgeRunningCanary(
  options: { signals?: (app: string, since: Date) => SignalCounts[]; canaryPolicy?: CanaryPolicy },
  app: string,
  release: { version: string; canary?: { version: string; since: string } | null },
): CanaryHealth | null {
  const canary = release.canary;
  if (!canary) return null;
  const counts = options.signals?.(app, new Date(canary.since)) ?? [];
  return judgeCanary(
    armOf(canary.version, counts),
    armOf(release.version, counts),
    options.canaryPolicy ?? DEFAULT_CANARY_POLICY,
  );
}
