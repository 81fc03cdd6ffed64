import fs from 'node:fs';
import path from 'node:path';
import { ArtifactMissingError } from '../artifacts/artifact-store';
import type { AppName, ArtifactStore } from '../artifacts/artifact-store';
import { checkContractGate, contractOf } from './contract-gate';
import { checkFederationRuntimeGate, federationRuntimeOf } from './federation-runtime-gate';
import { readFallbackCounts } from './fallback-counter';
import type { FallbackCount } from './fallback-counter';
import { lastKnownGoodOf, versionsWithFallbacks, withProof } from './last-known-good';
import { liveStateOf } from './live-projection';
import { FsRegistryLog, RevisionTakenError } from './registry-log';
import type { RegistryApps, ReleaseAction, ReleaseChange, RevisionRecord } from './registry-log';
import { fallbackCountOf, historyOf, statusOf } from './registry-reports';
import { ReleaseError } from './release-error';
import { checkApp, checkContext, checkVersion } from './release-input';
import {
  promotedRelease,
  rolledBackRelease,
  withCanary,
  withoutCanary,
} from './release-transitions';
import { DEFAULT_CANARY_POLICY, armOf, judgeCanary } from './canary-health';
import type { CanaryHealth } from './canary-health';
import type { AppRelease, AutomaticRollback, CanaryFigures } from './registry-log';
import { writeLiveState } from './release-map-file';
import type { LiveState } from './release-map-file';
import type {
  CommitResult,
  HistoryEntry,
  PublishResult,
  RegistryOptions,
  ReleaseContext,
  ReleaseStatus,
} from './release-types';

/**
 * The release registry: the live release map plus an append-only history, over an artifact
 * store. Every change reads revision N and commits N+1 only if nobody else did (FsRegistryLog),
 * so two concurrent promotions never lose an update: the loser gets RELEASE_CONFLICT.
 */
export class ReleaseRegistry {
  readonly log: FsRegistryLog;

  constructor(readonly options: RegistryOptions) {
    this.log = new FsRegistryLog(options.registryDir);
  }

