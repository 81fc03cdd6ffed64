/** @jest-environment node */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AccessTokens, ControlledClock } from 'api/testing/access-tokens';
import { loadEdgeConfig } from '../config';
import type { EdgeConfig } from '../config';
import { CanaryGuard } from '../registry/canary-guard';
import { readFallbackCounts } from '../registry/fallback-counter';
import { openRegistry } from '../registry/open-registry';
import type { ReleaseRegistry } from '../registry/release-registry';
import { writeEdgeArtifacts } from '../testing/edge-artifacts';
import { edgeViewers, fallbackReport, signalBatch } from '../testing/edge-viewers';
import { createEdgeServer } from './edge-server';

/**
 * Issue 31, item 4 (decision 411): a veto or an automatic rollback must not be cheaper than a
 * real outage is likely. The edge as `npm start` runs it, over real HTTP, with viewers on many
 * source addresses (each 127.x.y.0/24 is one network) who really load pages for their release
 * proofs. Signed-in viewers carry access tokens minted by the API's own AccessTokens with the
 * key the API keeps in the data dir; the quorum is production's default (5 signed-in viewers or
 * 2 % of page views, on 3 networks).
 *
 * A stable baseline: honest viewers on 4 networks load the live version and the canary, with no
 * failures. Then attackers on 1, 3, 5 and 20 networks, anonymous (every browser new, as a script
 * makes them), or signed in with one account, report the healthy versions failing.
 */
const SHELL = '1.0.0-shell001';
const FIRST = '1.0.0-legal001'; // proven, the last-known-good
const LIVE = '1.0.0-legal002'; // live, stable
const CANARY = '1.0.0-legal003'; // the canary, 50 %
const who = { actor: 'quorum test', reason: 'issue 31 item 4' };

interface Edge {
  dataDir: string;
  config: EdgeConfig;
  registry: ReleaseRegistry;
  server: FastifyInstance | null;
  port: number;
  tokens: AccessTokens;
  apiKey: Buffer;
}

let edge: Edge;
const { call, browserServed } = edgeViewers(() => edge.port);

async function start() {
  edge.server = createEdgeServer(edge.config);
  await edge.server.listen({ port: 0, host: '127.0.0.1' });
  edge.port = (edge.server.server.address() as { port: number }).port;
}

/** Closing flushes every count to the registry dir (and stops the edge's own guard). */
async function stop() {
  await edge.server?.close();
  edge.server = null;
}

/** A fresh site: mf-legal FIRST proven, LIVE live, CANARY on 50 %; the API's key in its data dir. */
async function freshEdge(env: Record<string, string> = {}): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-quorum-test-'));
  // The key the API makes in its data dir outside production (api-jwt.key), which the edge reads.
  const apiKey = crypto.randomBytes(32);
  fs.writeFileSync(path.join(dataDir, 'api-jwt.key'), apiKey.toString('base64url'));
  const config = loadEdgeConfig(
    {
      CREASE_DATA_DIR: dataDir,
      CREASE_LKG_MIN_LIVE_SECONDS: '0',
      CREASE_CANARY_MIN_VIEWS: '20',
      ...env,
    },
    dataDir,
  );
  writeEdgeArtifacts(config.artifactsDir, { shell: SHELL, legal: [FIRST, LIVE, CANARY] });
  const registry = openRegistry(config.release);
  await registry.promote({ shell: SHELL, 'mf-legal': FIRST }, who);
  await registry.promote({ 'mf-legal': LIVE }, who);
  await registry.canary('mf-legal', CANARY, 50, who);
  const tokens = new AccessTokens(apiKey, 'crease-api', 900);
  edge = { dataDir, config, registry, server: null, port: 0, tokens, apiKey };
  await start();
}

async function closeEdge() {
  await stop();
  fs.rmSync(edge.dataDir, { recursive: true, force: true });
}

/** A signed-in viewer's access token, as the API mints it. */
const viewerToken = (userId: string) => edge.tokens.sign({ sub: userId, sid: `session-${userId}` });

const network = (n: number) => `127.${40 + Math.floor(n / 250)}.${n % 250}`;

