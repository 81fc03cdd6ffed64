import type { ReleaseMap } from '@crease/contract';
import { RemoteRuntime, RemoteUnavailableError, versionOfManifestUrl } from './remote-runtime';
import type { FallbackEvent, FederationApi, RemoteRuntimeOptions } from './remote-runtime';

type Step = 'ok' | 'fail' | 'hang' | 'not-a-parcel' | 'null' | 'es-module';

const BASE = 'https://www.crease.tv/privacy-policy';
const LIVE = '/remotes/mf-legal/1.2.0/mf-manifest.json';
const LKG = '/remotes/mf-legal/1.1.0/mf-manifest.json';
const LIVE_ABS = `https://www.crease.tv${LIVE}`;
const LKG_ABS = `https://www.crease.tv${LKG}`;

function makeParcel(tag: string) {
  return {
    tag,
    bootstrap: async () => undefined,
    mount: async () => undefined,
    unmount: async () => undefined,
  };
}

/**
 * A Module Federation runtime that answers from a script per entry URL: each loadRemote
 * takes the next step for the entry registered last. An exhausted script fails.
 */
class FakeFederation implements FederationApi {
  readonly registered: { name: string; entry: string; force: boolean }[] = [];
  readonly loaded: string[] = [];
  private current: string | null = null;

  constructor(private readonly scripts: Record<string, Step[]>) {}

  registerRemotes(remotes: { name: string; entry: string }[], options: { force: boolean }): void {
    for (const remote of remotes) this.registered.push({ ...remote, force: options.force });
    this.current = remotes[remotes.length - 1]?.entry ?? null;
  }

  loadRemote<T>(id: string): Promise<T | null> {
    this.loaded.push(id);
    const entry = this.current ?? '';
    const step = this.scripts[entry]?.shift() ?? 'fail';
    switch (step) {
      case 'ok':
        return Promise.resolve(makeParcel(entry) as T);
      case 'es-module':
        return Promise.resolve({ __esModule: true, default: makeParcel(entry) } as T);
      case 'not-a-parcel':
        return Promise.resolve({ mount: 'nope' } as T);
      case 'null':
        return Promise.resolve(null);
      case 'hang':
        return new Promise<T | null>(() => undefined);
      case 'fail':
        return Promise.reject(new Error(`failed to load ${entry}`));
    }
  }

  entries(): string[] {
    return this.registered.map((r) => r.entry);
  }
}

function releaseMap(
  entry: Partial<{ manifestUrl: string; lastKnownGoodManifestUrl: string | null }> = {},
): ReleaseMap {
  return {
    schemaVersion: 1,
    remotes: {
      'mf-legal': { version: '1.2.0', manifestUrl: LIVE, lastKnownGoodManifestUrl: LKG, ...entry },
    },
  };
}

function makeRuntime(federation: FederationApi, overrides: Partial<RemoteRuntimeOptions> = {}) {
  const onFallback = jest.fn<void, [FallbackEvent]>();
  const runtime = new RemoteRuntime({
    federation,
    releaseMap: () => releaseMap(),
    baseUrl: () => BASE,
    timeoutMs: 5_000,
    retryDelayMs: 10,
    onFallback,
    ...overrides,
  });
  return { runtime, onFallback };
}

async function unavailable(promise: Promise<unknown>): Promise<RemoteUnavailableError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RemoteUnavailableError) return error;
    throw error;
  }
  throw new Error('expected a RemoteUnavailableError');
}

