import { meetsQuorum, meetsSignedInQuorum } from '../signals/quorum';
import type { Quorum, Reporters } from '../signals/quorum';

/**
 * When fallback reports veto a version as a last-known-good (decisions 060, 157, 411). A veto
 * must not be cheaper than a real outage is likely:
 * - anonymous reports never veto (a browser seed is free; a network costs little): a quorum of
 *   them is shown as a warning;
 * - signed-in viewers do, at least `quorum.accounts` and a share of the version's page views
 *   (`quorum.share`), on `quorum.networks` networks;
 * - a veto expires `vetoHours` after its last report, and a release manager can clear it with a
 *   reason (`clear-veto`): the viewers who reported until then are excused, and only new ones
 *   can veto again.
 */
export interface VetoContext {
  now?: Date;
  /** Hours after its last report that a veto lapses. Default DEFAULT_VETO_HOURS. */
  vetoHours?: number;
  /** The version's page views (real-user signals), which scale the quorum. Default 0. */
  viewsOf?: (remote: string, version: string) => number;
  /** A release manager's clearance of this version's veto, if any. */
  clearanceOf?: (remote: string, version: string) => VetoClearance | null;
}

/** Recorded on the app by `clear-veto` (decision 411): who was excused, when, by whom and why. */
export interface VetoClearance {
  version: string;
  at: string;
  by: string;
  reason: string;
  /** The signed-in reporters known at the time: excused from vetoing this version again. */
  accounts: string[];
}

/** Three days: a real outage is rolled back or fixed long before; a stale veto does not linger. */
export const DEFAULT_VETO_HOURS = 72;

type Judged = true | 'anonymous' | 'few' | 'expired' | 'cleared';

export function judgeVeto(
  count: {
    remote: string;
    failedVersion: string;
    count: number;
    lastAt: string;
    legacy: boolean;
    reporters: Reporters;
  },
  quorum: Quorum,
  context: VetoContext,
): Judged {
  if (count.count <= 0) return 'few';
  const now = context.now ?? new Date();
  const hours = context.vetoHours ?? DEFAULT_VETO_HOURS;
  if (now.getTime() - Date.parse(count.lastAt) >= hours * 3_600_000) return 'expired';
  const clearance = context.clearanceOf?.(count.remote, count.failedVersion) ?? null;
  // Counts from before proofs named nobody: they veto until they expire or are cleared.
  if (count.legacy) return clearance ? 'cleared' : true;
  const excused = new Set(clearance?.accounts ?? []);
  const who = {
    accounts: (count.reporters.accounts ?? []).filter((id) => !excused.has(id)),
    accountNetworks: count.reporters.accountNetworks ?? [],
  };
  const views = context.viewsOf?.(count.remote, count.failedVersion) ?? 0;
  if (meetsSignedInQuorum(who, quorum, views)) return true;
  if (clearance && (count.reporters.accounts?.length ?? 0) > 0) return 'cleared';
  return meetsQuorum(count.reporters, quorum) ? 'anonymous' : 'few';
}