  get store(): ArtifactStore {
    return this.options.store;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private fallbacks(): FallbackCount[] {
    return readFallbackCounts(this.options.registryDir, this.options.quorum);
  }

  /** The contract and the federation runtime a stored build declares (both gates read them). */
  private async manifestFactsFor(
    app: AppName,
    version: string,
  ): Promise<{ contract: string | number; runtime: string | null }> {
    const manifest = await this.store.readFile(app, version, 'mf-manifest.json');
    if (!manifest) {
      throw new ReleaseError(
        'ARTIFACT_NOT_FOUND',
        `${app} ${version} is not in the artifact store. Publish it first (npm run release -- publish ${app}).`,
      );
    }
    return { contract: contractOf(app, manifest), runtime: federationRuntimeOf(app, manifest) };
  }

  /** Reads head N, builds N+1 with `change`, commits it only if N is still the head. */
  private async commit(
    context: ReleaseContext,
    change: (apps: RegistryApps) => Promise<{
      action: ReleaseAction;
      changes: ReleaseChange[];
      apps: RegistryApps;
      automatic?: { figures: CanaryFigures };
    } | null>,
  ): Promise<CommitResult> {
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

  /** Puts a build into the artifact store and records it in the history (when it is new). */
  async publish(
    appName: string,
    buildDir: string,
    packageVersion: string,
    context: ReleaseContext,
  ): Promise<PublishResult> {
    const app = checkApp(appName);
    checkContext(context);
    const manifestFile = path.join(buildDir, 'mf-manifest.json');
    if (!fs.existsSync(manifestFile)) {
      throw new ReleaseError(
        'ARTIFACT_NOT_FOUND',
        `${buildDir} has no mf-manifest.json: build ${app} first (npm run build -w ${app}).`,
      );
    }
    const manifest = fs.readFileSync(manifestFile);
    const contract = contractOf(app, manifest);
    federationRuntimeOf(app, manifest); // refuses a malformed runtime declaration now, not at promote
    let published;
    try {
      published = await this.store.publish(app, buildDir, packageVersion);
    } catch (error) {
      if (error instanceof ArtifactMissingError)
        throw new ReleaseError('ARTIFACT_NOT_FOUND', error.message);
      throw error;
    }
    const revision = published.created
      ? await this.record(app, published.version, context)
      : (this.log.head()?.revision ?? 0);
    return { app, version: published.version, created: published.created, contract, revision };
  }

  /**
   * Records a version already uploaded to the store (CI uploading straight to the bucket, the
   * HTTP API). Idempotent: a version already in the history is not recorded twice.
   */
  async register(
    appName: string,
    version: unknown,
    context: ReleaseContext,
  ): Promise<PublishResult> {
    const app = checkApp(appName);
    const checked = checkVersion(app, version);
    const { contract } = await this.manifestFactsFor(app, checked);
    const known = this.history(app).some((entry) => entry.to === checked);
    const revision = known
      ? (this.log.head()?.revision ?? 0)
      : await this.record(app, checked, context);
    return { app, version: checked, created: !known, contract, revision };
  }

  /** A publish changes nothing live, so a lost race is simply retried: it cannot lose an update. */
  private async record(app: AppName, version: string, context: ReleaseContext): Promise<number> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await this.commit({ ...context, ifRevision: undefined }, async (apps) => ({
          action: 'publish',
          changes: [{ app, from: null, to: version }],
          apps,
        }));
        return result.revision;
      } catch (error) {
        if (!(error instanceof ReleaseError && error.code === 'RELEASE_CONFLICT') || attempt >= 20)
          throw error;
      }
    }
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
        const facts = await this.manifestFactsFor(app, version!);
        apps[app] = promotedRelease(current, version!, facts, {
          now,
          actor: checkContext(context).actor,
          minLiveMs: this.options.minLiveMs ?? 0,
        });
        changes.push({ app, from: current?.version ?? null, to: version! });
      }
      checkContractGate(
        apps,
        changes.map((c) => c.app),
      );
      checkFederationRuntimeGate(
        apps,
        changes.map((c) => c.app),
      );
      // A new shell must also serve the canaries still running (their browsers get them).
      if (changes.some((c) => c.app === 'shell')) {
        checkContractGate(withCanariesLive(apps), ['shell']);
        checkFederationRuntimeGate(withCanariesLive(apps), ['shell']);
      }
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
      const facts = await this.manifestFactsFor(app, target);
      apps[app] = rolledBackRelease(current, target, facts, {
        now: this.now(),
        actor: checkContext(context).actor,
      });
      checkContractGate(apps, [app]);
      checkFederationRuntimeGate(apps, [app]);
      return { action: 'rollback', changes: [{ app, from: current.version, to: target }], apps };
    });
  }

  /**
   * Starts a canary (decision 140): `version` of a live remote goes to `percent` % of browsers,
   * each in a sticky bucket; the others keep the live version. The version must be published and
   * pass both gates against the live shell. One canary per remote at a time.
   */
  async canary(
    appName: string,
    version: unknown,
    percent: unknown,
    context: ReleaseContext,
  ): Promise<CommitResult> {
    const app = checkApp(appName);
    const checked = checkVersion(app, version);
    if (app === 'shell') {
      throw new ReleaseError(
        'INVALID_REQUEST',
        'Canaries are for remotes; the shell goes live with promote.',
      );
    }
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 99) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        `percent must be a whole number from 1 to 99, got ${JSON.stringify(percent ?? null)}.`,
      );
    }
    const { actor, reason } = checkContext(context);
    return this.commit(context, async (apps) => {
      const current = apps[app];
      if (!current) {
        throw new ReleaseError(
          'INVALID_REQUEST',
          `${app} is not live yet: promote a first version; a canary is measured against it.`,
        );
      }
      if (current.canary) {
        throw new ReleaseError(
          'CANARY_RUNNING',
          `A canary of ${app} ${current.canary.version} is already running (${current.canary.percent} %, since ${current.canary.since}, by ${current.canary.by}). Promote or roll it back first.`,
        );
      }
      if (current.version === checked) {
        throw new ReleaseError('INVALID_REQUEST', `${app} ${checked} is already live.`);
      }
      const facts = await this.manifestFactsFor(app, checked);
      apps[app] = withCanary(current, checked, percent, facts, { now: this.now(), actor, reason });
      checkContractGate(withCanariesLive(apps), [app]);
      checkFederationRuntimeGate(withCanariesLive(apps), [app]);
      return {
        action: 'canary',
        changes: [{ app, from: current.version, to: checked, percent }],
        apps,
      };
    });
  }

  /** The guard's verdict on `app`'s running canary, from the signals since it started. */
  canaryHealth(app: string, release: AppRelease): CanaryHealth | null {
    const canary = release.canary;
    if (!canary) return null;
    const counts = this.options.signals?.(app, new Date(canary.since)) ?? [];
    return judgeCanary(
      armOf(canary.version, counts),
      armOf(release.version, counts),
      this.options.canaryPolicy ?? DEFAULT_CANARY_POLICY,
    );
  }

  /**
   * The canary guard's own rollback: only of the canary it judged (`version`), and only while the
   * verdict is still "failing" when the commit is prepared, so a promote or a manual rollback in
   * between is never undone. Null when there was nothing to roll back.
   */
  async rollBackFailingCanary(app: AppName, version: string): Promise<AutomaticRollback | null> {
    const live = this.log.head()?.apps[app];
    if (live?.canary?.version !== version) return null;
    const health = this.canaryHealth(app, live);
    if (health?.verdict !== 'failing') return null;
    const reason = `Automatic rollback of the canary ${version}: ${health.summary}`;
    const rollback: AutomaticRollback = {
      at: this.now().toISOString(),
      version,
      reason,
      figures: health.figures,
    };
    const result = await this.commit({ actor: CANARY_GUARD_ACTOR, reason }, async (apps) => {
      const current = apps[app];
      if (!current || current.canary?.version !== version) return null;
      return canaryRollback(apps, app, current, rollback);
    });
    return result.changes.length > 0 ? rollback : null;
  }

  /**
   * A release manager vouches for a version (a canary checked by hand, an old build known to
   * work): it may then be the last-known-good without waiting for the minimum live time.
   * Needs a reason; recorded in the history. A version viewers fell back from is refused.
   */
  async markGood(
    appName: string,
    version: unknown,
    context: ReleaseContext,
  ): Promise<CommitResult> {
    const app = checkApp(appName);
    const checked = checkVersion(app, version);
    if (!checkContext(context).reason) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        'mark-good needs a reason (--reason): why is this version known to be good?',
      );
    }
    return this.commit(context, async (apps) => {
      const current = apps[app];
      if (!current) {
        throw new ReleaseError(
          'INVALID_REQUEST',
          `${app} is not live yet; promote a version before marking versions good.`,
        );
      }
      await this.manifestFactsFor(app, checked); // refuses a version that is not in the store
      if ((current.rejected ?? []).includes(checked)) {
        throw new ReleaseError(
          'VERSION_REJECTED',
          `${app} ${checked} cannot be marked good: it was a canary that was rolled back, and a rolled-back canary never becomes the last-known-good (decision 140). Publish a fixed build.`,
        );
      }
      const count = fallbackCountOf(this.fallbacks(), app, checked);
      if (versionsWithFallbacks(app, this.fallbacks()).has(checked)) {
        throw new ReleaseError(
          'VERSION_HAS_FALLBACKS',
          `${app} ${checked} cannot be marked good: viewers fell back from it ${count} time${count === 1 ? '' : 's'}. A version with recorded fallbacks never becomes the last-known-good; publish a fixed build.`,
        );
      }
      const marked = (current.proven ?? []).some(
        (p) => p.version === checked && p.basis === 'marked',
      );
      if (marked) return null;
      apps[app] = { ...current, proven: withProof(current.proven, checked, 'marked', this.now()) };
      return { action: 'mark-good', changes: [{ app, from: null, to: checked }], apps };
    });
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

/** Who the history names for the canary guard's own rollbacks. */
export const CANARY_GUARD_ACTOR = 'canary-guard';

/** The commit that aborts `app`'s canary; `automatic` when the guard made it. */
function canaryRollback(
  apps: RegistryApps,
  app: AppName,
  current: AppRelease,
  automatic: AutomaticRollback | null,
) {
  const canary = current.canary!;
  apps[app] = withoutCanary(current, automatic);
  return {
    action: 'canary-rollback' as const,
    changes: [{ app, from: canary.version, to: current.version }],
    apps,
    ...(automatic ? { automatic: { figures: automatic.figures } } : {}),
  };
}

/** The apps as the canaries' browsers get them: for the gates a canary must pass too. */
function withCanariesLive(apps: RegistryApps): RegistryApps {
  const view: RegistryApps = { ...apps };
  for (const [app, release] of Object.entries(apps) as [AppName, AppRelease | undefined][]) {
    const canary = release?.canary;
    if (canary) {
      view[app] = {
        ...release,
        version: canary.version,
        contract: canary.contract,
        runtime: canary.runtime,
      };
    }
  }
  return view;
}
