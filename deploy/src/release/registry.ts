import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_RANGE_METADATA_KEY, isReleaseVersion, isRemoteName } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';
import { ArtifactMissingError, isAppName } from '../artifacts/artifact-store';
import type { AppName, ArtifactStore } from '../artifacts/artifact-store';
import { writeLiveState } from '../registry/release-map-file';
import type { LiveState } from '../registry/release-map-file';
import { isContractRange, satisfiesContract } from './contract-range';
import { readFallbackCounts } from './fallback-counter';
import { checkFederationRuntimeGate, runtimeOf } from './federation-runtime-gate';
import type { FallbackCount } from './fallback-counter';
import { lastKnownGoodOf, proofsAfterServing, withProof, withoutProof } from './last-known-good';
import { FsRegistryLog, RevisionTakenError } from './registry-log';
import type {
  AppRelease,
  RegistryApps,
  ReleaseAction,
  ReleaseChange,
  RevisionRecord,
} from './registry-log';
import { ReleaseError } from './release-error';

/** Shell manifest metadata key for the contract version the shell provides. */
export const SHELL_CONTRACT_METADATA_KEY = 'creaseContractVersion';
/** How many earlier live versions each app remembers for `rollback`. */
const TRAIL_LENGTH = 20;

export interface ReleaseContext {
  actor: string;
  reason?: string | null;
  /** Optimistic concurrency from the caller's side: refuse unless the registry is still here. */
  ifRevision?: number;
}

export interface CommitResult {
  revision: number;
  changes: ReleaseChange[];
}

export interface PublishResult {
  app: AppName;
  version: string;
  created: boolean;
  contract: string | number;
  revision: number;
}

export interface HistoryEntry {
  revision: number;
  at: string;
  actor: string;
  action: ReleaseAction;
  app: AppName;
  from: string | null;
  to: string;
  reason: string | null;
}

export interface AppStatus {
  app: AppName;
  version: string;
  lastKnownGood: string | null;
  contract: string | number | null;
  since: string;
  by: string;
  /** Viewers whose browser failed to load this live version and fell back (ops events). */
  fallbacks: number;
}

export interface ReleaseStatus {
  revision: number;
  apps: AppStatus[];
  /** Every counted fallback, including older versions no longer live. */
  fallbacks: FallbackCount[];
}

export interface RegistryOptions {
  /** Folder of the registry: revisions/ (the log) and fallbacks/ (ops-event counts). */
  registryDir: string;
  store: ArtifactStore;
  /** The live projection the edge serves and inlines: {revision, shell, releaseMap}. */
  liveMapFile: string;
  /** Manifest URLs point here when set (a CDN origin); root-relative otherwise. */
  assetOrigin: string | null;
  /**
   * How long a version must be live, before a promote replaces it, to be proven good enough to
   * be a last-known-good (decision 060). Default 0: every replaced version without fallbacks.
   */
  minLiveMs?: number;
  /** The registry's clock (tests inject one). */
  now?: () => Date;
}

function checkContext(context: ReleaseContext): { actor: string; reason: string | null } {
  const actor = context.actor.trim();
  if (!actor || actor.length > 100) {
    throw new ReleaseError('INVALID_REQUEST', 'The actor must be 1-100 characters.');
  }
  const reason = context.reason?.trim() || null;
  if (reason && reason.length > 500) {
    throw new ReleaseError('INVALID_REQUEST', 'The reason must be at most 500 characters.');
  }
  return { actor, reason };
}

function checkApp(app: unknown): AppName {
  if (!isAppName(app)) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      `Unknown app "${String(app)}". Apps: shell, mf-auth, mf-billing, mf-catalog, mf-player, mf-legal.`,
    );
  }
  return app;
}

function checkVersion(app: AppName, version: unknown): string {
  if (!isReleaseVersion(version)) {
    throw new ReleaseError('INVALID_REQUEST', `"${String(version)}" is not a version of ${app}.`);
  }
  return version;
}

/** What a build's manifest says about the contract; refuses a build that says nothing. */
export function contractOf(app: AppName, manifest: Buffer | string): string | number {
  let metaData: Record<string, unknown> = {};
  try {
    metaData =
      (JSON.parse(String(manifest)) as { metaData?: Record<string, unknown> }).metaData ?? {};
  } catch {
    throw new ReleaseError('CONTRACT_MISMATCH', `${app}'s mf-manifest.json is not valid JSON.`);
  }
  if (app === 'shell') {
    const provided = metaData[SHELL_CONTRACT_METADATA_KEY];
    if (typeof provided !== 'number' || !Number.isInteger(provided) || provided < 1) {
      throw new ReleaseError(
        'CONTRACT_MISMATCH',
        `The shell build does not record the contract version it provides (metaData.${SHELL_CONTRACT_METADATA_KEY}).`,
      );
    }
    return provided;
  }
  const range = metaData[CONTRACT_RANGE_METADATA_KEY];
  if (!isContractRange(range)) {
    throw new ReleaseError(
      'CONTRACT_MISMATCH',
      `${app}'s build does not declare a valid contract range (metaData.${CONTRACT_RANGE_METADATA_KEY}, e.g. "^1"); got ${JSON.stringify(range ?? null)}.`,
    );
  }
  return range;
}

/** The federation runtime a build's manifest declares (decision 084); null when it says nothing. */
export function federationRuntimeOf(app: AppName, manifest: Buffer | string): string | null {
  let metaData: Record<string, unknown> = {};
  try {
    metaData =
      (JSON.parse(String(manifest)) as { metaData?: Record<string, unknown> }).metaData ?? {};
  } catch {
    throw new ReleaseError('CONTRACT_MISMATCH', `${app}'s mf-manifest.json is not valid JSON.`);
  }
  return runtimeOf(app, metaData);
}

