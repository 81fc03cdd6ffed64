/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadEdgeConfig } from '../config';
import { openRegistry } from '../registry/open-registry';
import type { ReleaseRegistry } from '../registry/release-registry';
import { writeEdgeArtifacts } from '../testing/edge-artifacts';
import { RELEASE_SEED_COOKIE, bucketOf, newSeed, seedOf } from './canary-split';
import { createEdgeServer } from './edge-server';

const SHELL = '1.0.0-shell001';
const STABLE = '1.0.0-legal001';
const CANARY = '1.0.0-legal002';
const who = { actor: 'split test', reason: 'canary' };

describe('buckets', () => {
  it('are sticky per browser and canary, and split browsers close to the percent', () => {
    const seed = newSeed();
    expect(bucketOf(seed, 'mf-legal', CANARY)).toBe(bucketOf(seed, 'mf-legal', CANARY));
    const seeds = Array.from({ length: 4000 }, () => newSeed());
    const inTen = seeds.filter((s) => bucketOf(s, 'mf-legal', CANARY) < 10).length;
    expect(inTen).toBeGreaterThan(300); // 400 expected; 5 standard deviations either side
    expect(inTen).toBeLessThan(500);
    // Another canary draws another slice, not the same browsers every time.
    const inBoth = seeds.filter(
      (s) => bucketOf(s, 'mf-legal', CANARY) < 10 && bucketOf(s, 'mf-catalog', CANARY) < 10,
    ).length;
    expect(inBoth).toBeLessThan(100);
  });

  it('reads only a seed the edge could have made', () => {
    const seed = newSeed();
    expect(seedOf(seed)).toBe(seed);
    expect(seedOf('../../etc')).toBeNull();
    expect(seedOf(`${seed}x`)).toBeNull();
    expect(seedOf(undefined)).toBeNull();
  });
});

describe('the edge applies a canary where the map is inlined', () => {
  let dataDir: string;
  let server: FastifyInstance;
  let registry: ReleaseRegistry;
  let origin: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-split-test-'));
    const config = loadEdgeConfig(
      { CREASE_DATA_DIR: dataDir, CREASE_LKG_MIN_LIVE_SECONDS: '0' },
      dataDir,
    );
    writeEdgeArtifacts(config.artifactsDir, { shell: SHELL, legal: [STABLE, CANARY] });
    registry = openRegistry(config.release);
    await registry.promote({ shell: SHELL, 'mf-legal': STABLE }, who);
    server = createEdgeServer(config);
    await server.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The version of mf-legal a page inlines, and the cookie it set (if any). */
  async function page(cookie?: string) {
    const response = await fetch(`${origin}/privacy-policy`, {
      headers: cookie ? { cookie } : {},
    });
    const html = await response.text();
    const boot = JSON.parse(/window\.__CREASE__=(.*?);<\/script>/.exec(html)![1]!) as {
      releaseMap: { remotes: Record<string, { version: string }> };
      releaseMapEtag: string;
    };
    return {
      version: boot.releaseMap.remotes['mf-legal']?.version,
      etag: boot.releaseMapEtag,
      setCookie: response.headers.get('set-cookie'),
      preloadsCanary: html.includes(`/apps/mf-legal/${CANARY}/`),
      vary: response.headers.get('vary'),
    };
  }

  /** A seed whose bucket for this canary is inside (or outside) `percent`. */
  const seedWhere = (inside: boolean, percent: number) => {
    for (;;) {
      const seed = newSeed();
      if (bucketOf(seed, 'mf-legal', CANARY) < percent === inside) return seed;
    }
  };

  it('sets no cookie and serves the stable map while no canary runs', async () => {
    const plain = await page();
    expect(plain).toMatchObject({ version: STABLE, setCookie: null, vary: 'accept-encoding' });
  });

  it('gives a new browser a seed in the same response, and each browser the same version every time', async () => {
    await registry.canary('mf-legal', CANARY, 30, who);
    const first = await page();
    const [pair, ...attributes] = first.setCookie!.split('; ');
    expect(pair).toMatch(new RegExp(`^${RELEASE_SEED_COOKIE}=[0-9a-f]{32}$`));
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax']);
    const cookie = first.setCookie!.split(';')[0]!;
    const again = [await page(cookie), await page(cookie), await page(cookie)];
    expect(again.map((p) => p.version)).toEqual([first.version, first.version, first.version]);
    expect(again.every((p) => p.setCookie === null)).toBe(true);

    const inside = await page(`${RELEASE_SEED_COOKIE}=${seedWhere(true, 30)}`);
    const outside = await page(`${RELEASE_SEED_COOKIE}=${seedWhere(false, 30)}`);
    expect(inside).toMatchObject({ version: CANARY, preloadsCanary: true });
    expect(outside).toMatchObject({ version: STABLE, preloadsCanary: false });
    expect(inside.vary).toBe('accept-encoding, cookie');
    expect(inside.etag).not.toBe(outside.etag);

    // The route-change revalidation agrees with the page: same map, same ETag, so a 304.
    const map = await fetch(`${origin}/release-map.json`, {
      headers: { cookie: `${RELEASE_SEED_COOKIE}=${seedWhere(true, 30)}` },
    });
    expect(map.headers.get('etag')).toBe(inside.etag);
    expect(
      (
        (await map.json()) as {
          remotes: Record<string, { version: string; lastKnownGoodManifestUrl: string }>;
        }
      ).remotes['mf-legal'],
    ).toEqual({
      version: CANARY,
      manifestUrl: `/apps/mf-legal/${CANARY}/mf-manifest.json`,
      lastKnownGoodManifestUrl: `/apps/mf-legal/${STABLE}/mf-manifest.json`,
    });
  });

  it('sends every browser back to stable as soon as the canary is rolled back', async () => {
    const seed = seedWhere(true, 30);
    expect((await page(`${RELEASE_SEED_COOKIE}=${seed}`)).version).toBe(CANARY);
    await registry.rollback('mf-legal', null, who);
    const after = await page(`${RELEASE_SEED_COOKIE}=${seed}`);
    expect(after).toMatchObject({ version: STABLE, setCookie: null });
  });
});
