/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadEdgeConfig } from '../config';
import type { EdgeConfig } from '../config';
import { CanaryGuard } from '../registry/canary-guard';
import { readDroppedFallbacks, readFallbackCounts } from '../registry/fallback-counter';
import { openRegistry } from '../registry/open-registry';
import type { ReleaseRegistry } from '../registry/release-registry';
import { readDroppedSignals } from '../signals/signal-store';
import { writeEdgeArtifacts } from '../testing/edge-artifacts';
import { proofOf } from '../testing/release-proofs';
import { edgeViewers, fallbackReport, signalBatch } from '../testing/edge-viewers';
import { createEdgeServer } from './edge-server';

/**
 * Issue 19, section 3: release signals prove where they came from. The edge as `npm start` runs
 * it, over real HTTP, with viewers on many source addresses (any 127.x.y.z is loopback): forged
 * fallback reports and signals change nothing; proofs minted by really loading pages count, but
 * a veto or a canary verdict needs the quorum of distinct browsers AND networks (decision 157).
 */
const SHELL = '1.0.0-shell001';
const FIRST = '1.0.0-legal001'; // proven, the last-known-good
const LIVE = '1.0.0-legal002'; // live, stable
const CANARY = '1.0.0-legal003'; // the canary, 50 %
const who = { actor: 'proof test', reason: 'issue 19' };

let dataDir: string;
let config: EdgeConfig;
let registry: ReleaseRegistry;
let server: FastifyInstance | null = null;
let port = 0;

async function startEdge() {
  server = createEdgeServer(config);
  await server.listen({ port: 0, host: '127.0.0.1' });
  port = (server.server.address() as { port: number }).port;
}

/** Closing flushes every count to the registry dir and stops the guard. */
async function stopEdge() {
  await server?.close();
  server = null;
}

const { call, browserServed } = edgeViewers(() => port);
const fallback = fallbackReport;
const batch = signalBatch;

const legal = () => registry.status().apps.find((a) => a.app === 'mf-legal')!;
const registryDir = () => config.release.registryDir;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-proof-test-'));
  config = loadEdgeConfig(
    {
      CREASE_DATA_DIR: dataDir,
      CREASE_LKG_MIN_LIVE_SECONDS: '0',
      CREASE_CANARY_MIN_VIEWS: '20',
    },
    dataDir,
  );
  writeEdgeArtifacts(config.artifactsDir, { shell: SHELL, legal: [FIRST, LIVE, CANARY] });
  registry = openRegistry(config.release);
  await registry.promote({ shell: SHELL, 'mf-legal': FIRST }, who);
  await registry.promote({ 'mf-legal': LIVE }, who);
  await registry.canary('mf-legal', CANARY, 50, who);
  await startEdge();
});

