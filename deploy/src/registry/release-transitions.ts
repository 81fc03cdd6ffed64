import { proofsAfterServing, withoutProof } from './last-known-good';
import type { AppRelease, AutomaticRollback, CanaryRelease } from './registry-log';

/** How many earlier live versions each app remembers for `rollback`. */
const TRAIL_LENGTH = 20;

/** Rejected canaries remembered per app: enough to veto every trail entry and more. */
const MAX_REJECTED = 50;

/** What an app keeps across every transition: its rejected canaries and the guard's last act. */
function kept(current: AppRelease | undefined) {
  return {
    ...(current?.rejected?.length ? { rejected: current.rejected } : {}),
    ...(current?.lastAutomaticRollback
      ? { lastAutomaticRollback: current.lastAutomaticRollback }
      : {}),
  };
}

/** What a build's mf-manifest.json declares: its contract and its federation runtime. */
export interface ManifestFacts {
  contract: string | number;
  runtime: string | null;
}

interface Change {
  now: Date;
  actor: string;
}

/**
 * An app's release after `version` is promoted over `current`: the replaced version joins the
 * trail and earns its proof here if it was live long enough (decision 060).
 */
export function promotedRelease(
  current: AppRelease | undefined,
  version: string,
  { contract, runtime }: ManifestFacts,
  { now, actor, minLiveMs }: Change & { minLiveMs: number },
): AppRelease {
  return {
    version,
    contract,
    runtime,
    trail: current
      ? [...current.trail.filter((v) => v !== version), current.version].slice(-TRAIL_LENGTH)
      : [],
    proven: current ? proofsAfterServing(current, now, minLiveMs) : [],
    since: now.toISOString(),
    by: actor,
    // A promote of the canary's version finishes it; any other promote is refused while one runs.
    canary: null,
    ...kept(current),
  };
}

/**
 * An app's release after rolling back from `current` to `target`: the trail is cut at the
 * target, and the version being left loses its proof (it is the one that went wrong).
 */
export function rolledBackRelease(
  current: AppRelease,
  target: string,
  { contract, runtime }: ManifestFacts,
  { now, actor }: Change,
): AppRelease {
  const index = current.trail.lastIndexOf(target);
  return {
    version: target,
    contract,
    runtime,
    trail: index >= 0 ? current.trail.slice(0, index) : current.trail,
    proven: withoutProof(current.proven, current.version),
    since: now.toISOString(),
    by: actor,
    canary: null,
    ...kept(current),
  };
}

/** `current` with a canary of `version` started: the live version and its trail are untouched. */
export function withCanary(
  current: AppRelease,
  version: string,
  percent: number,
  { contract, runtime }: ManifestFacts,
  { now, actor, reason }: Change & { reason: string | null },
): AppRelease {
  const canary: CanaryRelease = {
    version,
    percent,
    contract,
    runtime,
    since: now.toISOString(),
    by: actor,
    reason,
  };
  return { ...current, canary };
}

/**
 * `current` with its canary rolled back: the canary joins `rejected` (never a last-known-good,
 * decision 140); the live version, its trail and proofs are untouched.
 */
export function withoutCanary(
  current: AppRelease,
  automatic: AutomaticRollback | null,
): AppRelease {
  const version = current.canary?.version;
  const rejected = version
    ? [...(current.rejected ?? []).filter((v) => v !== version), version].slice(-MAX_REJECTED)
    : (current.rejected ?? []);
  return {
    ...current,
    canary: null,
    rejected,
    ...(automatic ? { lastAutomaticRollback: automatic } : {}),
  };
}
