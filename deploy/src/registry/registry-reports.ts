import { APP_NAMES } from '@crease/contract';
import type { AppName } from '../artifacts/artifact-store';
import type { FallbackCount } from './fallback-counter';
import { lastKnownGoodOf } from './last-known-good';
import type { CanaryHealth } from './canary-health';
import type { AppRelease, RevisionRecord } from './registry-log';
import type { AppStatus, HistoryEntry, ReleaseStatus } from './release-types';

/** History from the log's records, newest first; one entry per app changed. */
export function historyOf(
  records: readonly RevisionRecord[],
  app: string | undefined,
  limit: number,
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let i = records.length - 1; i >= 0 && entries.length < limit; i -= 1) {
    const record = records[i]!;
    for (const change of record.changes) {
      if (app !== undefined && change.app !== app) continue;
      entries.push({
        revision: record.revision,
        at: record.at,
        actor: record.actor,
        action: record.action,
        app: change.app,
        from: change.from,
        to: change.to,
        reason: record.reason,
        ...(change.percent !== undefined ? { percent: change.percent } : {}),
        ...(record.action === 'canary-rollback' ? { automatic: Boolean(record.automatic) } : {}),
      });
    }
  }
  return entries.slice(0, limit);
}

/** How many times viewers fell back from `version` of `app`. */
export function fallbackCountOf(
  fallbacks: readonly FallbackCount[],
  app: string,
  version: string,
): number {
  return fallbacks
    .filter((f) => f.remote === app && f.failedVersion === version)
    .reduce((sum, f) => sum + f.count, 0);
}

/** What is live at the head revision, with each remote's last-known-good and fallback count. */
export function statusOf(
  head: RevisionRecord | null,
  fallbacks: FallbackCount[],
  canaryHealth: (app: string, release: AppRelease) => CanaryHealth | null = () => null,
): ReleaseStatus {
  const apps: AppStatus[] = [];
  for (const [app, release] of Object.entries(head?.apps ?? {})) {
    if (!release) continue;
    apps.push({
      app: app as AppName,
      version: release.version,
      lastKnownGood: lastKnownGoodOf(app, release, fallbacks),
      contract: release.contract,
      since: release.since,
      by: release.by,
      fallbacks: fallbackCountOf(fallbacks, app, release.version),
      canary: release.canary ? { ...release.canary, health: canaryHealth(app, release)! } : null,
      lastAutomaticRollback: release.lastAutomaticRollback ?? null,
    });
  }
  apps.sort((a, b) => APP_NAMES.indexOf(a.app) - APP_NAMES.indexOf(b.app));
  return { revision: head?.revision ?? 0, apps, fallbacks };
}