afterAll(async () => {
  await stopEdge();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('release events prove where they came from', () => {
  it('200 forged fallbacks and signals from 50 addresses change neither the status, the last-known-good nor the canary', async () => {
    const before = legal();
    expect(before).toMatchObject({ version: LIVE, lastKnownGood: FIRST, fallbacks: 0 });
    expect(before.canary).toMatchObject({ version: CANARY, percent: 50 });
    const otherKey = 'someone-elses-release-proof-key-0123456789';
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const from = `127.1.${i % 50}.${(i % 50) + 2}`; // 50 addresses, each its own /24
      // A real proof from a page this address really loaded, to tamper with or misuse.
      const real = i % 5 >= 3 ? await browserServed(LIVE, from) : '';
      const [payload = '', signature = ''] = real.split('.');
      const tampered = `${Buffer.from(
        Buffer.from(payload, 'base64url').toString('utf8').replaceAll(LIVE, FIRST),
      ).toString('base64url')}.${signature}`;
      const forged = [
        undefined, // no proof at all (what every request was until now)
        proofOf({ version: FIRST, fallback: LIVE, secret: otherKey }), // signed with another key
        proofOf({ version: CANARY, secret: otherKey }),
        tampered, // a real signature over a payload changed to say FIRST was served
        real, // a real proof, about versions this browser was not served
      ][i % 5];
      // Fallbacks: veto the last-known-good (FIRST), and count against the live version.
      const report = i % 2 === 0 ? fallback(FIRST, LIVE, forged) : fallback(LIVE, FIRST, forged);
      const misused = i % 5 === 4 ? fallback(FIRST, LIVE, forged) : report;
      statuses.push(
        (await call('/_ops/remote-fallback', from, { method: 'POST', body: misused })).status,
      );
      // Signals: enough views on both arms, and failures of the canary, to make it "failing".
      const signals = i % 2 === 0 ? batch(CANARY, 5, forged) : batch(LIVE, 0, forged);
      const sent = i % 5 === 4 ? batch(CANARY, 5, forged) : signals;
      statuses.push((await call('/_ops/signals', from, { method: 'POST', body: sent })).status);
    }
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((s) => s !== 400)).toEqual([]);
    await stopEdge();

    // Nothing was counted, the guard has nothing to roll back, and every refusal has a reason.
    const after = legal();
    expect(after).toMatchObject({ version: LIVE, lastKnownGood: FIRST, fallbacks: 0 });
    expect(after.canary).toMatchObject({ version: CANARY, percent: 50 });
    expect(after.canary?.health.verdict).toBe('collecting');
    expect(await new CanaryGuard(registry).checkNow()).toEqual([]);
    expect(readFallbackCounts(registryDir())).toEqual([]);
    expect(readDroppedFallbacks(registryDir())).toMatchObject({
      unsigned: 20,
      forgedProof: 60,
      notServed: 20,
    });
    expect(readDroppedSignals(registryDir())).toMatchObject({
      unsigned: 20 * 5 + 10 * 5, // each batch's events: 5 views (+5 failures on the canary)
      notServed: 20 * 10,
    });
    await startEdge();
  });

  it('proofs minted by loading pages count, but a veto needs browsers on three networks', async () => {
    // Twelve browsers on two networks report the live version failing: counted, no veto.
    for (const network of ['127.2.0', '127.2.1']) {
      for (let i = 0; i < 6; i += 1) {
        const proof = await browserServed(LIVE, `${network}.${i + 2}`);
        const answer = await call('/_ops/remote-fallback', `${network}.${i + 2}`, {
          method: 'POST',
          body: fallback(LIVE, FIRST, proof),
        });
        expect(answer.status).toBe(204);
      }
    }
    await stopEdge();
    expect(legal().fallbacks).toBe(12);
    expect(readFallbackCounts(registryDir(), config.release.quorum)[0]).toMatchObject({
      failedVersion: LIVE,
      count: 12,
      vetoes: false,
    });
    await startEdge();

    // One more network: the anonymous quorum (5 browsers, 3 networks) is met, which is only a
    // warning now (decision 411): anonymous browsers never veto. Signed-in viewers do
    // (release-quorum.test.ts).
    const proof = await browserServed(LIVE, '127.2.2.2');
    const answer = await call('/_ops/remote-fallback', '127.2.2.2', {
      method: 'POST',
      body: fallback(LIVE, FIRST, proof),
    });
    expect(answer.status).toBe(204);
    await stopEdge();
    expect(readFallbackCounts(registryDir(), config.release.quorum)[0]).toMatchObject({
      failedVersion: LIVE,
      count: 13,
      vetoes: false,
      notVetoing: 'anonymous',
    });
    await startEdge();
  });

  it('a canary failing for anonymous browsers on three networks is a warning, never rolled back', async () => {
    // Real browsers on two networks: 8 on each side, 5 page views each; the canary's all fail.
    const views = async (network: string) => {
      for (let i = 0; i < 4; i += 1) {
        const from = `${network}.${i + 2}`;
        for (const [version, failures] of [
          [CANARY, 5],
          [LIVE, 0],
        ] as const) {
          const proof = await browserServed(version, from);
          const answer = await call('/_ops/signals', from, {
            method: 'POST',
            body: batch(version, failures, proof),
          });
          expect(answer.status).toBe(204);
        }
      }
    };
    await views('127.3.0');
    await views('127.3.1');
    await stopEdge();
    const held = legal().canary;
    expect(held?.version).toBe(CANARY);
    expect(held?.health.verdict).toBe('collecting');
    expect(held?.health.summary).toMatch(
      /come from 8 browsers on 2 networks; the guard needs 5 on 3/,
    );
    await startEdge();

    await views('127.3.2');
    await stopEdge();
    // Decision 411: enough anonymous browsers, but none signed in: a warning, in status, and the
    // guard leaves it to a person (signed-in viewers roll it back: release-quorum.test.ts).
    const warned = legal().canary;
    expect(warned?.version).toBe(CANARY);
    expect(warned?.health.verdict).toBe('warning');
    expect(warned?.health.summary).toMatch(
      /^Warning, not rolled back: .* 0 of its 12 reporting browsers were signed in/,
    );
    expect(await new CanaryGuard(registry).checkNow()).toEqual([]);
    await startEdge();
  });
});
