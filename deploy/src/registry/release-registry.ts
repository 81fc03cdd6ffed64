import type { AppName, ArtifactStore } from '../artifacts/artifact-store';
import { judgeRunningCanary } from './canary-health';
import type { CanaryHealth } from './canary-health';
import { canaryRollback, startCanary } from './canary-release';
import { readFallbackCounts } from './fallback-counter';
import type { FallbackCount } from './fallback-counter';
import { lastKnownGoodOf } from './last-known-good';
import { liveStateOf } from './live-projection';
import { clearVeto } from './clear-veto';
import { markGood } from './mark-good';
import { publishBuild, registerUploaded } from './publish';
import { FsRegistryLog, RevisionTakenError } from './registry-log';
import type { AppRelease, ReleaseChange, RevisionRecord } from './registry-log';
import { historyOf, statusOf } from './registry-reports';
import { ReleaseError } from './release-error';
import { checkReleaseGates, manifestFactsOf } from './release-gates';
import { checkApp, checkContext, checkVersion } from './release-input';
import { promotedRelease, rolledBackRelease } from './release-transitions';
import { writeLiveState } from './release-map-file';
import type { LiveState } from './release-map-file';
import type {
  CommitResult,
  HistoryEntry,
  PublishResult,
  RegistryChange,
  RegistryDoor,
  RegistryOptions,
  ReleaseContext,
  ReleaseStatus,
} from './release-types';

/**
 * The release registry: the live release map plus an append-only history, over an artifact
 * store. Every change reads revision N and commits N+1 only if nobody else did (FsRegistryLog),
 * so two concurrent promotions never lose an update: the loser gets RELEASE_CONFLICT.
 */
export class ReleaseRegistry implements RegistryDoor {
  readonly log: FsRegistryLog;

  constructor(readonly options: RegistryOptions) {
    this.log = new FsRegistryLog(options.registryDir);
  }