/** Honest traffic: `browsers` viewers on each of 4 networks, on both arms, nothing failing. */
async function stableBaseline(browsers: number) {
  for (let n = 0; n < 4; n += 1) {
    for (let b = 0; b < browsers; b += 1) {
      const from = `${network(200 + n)}.${b + 2}`;
      for (const version of [LIVE, CANARY]) {
        const proof = await browserServed(version, from);
        const answer = await call('/_ops/signals', from, {
          method: 'POST',
          body: signalBatch(version, 0, proof),
        });
        expect(answer.status).toBe(204);
      }
    }
  }
}

/**
 * From `networks` networks, `perNetwork` browsers each: every browser reports the live version
 * failing (a fallback to FIRST) and sends canary page views that all failed. `viewer(n, b)` is
 * the token a browser sends, if any.
 */
async function attack(
  networks: number,
  perNetwork: number,
  viewer: (n: number, b: number) => Promise<string | undefined> = async () => undefined,
) {
  const statuses: number[] = [];
  for (let n = 0; n < networks; n += 1) {
    for (let b = 0; b < perNetwork; b += 1) {
      const from = `${network(n)}.${b + 2}`;
      const token = await viewer(n, b);
      const live = await browserServed(LIVE, from);
      statuses.push(
        (
          await call('/_ops/remote-fallback', from, {
            method: 'POST',
            body: fallbackReport(LIVE, FIRST, live, token),
          })
        ).status,
      );
      // (Once the canary is rolled back, nobody is served it: then only the fallback is sent.)
      if (!legal().canary) continue;
      const canary = await browserServed(CANARY, from);
      statuses.push(
        (
          await call('/_ops/signals', from, {
            method: 'POST',
            body: signalBatch(CANARY, 5, canary, token),
          })
        ).status,
      );
    }
  }
  // Every report is accepted (proven, within the weight caps): what counts is what it decides.
  expect(statuses.filter((status) => status !== 204)).toEqual([]);
}

const legal = () => edge.registry.status().apps.find((a) => a.app === 'mf-legal')!;
const liveFallbacks = () =>
  readFallbackCounts(edge.config.release.registryDir, edge.config.release.quorum, {
    viewsOf: () => 0,
  }).find((count) => count.failedVersion === LIVE);

/** After the edge flushed: the live version is not vetoed, and the canary still runs. */
async function expectNothingActed() {
  expect(edge.registry.fallbacks().find((c) => c.failedVersion === LIVE)?.vetoes).toBe(false);
  expect(await new CanaryGuard(edge.registry).checkNow()).toEqual([]);
  const after = legal();
  expect(after.canary).toMatchObject({ version: CANARY, percent: 50 });
  expect(after.lastAutomaticRollback).toBeNull();
  expect(after.canary?.health.verdict).not.toBe('failing');
}

describe.each([1, 3, 5, 20])(
  'anonymous attackers on %i network(s) against a stable baseline',
  (networks) => {
    beforeAll(() => freshEdge(), 60_000);
    afterAll(() => closeEdge());

    it('neither veto the live version nor roll the healthy canary back; at most a warning', async () => {
      await stableBaseline(3);
      await attack(networks, 6);
      await stop();
      await expectNothingActed();
      const count = liveFallbacks();
      expect(count?.count).toBe(networks * 6);
      // Five browsers on three networks are enough to be shown as a warning, never to act.
      expect(count?.notVetoing).toBe(networks >= 3 ? 'anonymous' : 'few');
      if (networks >= 3) expect(legal().canary?.health.verdict).toBe('warning');
    }, 120_000);
  },
);

