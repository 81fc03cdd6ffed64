import { proofsAfterServing, withoutProof } from './last-known-good';
import type { AppRelease } from './registry-log';

/** How many earlier live versions each app remembers for `rollback`. */
const TRAIL_LENGTH = 20;

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
  };
}