  get store(): ArtifactStore {
    return this.options.store;
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Every counted fallback, each marked whether it vetoes its version (decisions 157, 411): by
   * signed-in viewers scaled to the version's page views, not expired, not cleared.
   */
  fallbacks(): FallbackCount[] {
    const apps = this.log.head()?.apps ?? {};
    const views = new Map<string, Map<string, number>>();
    const viewsOf = (remote: string, version: string) => {
      let byVersion = views.get(remote);
      if (!byVersion) {
        const counts = this.options.signals?.(remote, new Date(0)) ?? [];
        byVersion = new Map(counts.map((c) => [c.version, c.views]));
        views.set(remote, byVersion);
      }
      return byVersion.get(version) ?? 0;
    };
    return readFallbackCounts(this.options.registryDir, this.options.quorum, {
      now: this.now(),
      vetoHours: this.options.vetoHours,
      viewsOf,
      clearanceOf: (remote, version) =>
        apps[remote as AppName]?.clearedVetoes?.findLast((c) => c.version === version) ?? null,
    });
  }

  /**
   * Reads head N, builds N+1 with `change`, commits it only if N is still the head. Every
   * operation (here, canary-release.ts, mark-good.ts, the canary guard) changes the registry
   * through this one door.
   */
  async commit(context: ReleaseContext, change: RegistryChange): Promise<CommitResult> {
    const { actor, reason } = checkContext(context);
    const head = this.log.head();
    const base = head?.revision ?? 0;
    if (context.ifRevision !== undefined && context.ifRevision !== base) {
      throw new ReleaseError(
        'RELEASE_CONFLICT',
        `The registry is at revision ${base}, not ${context.ifRevision}: someone released in between. Check \`status\` and try again.`,
      );
    }
    const next = await change(structuredClone(head?.apps ?? {}));
    if (!next || next.changes.length === 0) return { revision: base, changes: [] };
    const record: RevisionRecord = {
      revision: base + 1,
      at: this.now().toISOString(),
      actor,
      action: next.action,
      reason,
      changes: next.changes,
      apps: next.apps,
      ...(next.automatic ? { automatic: next.automatic } : {}),
    };
    try {
      this.log.commit(record);
    } catch (error) {
      if (!(error instanceof RevisionTakenError)) throw error;
      const winner = this.log.read(record.revision);
      const what = winner.changes.map((c) => `${c.app} ${c.to}`).join(', ');
      throw new ReleaseError(
        'RELEASE_CONFLICT',
        `Conflict: while this ${next.action} was being prepared, ${winner.actor} committed revision ${winner.revision} (${winner.action} ${what}). Nothing was changed by this ${next.action}; check \`status\` and run it again.`,
      );
    }
    this.syncLiveMap();
    return { revision: record.revision, changes: record.changes };
  }

  /**
   * Writes the live projection of the newest revision. Re-checks the head after each write, so a
   * slow writer can never leave an older map behind a newer commit. Also called when fallback
   * reports arrive: a version viewers fell back from stops being anyone's last-known-good.
   */
  syncLiveMap(): void {
    for (;;) {
      const head = this.log.head();
      if (!head) return;
      writeLiveState(
        this.options.liveMapFile,
        liveStateOf(head.apps, head.revision, this.options.assetOrigin, this.fallbacks()),
      );
      if ((this.log.head()?.revision ?? 0) === head.revision) return;
    }
  }

  /** The live projection as the edge serves it. */
  liveState(): LiveState & { revision: number } {
    const head = this.log.head();
    return liveStateOf(
      head?.apps ?? {},
      head?.revision ?? 0,
      this.options.assetOrigin,
      this.fallbacks(),
    );
  }

  /** Puts a build into the artifact store and records it in the history (publish.ts). */
  publish(app: string, buildDir: string, packageVersion: string, context: ReleaseContext) {
    return publishBuild(this, app, buildDir, packageVersion, context);
  }

  /** Records a version already uploaded to the store (publish.ts). */
  register(app: string, version: unknown, context: ReleaseContext): Promise<PublishResult> {
    return registerUploaded(this, app, version, context);
  }

  /**
   * Makes the given versions live, all in one revision (atomically), after the contract gate has
   * passed on the resulting set. A version that is already live is left alone.
   */
  async promote(
    versions: Partial<Record<string, string>>,
    context: ReleaseContext,
  ): Promise<CommitResult> {
    const requested = Object.entries(versions).map(
      ([app, version]) => [checkApp(app), version] as const,
    );
    if (requested.length === 0) {
      throw new ReleaseError('INVALID_REQUEST', 'Name at least one app and version to promote.');
    }
    for (const [app, version] of requested) checkVersion(app, version);
    return this.commit(context, async (apps) => {
      const changes: ReleaseChange[] = [];
      const now = this.now();
      for (const [app, version] of requested) {
        const current = apps[app];
        const canary = current?.canary;
        if (canary && canary.version !== version) {
          throw new ReleaseError(
            'CANARY_RUNNING',
            `A canary of ${app} ${canary.version} is running (${canary.percent} %, since ${canary.since}, by ${canary.by}). Promote ${canary.version} to finish it, or roll it back, before promoting ${version}.`,
          );
        }
        if (current?.version === version) continue;
        const facts = await manifestFactsOf(this.store, app, version!);
        apps[app] = promotedRelease(current, version!, facts, {
          now,
          actor: checkContext(context).actor,
          minLiveMs: this.options.minLiveMs ?? 0,
        });
        changes.push({ app, from: current?.version ?? null, to: version! });
      }
      checkReleaseGates(
        apps,
        changes.map((c) => c.app),
      );
      // A new shell must also serve the canaries still running (their browsers get them).
      if (changes.some((c) => c.app === 'shell'))
        checkReleaseGates(apps, ['shell'], { canariesLive: true });
      return { action: 'promote', changes, apps };
    });
  }

  /**
   * Goes back to the last-known-good (the most recent earlier version that qualifies, decision
   * 060), or to any published `to`. The version being left is dropped from the trail and loses
   * its proof: it is the one that went wrong.
   */
  async rollback(
    appName: string,
    to: string | null,
    context: ReleaseContext,
  ): Promise<CommitResult> {
    const app = checkApp(appName);
    if (to !== null) checkVersion(app, to);
    return this.commit(context, async (apps) => {
      const current = apps[app];
      if (!current) {
        throw new ReleaseError(
          'NO_PREVIOUS_VERSION',
          `${app} is not live, so there is nothing to roll back.`,
        );
      }
      if (current.canary) {
        // While a canary runs, rollback aborts it (and only that): the stable version stays.
        if (to !== null) {
          throw new ReleaseError(
            'CANARY_RUNNING',
            `A canary of ${app} ${current.canary.version} is running: \`rollback ${app}\` aborts it. Roll it back first, then roll back to ${to}.`,
          );
        }
        return canaryRollback(apps, app, current, null);
      }
      const target = to ?? lastKnownGoodOf(app, current, this.fallbacks());
      if (!target) {
        throw new ReleaseError(
          'NO_PREVIOUS_VERSION',
          current.trail.length === 0
            ? `${app} has no previous version to roll back to (live: ${current.version}). Use --to <version>.`
            : `${app} has no last-known-good: none of its earlier versions (${current.trail.join(', ')}) was live long enough or marked good without fallbacks. Use --to <version>, or mark-good a version first.`,
        );
      }
      if (target === current.version) {
        throw new ReleaseError('INVALID_REQUEST', `${app} ${target} is already live.`);
      }
      const facts = await manifestFactsOf(this.store, app, target);
      apps[app] = rolledBackRelease(current, target, facts, {
        now: this.now(),
        actor: checkContext(context).actor,
      });
      checkReleaseGates(apps, [app]);
      return { action: 'rollback', changes: [{ app, from: current.version, to: target }], apps };
    });
  }

  /** Starts a canary (decision 140; canary-release.ts). */
  canary(app: string, version: unknown, percent: unknown, context: ReleaseContext) {
    return startCanary(this, app, version, percent, context);
  }

  /** The canary guard's current verdict on `app`'s running canary (decision 141). */
  canaryHealth(app: string, release: AppRelease): CanaryHealth | null {
    return judgeRunningCanary(this.options, app, release);
  }

  /** A release manager clears a version's veto, with a reason (clear-veto.ts, decision 411). */
  clearVeto(app: string, version: unknown, context: ReleaseContext): Promise<CommitResult> {
    return clearVeto(this, app, version, context);
  }

  /** A release manager vouches for a version (mark-good.ts). */
  markGood(app: string, version: unknown, context: ReleaseContext): Promise<CommitResult> {
    return markGood(this, app, version, context);
  }

  /** History, newest first; one entry per app changed. */
  history(app?: string, limit = Infinity): HistoryEntry[] {
    if (app !== undefined) checkApp(app);
    return historyOf(this.log.all(), app, limit);
  }

  /** What is live, with each remote's last-known-good, fallback count and running canary. */
  status(): ReleaseStatus {
    return statusOf(this.log.head(), this.fallbacks(), (app, release) =>
      this.canaryHealth(app, release),
    );
  }
}
