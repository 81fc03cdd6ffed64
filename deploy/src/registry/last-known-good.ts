import type { FallbackCount } from './fallback-counter';
import type { AppRelease, ProvenVersion } from './registry-log';

/** Proofs kept per app: enough for every trail entry (20) plus marks on versions not yet live. */
const MAX_PROVEN = 50;

/**
 * The last-known-good rule (decision 060). A version qualifies only if
 * - it was proven: live for at least the configured minimum time before a promote replaced it,
 *   or marked good by a release manager; and
 * - no viewer's browser ever reported falling back from it (a recorded fallback is a veto,
 *   whenever it arrives, whatever the basis), and it is not a canary that was rolled back
 *   (decision 140).
 * The last-known-good is the most recent earlier live version (trail) that qualifies, so a
 * broken build that was live for a minute can never become the version viewers fall back to.
 */
export function lastKnownGoodOf(
  app: string,
  release: AppRelease,
  fallbacks: readonly FallbackCount[],
): string | null {
  const failed = versionsWithFallbacks(app, fallbacks);
  for (const version of release.rejected ?? []) failed.add(version);
  const proven = new Set((release.proven ?? []).map((p) => p.version));
  for (let i = release.trail.length - 1; i >= 0; i -= 1) {
    const version = release.trail[i]!;
    if (version !== release.version && proven.has(version) && !failed.has(version)) {
      return version;
    }
  }
  return null;
}

/**
 * Versions of `app` that viewers fell back from: a quorum of distinct browsers and networks
 * with valid release proofs (decision 157; `vetoes`, set when the counts are read), or any count
 * from before proofs.
 */
export function versionsWithFallbacks(
  app: string,
  fallbacks: readonly FallbackCount[],
): Set<string> {
  return new Set(
    fallbacks
      .filter((f) => f.remote === app && f.count > 0 && f.vetoes !== false)
      .map((f) => f.failedVersion),
  );
}

/** `proven` with `version` (re)recorded on `basis`, newest last, capped. */
export function withProof(
  proven: readonly ProvenVersion[] | undefined,
  version: string,
  basis: ProvenVersion['basis'],
  at: Date,
): ProvenVersion[] {
  const others = (proven ?? []).filter((p) => p.version !== version);
  return [...others, { version, basis, at: at.toISOString() }].slice(-MAX_PROVEN);
}

/** `proven` without `version`: a rollback away from it says it went wrong. */
export function withoutProof(
  proven: readonly ProvenVersion[] | undefined,
  version: string,
): ProvenVersion[] {
  return (proven ?? []).filter((p) => p.version !== version);
}

/**
 * The proofs after a promote replaces the live version `leaving`: it served long enough (or
 * was already proven) or it did not; time alone never erases a proof.
 */
export function proofsAfterServing(
  leaving: AppRelease,
  now: Date,
  minLiveMs: number,
): ProvenVersion[] {
  const liveMs = now.getTime() - Date.parse(leaving.since);
  const already = (leaving.proven ?? []).some((p) => p.version === leaving.version);
  if (already || !(liveMs >= minLiveMs)) return [...(leaving.proven ?? [])];
  return withProof(leaving.proven, leaving.version, 'served', now);
}