describe('RemoteRuntime', () => {
  it('loads the live version on the first try', async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['ok'] });
    const { runtime, onFallback } = makeRuntime(federation);

    const parcel = await runtime.load('mf-legal');

    expect(parcel).toEqual(expect.objectContaining({ tag: LIVE_ABS }));
    expect(federation.registered).toEqual([{ name: 'mf-legal', entry: LIVE_ABS, force: true }]);
    expect(federation.loaded).toEqual(['mf-legal/screens']);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('unwraps a parcel exported as the default of an ES module', async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['es-module'] });
    const { runtime } = makeRuntime(federation);

    await expect(runtime.load('mf-legal')).resolves.toEqual(
      expect.objectContaining({ tag: LIVE_ABS }),
    );
  });

  it('retries the live version after one failure', async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['fail', 'ok'] });
    const { runtime, onFallback } = makeRuntime(federation);

    const parcel = await runtime.load('mf-legal');

    expect(parcel).toEqual(expect.objectContaining({ tag: LIVE_ABS }));
    expect(federation.registered).toEqual([
      { name: 'mf-legal', entry: LIVE_ABS, force: true },
      { name: 'mf-legal', entry: LIVE_ABS, force: true },
    ]);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it('falls back to the last-known-good version when every live attempt fails', async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['fail', 'fail'], [LKG_ABS]: ['ok'] });
    const { runtime, onFallback } = makeRuntime(federation);

    const parcel = await runtime.load('mf-legal');

    expect(parcel).toEqual(expect.objectContaining({ tag: LKG_ABS }));
    expect(federation.entries()).toEqual([LIVE_ABS, LIVE_ABS, LKG_ABS]);
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(onFallback).toHaveBeenCalledWith({
      remote: 'mf-legal',
      failedManifestUrl: LIVE,
      fallbackManifestUrl: LKG,
      failedVersion: '1.2.0',
      // LKG is not in the artifact layout (/apps/<remote>/<version>/), so its version is unknown.
      fallbackVersion: null,
      error: expect.any(Error),
    });
  });

  it("fails with 'load-failed' when live and last-known-good both fail", async () => {
    const federation = new FakeFederation({
      [LIVE_ABS]: ['fail', 'fail'],
      [LKG_ABS]: ['fail', 'fail'],
    });
    const { runtime, onFallback } = makeRuntime(federation);

    const error = await unavailable(runtime.load('mf-legal'));

    expect(error.remote).toBe('mf-legal');
    expect(error.reason).toBe('load-failed');
    expect(error.cause).toBeInstanceOf(Error);
    expect(federation.entries()).toEqual([LIVE_ABS, LIVE_ABS, LKG_ABS, LKG_ABS]);
    expect(onFallback).not.toHaveBeenCalled();
  });

  it("fails with 'load-failed' without a fallback when there is no last-known-good version", async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['fail', 'fail'] });
    const { runtime } = makeRuntime(federation, {
      releaseMap: () => releaseMap({ lastKnownGoodManifestUrl: null }),
    });

    const error = await unavailable(runtime.load('mf-legal'));

    expect(error.reason).toBe('load-failed');
    expect(federation.entries()).toEqual([LIVE_ABS, LIVE_ABS]);
  });

  it("fails with 'not-released' for a remote missing from the release map", async () => {
    const federation = new FakeFederation({});
    const { runtime } = makeRuntime(federation);

    const error = await unavailable(runtime.load('mf-billing'));

    expect(error.remote).toBe('mf-billing');
    expect(error.reason).toBe('not-released');
    expect(federation.registered).toEqual([]);
  });

  it.each([
    ['an object without lifecycles', 'not-a-parcel'],
    ['null', 'null'],
  ] as const)("fails with 'invalid-module' when the module is %s", async (_name, step) => {
    const federation = new FakeFederation({ [LIVE_ABS]: [step, step], [LKG_ABS]: [step, step] });
    const { runtime } = makeRuntime(federation);

    const error = await unavailable(runtime.load('mf-legal'));

    expect(error.reason).toBe('invalid-module');
  });

  it("fails with 'timeout' when loading never finishes", async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['hang'] });
    const { runtime } = makeRuntime(federation, { timeoutMs: 200 });
    const started = Date.now();

    const error = await unavailable(runtime.load('mf-legal'));

    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('shares one load between concurrent callers', async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['ok', 'ok'] });
    const { runtime } = makeRuntime(federation);

    const first = runtime.load('mf-legal');
    const second = runtime.load('mf-legal');

    expect(second).toBe(first);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(federation.registered).toHaveLength(1);
  });

  it('reuses a finished load while the release map names the same version', async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['ok', 'ok'] });
    const { runtime } = makeRuntime(federation);

    const a = await runtime.load('mf-legal');
    const b = await runtime.load('mf-legal');

    expect(b).toBe(a);
    expect(federation.registered).toHaveLength(1);
  });

  it('loads again when the release map names a new version', async () => {
    const next = '/remotes/mf-legal/1.3.0/mf-manifest.json';
    const federation = new FakeFederation({
      [LIVE_ABS]: ['ok'],
      [`https://www.crease.tv${next}`]: ['ok'],
    });
    let map = releaseMap();
    const { runtime } = makeRuntime(federation, { releaseMap: () => map });

    await runtime.load('mf-legal');
    expect(runtime.liveManifestUrl('mf-legal')).toBe(LIVE);
    map = releaseMap({ manifestUrl: next });
    expect(runtime.liveManifestUrl('mf-legal')).toBe(next);
    const parcel = await runtime.load('mf-legal');

    expect(parcel).toEqual(expect.objectContaining({ tag: `https://www.crease.tv${next}` }));
    expect(federation.registered).toHaveLength(2);
  });

  it('tries again on the next load() after a failure', async () => {
    const federation = new FakeFederation({
      [LIVE_ABS]: ['fail', 'fail', 'ok'],
      [LKG_ABS]: ['fail', 'fail'],
    });
    const { runtime } = makeRuntime(federation);

    await expect(runtime.load('mf-legal')).rejects.toBeInstanceOf(RemoteUnavailableError);
    const parcel = await runtime.load('mf-legal');

    expect(parcel).toEqual(expect.objectContaining({ tag: LIVE_ABS }));
    expect(federation.registered).toHaveLength(5);
  });

  it('prefetch starts the load that a later load() shares, and swallows its failure', async () => {
    const federation = new FakeFederation({ [LIVE_ABS]: ['ok'] });
    const { runtime } = makeRuntime(federation);

    runtime.prefetch('mf-legal');
    runtime.prefetch('mf-auth'); // not released: must not surface as an unhandled rejection
    await runtime.load('mf-legal');

    expect(federation.registered).toHaveLength(1);
  });
});

describe('versionOfManifestUrl', () => {
  it.each([
    ['/apps/mf-legal/1.0.0-abc123/mf-manifest.json', '1.0.0-abc123'],
    ['https://cdn.crease.tv/apps/mf-legal/1.0.0-abc123/mf-manifest.json', '1.0.0-abc123'],
    ['/apps/mf-auth/1.0.0-abc123/mf-manifest.json', null],
    ['/apps/mf-legal/../mf-manifest.json', null],
    ['http://localhost:3001/mf-manifest.json', null],
  ])('%s → %s', (url, version) => expect(versionOfManifestUrl('mf-legal', url)).toBe(version));
});