describe('signed-in attackers', () => {
  beforeEach(() => freshEdge(), 60_000);
  afterEach(() => closeEdge());

  it('one account on 20 networks is one viewer: no veto, no rollback', async () => {
    await stableBaseline(3);
    const token = await viewerToken('attacker-1');
    await attack(20, 2, async () => token);
    await stop();
    await expectNothingActed();
    expect(liveFallbacks()?.reporters?.accounts).toHaveLength(1);
  }, 120_000);

  it('five accounts on one network are one household: no veto, no rollback', async () => {
    await stableBaseline(3);
    await attack(1, 5, async (_n, b) => viewerToken(`household-${b}`));
    await stop();
    await expectNothingActed();
    expect(liveFallbacks()?.reporters).toMatchObject({
      accounts: expect.arrayContaining([expect.any(String)]),
      accountNetworks: [expect.any(String)],
    });
  }, 120_000);

  it('tokens the API did not sign, or that expired, count as anonymous', async () => {
    await stableBaseline(3);
    const otherKey = new AccessTokens(crypto.randomBytes(32), 'crease-api', 900);
    const expired = new AccessTokens(
      edge.apiKey,
      'crease-api',
      900,
      new ControlledClock(new Date(0)),
    );
    const forged = async (n: number, b: number) =>
      (n + b) % 3 === 0
        ? otherKey.sign({ sub: `u-${n}-${b}`, sid: 's' })
        : (n + b) % 3 === 1
          ? expired.sign({ sub: `u-${n}-${b}`, sid: 's' })
          : `${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`;
    await attack(5, 3, forged);
    await stop();
    await expectNothingActed();
    expect(liveFallbacks()?.reporters?.accounts ?? []).toEqual([]);
    expect(liveFallbacks()?.notVetoing).toBe('anonymous');
  }, 120_000);
});

describe('a real outage, seen by signed-in viewers', () => {
  beforeEach(() => freshEdge(), 60_000);
  afterEach(() => closeEdge());

  it('five signed-in viewers on three networks veto the version and roll the canary back', async () => {
    await stableBaseline(3);
    await attack(3, 2, async (n, b) => viewerToken(`viewer-${n}-${b}`));
    await stop();
    const vetoed = edge.registry.fallbacks().find((c) => c.failedVersion === LIVE);
    expect(vetoed).toMatchObject({ vetoes: true, count: 6 });
    await new CanaryGuard(edge.registry).checkNow();
    const after = legal();
    expect(after.canary).toBeNull();
    expect(after.lastAutomaticRollback?.version).toBe(CANARY);
  }, 120_000);

  it('a release manager clears a veto with a reason; only new viewers can veto it again', async () => {
    await stableBaseline(3);
    await attack(3, 2, async (n, b) => viewerToken(`first-${n}-${b}`));
    await stop();
    await expect(edge.registry.clearVeto('mf-legal', LIVE, { actor: 'rm' })).rejects.toThrow(
      /needs a reason/,
    );
    await edge.registry.clearVeto('mf-legal', LIVE, { actor: 'rm', reason: 'CDN outage, fixed' });
    expect(edge.registry.fallbacks().find((c) => c.failedVersion === LIVE)).toMatchObject({
      vetoes: false,
      notVetoing: 'cleared',
    });
    // Nothing left to clear is refused, so the history only records real clearances.
    await expect(
      edge.registry.clearVeto('mf-legal', LIVE, { actor: 'rm', reason: 'again' }),
    ).rejects.toThrow(/no standing veto/);
    // The same viewers reporting again are excused; five new ones on three networks veto again.
    await start();
    await attack(3, 2, async (n, b) => viewerToken(`first-${n}-${b}`));
    await stop();
    expect(edge.registry.fallbacks().find((c) => c.failedVersion === LIVE)?.vetoes).toBe(false);
    await start();
    await attack(3, 2, async (n, b) => viewerToken(`second-${n}-${b}`));
    await stop();
    expect(edge.registry.fallbacks().find((c) => c.failedVersion === LIVE)?.vetoes).toBe(true);
  }, 180_000);

  it('the bar rises with traffic: at 20 % of 60 page views, 6 signed-in viewers are too few, 18 act', async () => {
    await closeEdge();
    await freshEdge({ CREASE_QUORUM_SHARE_PERCENT: '20' });
    await stableBaseline(3); // 4 networks × 3 browsers × 5 views = 60 views of each version
    await attack(3, 2, async (n, b) => viewerToken(`early-${n}-${b}`));
    await stop();
    // The live version's page views decide the bar: ceil(20 % of 60) = 12 signed-in viewers.
    // Six are too few to act; as browsers on three networks they are still shown as a warning.
    const few = edge.registry.fallbacks().find((c) => c.failedVersion === LIVE);
    expect(few).toMatchObject({ vetoes: false, notVetoing: 'anonymous' });
    await start();
    await attack(3, 4, async (n, b) => viewerToken(`later-${n}-${b}`));
    await stop();
    const enough = edge.registry.fallbacks().find((c) => c.failedVersion === LIVE);
    expect(enough).toMatchObject({ vetoes: true });
  }, 180_000);
});
