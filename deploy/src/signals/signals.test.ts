/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { SIGNALS_PATH } from '@crease/contract';
import { tempRegistry } from '../testing/release-fixtures';
import { p75Of } from './signal-buckets';
import { SignalStore, readDroppedSignals, readSignalTotals } from './signal-store';
import { registerSignals } from '../http/signals-ingest';
import { TEST_PROOF_SECRET, proofOf } from '../testing/release-proofs';

const servers: FastifyInstance[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** The signals endpoint over a registry with one published mf-legal version, on loopback. */
async function ingest(options: { perMinute?: number } = {}) {
  const fixture = tempRegistry();
  const version = await fixture.publish('mf-legal', '^1');
  const app = Fastify();
  const flushed: number[] = [];
  const store = registerSignals(app, fixture.registry, {
    proofSecrets: [TEST_PROOF_SECRET],
    flushMs: 20,
    onFlush: () => flushed.push(Date.now()),
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  const { port } = app.server.address() as { port: number };
  // Every batch as the shell sends it: with the proof of a page that was served `version`.
  const proof = proofOf({ version });
  const post = async (body: unknown, type = 'text/plain;charset=UTF-8') => {
    const response = await fetch(`http://127.0.0.1:${port}${SIGNALS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : JSON.stringify({ proof, ...(body as object) }),
    });
    return {
      status: response.status,
      body: response.status === 204 ? null : ((await response.json()) as Record<string, string>),
    };
  };
  const registryDir = path.join(fixture.dataDir, 'registry');
  return { ...fixture, version, post, store, flushed, registryDir };
}

const view = (version: string) => ({ remote: 'mf-legal', version, kind: 'view' });

describe('POST /_ops/signals', () => {
  it('counts a batch per remote version, as sendBeacon sends it, and never stores an event raw', async () => {
    const { post, store, version, registryDir, flushed } = await ingest();
    const answer = await post({
      events: [
        view(version),
        view(version),
        { remote: 'mf-legal', version, kind: 'load-failure' },
        { remote: 'mf-legal', version, kind: 'fallback' },
        { remote: 'mf-legal', version, kind: 'crash' },
        { remote: 'mf-legal', version, kind: 'vital', name: 'LCP', value: 1800 },
        { remote: 'mf-legal', version, kind: 'vital', name: 'CLS', value: 0.02 },
      ],
    });
    expect(answer.status).toBe(204);
    store.flush();
    expect(flushed.length).toBeGreaterThanOrEqual(1);
    const [totals] = readSignalTotals(registryDir);
    expect(totals).toMatchObject({
      remote: 'mf-legal',
      version,
      views: 2,
      loadFailures: 1,
      fallbacks: 1,
      crashes: 1,
      vitals: { LCP: { count: 1, p75: 2000 }, CLS: { count: 1, p75: 0.025 }, INP: { count: 0 } },
    });
    const files = fs.readdirSync(path.join(registryDir, 'signals'), { recursive: true });
    const stored = files
      .filter((f) => String(f).endsWith('.json'))
      .map((f) => fs.readFileSync(path.join(registryDir, 'signals', String(f)), 'utf8'))
      .join('\n');
    expect(stored).not.toContain('"kind"');
  });

  it('drops and counts forged events, keeping the valid ones of the same batch', async () => {
    const { post, store, version, registryDir } = await ingest();
    const answer = await post({
      events: [
        view(version),
        { remote: 'mf-nope', version, kind: 'view' },
        { remote: 'mf-legal', version, kind: 'teleport' },
        { remote: 'mf-legal', version, kind: 'view', extra: '<script>' },
        { remote: 'mf-legal', version, kind: 'vital', name: 'LCP', value: -5 },
        { remote: 'mf-legal', version, kind: 'vital', name: 'FID', value: 5 },
        { remote: 'mf-legal', version, kind: 'vital', name: 'CLS', value: 1e9 },
        { remote: 'mf-legal', version: '9.9.9-0123456789', kind: 'view' },
        { remote: 'mf-legal', version: '../../etc/passwd', kind: 'view' },
      ],
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        code: 'INVALID_SIGNALS',
        message: expect.stringMatching(
          /^8 of 9 events were dropped \(7 malformed, 1 of a version never published/,
        ),
      },
    });
    store.flush();
    expect(readSignalTotals(registryDir)).toEqual([expect.objectContaining({ version, views: 1 })]);
    expect(readDroppedSignals(registryDir)).toMatchObject({ invalid: 7, unknownVersion: 1 });
  });

  it('refuses what is not a batch, an oversized body and a flood, and counts each', async () => {
    const { post, store, version, registryDir } = await ingest({ perMinute: 5 });
    expect((await post('not json')).status).toBe(400);
    expect((await post({ events: [] })).status).toBe(400);
    expect((await post({ events: Array.from({ length: 51 }, () => view(version)) })).status).toBe(
      400,
    );
    expect((await post({ events: [view(version)], more: 1 })).status).toBe(400);
    const big = await post({ events: [{ ...view(version), pad: 'x'.repeat(11000) }] });
    expect(big).toMatchObject({ status: 413, body: { code: 'INVALID_SIGNALS' } });
    const flood = await post({ events: [view(version)] });
    expect(flood).toMatchObject({ status: 429, body: { code: 'TOO_MANY_SIGNALS' } });
    store.flush();
    expect(readDroppedSignals(registryDir)).toEqual({
      invalid: 4,
      unknownVersion: 0,
      oversized: 1,
      rateLimited: 1,
      unsigned: 0,
      forgedProof: 0,
      expiredProof: 0,
      notServed: 0,
      overweight: 0,
    });
    expect(readSignalTotals(registryDir)).toEqual([]);
  });
});

describe('the signal store', () => {
  it('sums every process, reads from a moment on, and forgets what is past the retention', async () => {
    const { registryDir, version } = await ingest();
    let now = new Date('2026-11-20T10:00:30Z');
    const one = new SignalStore({ registryDir, retentionHours: 48, now: () => now });
    const two = new SignalStore({ registryDir, retentionHours: 48, now: () => now });
    one.record({ remote: 'mf-legal', version, kind: 'view' });
    two.record({ remote: 'mf-legal', version, kind: 'view' });
    now = new Date('2026-11-20T10:05:00Z');
    two.record({ remote: 'mf-legal', version, kind: 'crash' });
    one.flush();
    two.flush();
    const at = { now: new Date('2026-11-20T10:06:00Z'), retentionHours: 48 };
    expect(readSignalTotals(registryDir, at)[0]).toMatchObject({ views: 2, crashes: 1 });
    expect(
      readSignalTotals(registryDir, { ...at, since: new Date('2026-11-20T10:04:10Z') })[0],
    ).toMatchObject({ views: 0, crashes: 1, firstAt: '2026-11-20T10:05:00.000Z' });
    expect(readSignalTotals(registryDir, { ...at, remote: 'mf-auth' })).toEqual([]);

    // Three days later: readers ignore the old hours and the next flush deletes them.
    now = new Date('2026-11-23T10:00:00Z');
    expect(readSignalTotals(registryDir, { now, retentionHours: 48 })).toEqual([]);
    one.record({ remote: 'mf-legal', version, kind: 'view' });
    one.flush();
    const hours = fs.readdirSync(path.join(registryDir, 'signals')).filter((h) => /T\d\d$/.test(h));
    expect(hours).toEqual(['2026-11-23T10']);
  });

  it('reads p75 from the histogram without raw values', () => {
    // 4 values at <=500 ms, 4 at <=1000, 2 at <=2500: the 75th percentile is in the <=1000 bucket.
    const counts = new Array(19).fill(0);
    counts[1] = 4;
    counts[3] = 4;
    counts[8] = 2;
    expect(p75Of('LCP', counts)).toBe(1000);
    expect(p75Of('LCP', new Array(19).fill(0))).toBeNull();
  });
});
