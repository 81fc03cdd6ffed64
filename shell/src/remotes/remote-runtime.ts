import { isReleaseVersion } from '@crease/contract';
import type { ReleaseMap, RemoteName } from '@crease/contract';
import type { ParcelConfig } from 'single-spa';

export type UnavailableReason = 'not-released' | 'load-failed' | 'timeout' | 'invalid-module';

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: RemoteName,
    readonly reason: UnavailableReason,
    options?: { cause?: unknown },
  ) {
    super(`${remote} is unavailable (${reason})`, options);
  }
}

/** The part of the Module Federation runtime we use; injected so failure paths can be tested. */
export interface FederationApi {
  registerRemotes(remotes: { name: string; entry: string }[], options: { force: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface FallbackEvent {
  remote: RemoteName;
  failedManifestUrl: string;
  fallbackManifestUrl: string;
  /** The live version that failed (the release map entry's version). */
  failedVersion: string;
  /** The last-known-good version served instead, read from its artifact URL. */
  fallbackVersion: string | null;
  error: unknown;
}

/** `…/apps/<remote>/<version>/mf-manifest.json` (the artifact layout) → `<version>`. */
export function versionOfManifestUrl(remote: RemoteName, manifestUrl: string): string | null {
  const match = /\/apps\/([^/]+)\/([^/]+)\/mf-manifest\.json(?:[?#].*)?$/.exec(manifestUrl);
  return match && match[1] === remote && isReleaseVersion(match[2]) ? match[2] : null;
}

export interface RemoteRuntimeOptions {
  federation: FederationApi;
  /** The current release map; read on every load, so a new map applies at the next route change. */
  releaseMap: () => ReleaseMap;
  /** Resolves relative manifest URLs (the page URL). */
  baseUrl: () => string;
  /** docs/product.md §9: the whole load, retries and fallback included, gives up after this. */
  timeoutMs: number;
  attemptsPerEntry?: number;
  retryDelayMs?: number;
  onFallback?: (event: FallbackEvent) => void;
  /** The release map's version of `remote` failed to load, retries included (decision 131). */
  onLoadFailure?: (remote: RemoteName, version: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isParcelConfig(value: unknown): value is ParcelConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.mount === 'function' && typeof v.unmount === 'function';
}

/** Unwraps `export default` when a remote's screens module is an ES module namespace. */
function parcelFrom(module: unknown): unknown {
  if (isParcelConfig(module)) return module;
  if (typeof module === 'object' && module !== null && 'default' in module)
    return (module as { default: unknown }).default;
  return module;
}

/**
 * Loads a remote's `./screens` parcel from the release map (docs/architecture.md §3):
 * the live version, retried; then the last-known-good version, retried; then a
 * RemoteUnavailableError the screen turns into "unavailable, Retry".
 */
export class RemoteRuntime {
  private readonly loads = new Map<
    RemoteName,
    { manifestUrl: string; promise: Promise<ParcelConfig> }
  >();
  private readonly attemptsPerEntry: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: RemoteRuntimeOptions) {
    this.attemptsPerEntry = options.attemptsPerEntry ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
  }

  /** Shared by every caller until the release map names another version or the load fails. */
  load(remote: RemoteName): Promise<ParcelConfig> {
    const entry = this.options.releaseMap().remotes[remote];
    if (!entry) return Promise.reject(new RemoteUnavailableError(remote, 'not-released'));
    const cached = this.loads.get(remote);
    if (cached && cached.manifestUrl === entry.manifestUrl) return cached.promise;
    const promise = this.loadWithDeadline(
      remote,
      entry.version,
      entry.manifestUrl,
      entry.lastKnownGoodManifestUrl,
    );
    this.loads.set(remote, { manifestUrl: entry.manifestUrl, promise });
    promise.catch(() => {
      if (this.loads.get(remote)?.promise === promise) this.loads.delete(remote);
    });
    return promise;
  }

  /** The version the release map names for `remote` now (the one real-user signals judge). */
  liveVersion(remote: RemoteName): string | null {
    return this.options.releaseMap().remotes[remote]?.version ?? null;
  }

  /** The manifest a load would use now; a mounted parcel from another one is out of date. */
  liveManifestUrl(remote: RemoteName): string | null {
    return this.options.releaseMap().remotes[remote]?.manifestUrl ?? null;
  }

  /** Starts loading in the background (at boot, for the route being opened). */
  prefetch(remote: RemoteName): void {
    this.load(remote).catch(() => undefined);
  }

  private async loadWithDeadline(
    remote: RemoteName,
    version: string,
    live: string,
    lastKnownGood: string | null,
  ) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RemoteUnavailableError(remote, 'timeout')),
        this.options.timeoutMs,
      );
    });
    try {
      return await Promise.race([
        this.loadWithFallback(remote, version, live, lastKnownGood),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async loadWithFallback(
    remote: RemoteName,
    version: string,
    live: string,
    lastKnownGood: string | null,
  ) {
    let liveError: unknown;
    try {
      return await this.loadEntry(remote, live);
    } catch (error) {
      liveError = error;
      this.options.onLoadFailure?.(remote, version);
    }
    if (lastKnownGood && lastKnownGood !== live) {
      try {
        const parcel = await this.loadEntry(remote, lastKnownGood);
        this.options.onFallback?.({
          remote,
          failedManifestUrl: live,
          fallbackManifestUrl: lastKnownGood,
          failedVersion: version,
          fallbackVersion: versionOfManifestUrl(remote, lastKnownGood),
          error: liveError,
        });
        return parcel;
      } catch (error) {
        throw new RemoteUnavailableError(remote, reasonOf(error), { cause: error });
      }
    }
    throw new RemoteUnavailableError(remote, reasonOf(liveError), { cause: liveError });
  }

  private async loadEntry(remote: RemoteName, manifestUrl: string): Promise<ParcelConfig> {
    const entry = new URL(manifestUrl, this.options.baseUrl()).href;
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.attemptsPerEntry; attempt++) {
      if (attempt > 1) await sleep(this.retryDelayMs);
      try {
        // force: drop whatever a previous (failed or older) load cached for this remote.
        this.options.federation.registerRemotes([{ name: remote, entry }], { force: true });
        const module = await this.options.federation.loadRemote<unknown>(`${remote}/screens`);
        const parcel = parcelFrom(module);
        if (!isParcelConfig(parcel))
          throw new InvalidModuleError(`${remote}/screens is not a parcel`);
        return parcel;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }
}

class InvalidModuleError extends Error {
  override readonly name = 'InvalidModuleError';
}

function reasonOf(error: unknown): UnavailableReason {
  return error instanceof InvalidModuleError ? 'invalid-module' : 'load-failed';
}