/**
 * The contract gate over the state a change would produce: a remote must support the contract
 * version the live shell provides. `changed` are the apps this change makes live; a pre-existing
 * mismatch elsewhere does not block an unrelated promote.
 */
export function checkContractGate(apps: RegistryApps, changed: AppName[]): void {
  const shell = apps.shell;
  if (!shell || typeof shell.contract !== 'number') return; // no shell live yet: nothing to break
  const provided = shell.contract;
  const broken = Object.entries(apps).filter(
    ([app, release]) =>
      app !== 'shell' &&
      release &&
      !satisfiesContract(String(release.contract ?? ''), provided) &&
      (changed.includes('shell') || changed.includes(app as AppName)),
  ) as [AppName, AppRelease][];
  if (broken.length === 0) return;
  const list = broken
    .map(([app, release]) => `${app} ${release.version} (supports ${String(release.contract)})`)
    .join(', ');
  if (changed.includes('shell')) {
    throw new ReleaseError(
      'CONTRACT_MISMATCH',
      `Refused: shell ${shell.version} provides contract ${provided}, which breaks live ${broken.length === 1 ? 'remote' : 'remotes'} ${list}. Release ${broken.length === 1 ? 'a version of that remote' : 'versions of those remotes'} that ${broken.length === 1 ? 'supports' : 'support'} contract ${provided} first, or promote them together with the shell.`,
    );
  }
  throw new ReleaseError(
    'CONTRACT_MISMATCH',
    `Refused: ${list} ${broken.length === 1 ? 'does' : 'do'} not support contract ${provided}, which the live shell ${shell.version} provides.`,
  );
}

export function manifestUrlOf(origin: string | null, app: string, version: string): string {
  return `${origin ?? ''}/apps/${app}/${version}/mf-manifest.json`;
}

/** The live projection viewers get: the release map (with last-known-good) and the shell version. */
export function liveStateOf(
  apps: RegistryApps,
  revision: number,
  assetOrigin: string | null,
  fallbacks: readonly FallbackCount[],
): LiveState & { revision: number } {
  const releaseMap: ReleaseMap = { schemaVersion: 1, remotes: {} };
  for (const [app, release] of Object.entries(apps)) {
    if (!release || !isRemoteName(app)) continue;
    const lastKnownGood = lastKnownGoodOf(app, release, fallbacks);
    releaseMap.remotes[app] = {
      version: release.version,
      manifestUrl: manifestUrlOf(assetOrigin, app, release.version),
      lastKnownGoodManifestUrl: lastKnownGood
        ? manifestUrlOf(assetOrigin, app, lastKnownGood)
        : null,
    };
  }
  return {
    revision,
    shell: apps.shell ? { version: apps.shell.version } : null,
    releaseMap,
  };
}

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
    return readFallbackCounts(this.options.registryDir);
  }

  private async contractFor(app: AppName, version: string): Promise<string | number> {
    return (await this.manifestFactsFor(app, version)).contract;
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
    change: (
      apps: RegistryApps,
    ) => Promise<{ action: ReleaseAction; changes: ReleaseChange[]; apps: RegistryApps } | null>,
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
    const contract = await this.contractFor(app, checked);
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
        if (current?.version === version) continue;
        const { contract, runtime } = await this.manifestFactsFor(app, version!);
        apps[app] = {
          version: version!,
          contract,
          runtime,
          trail: current
            ? [...current.trail.filter((v) => v !== version), current.version].slice(-TRAIL_LENGTH)
            : [],
          // The version being replaced earns its proof here if it was live long enough.
          proven: current ? proofsAfterServing(current, now, this.options.minLiveMs ?? 0) : [],
          since: now.toISOString(),
          by: checkContext(context).actor,
        };
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
      const { contract, runtime } = await this.manifestFactsFor(app, target);
      const index = current.trail.lastIndexOf(target);
      apps[app] = {
        version: target,
        contract,
        runtime,
        trail: index >= 0 ? current.trail.slice(0, index) : current.trail,
        proven: withoutProof(current.proven, current.version),
        since: this.now().toISOString(),
        by: checkContext(context).actor,
      };
      checkContractGate(apps, [app]);
      checkFederationRuntimeGate(apps, [app]);
      return { action: 'rollback', changes: [{ app, from: current.version, to: target }], apps };
    });
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
      await this.contractFor(app, checked); // refuses a version that is not in the store
      const count = this.fallbacks()
        .filter((f) => f.remote === app && f.failedVersion === checked)
        .reduce((sum, f) => sum + f.count, 0);
      if (count > 0) {
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
    const entries: HistoryEntry[] = [];
    const records = this.log.all();
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
        });
      }
    }
    return entries.slice(0, limit);
  }

  /** What is live, with each remote's last-known-good and its fallback count. */
  status(): ReleaseStatus {
    const head = this.log.head();
    const fallbacks = this.fallbacks();
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
        fallbacks: fallbacks
          .filter((f) => f.remote === app && f.failedVersion === release.version)
          .reduce((sum, f) => sum + f.count, 0),
      });
    }
    const order = ['shell', 'mf-auth', 'mf-billing', 'mf-catalog', 'mf-player', 'mf-legal'];
    apps.sort((a, b) => order.indexOf(a.app) - order.indexOf(b.app));
    return { revision: head?.revision ?? 0, apps, fallbacks };
  }
}
