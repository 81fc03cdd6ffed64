/** @jest-environment node */
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { readFallbackCounts } from '../registry/fallback-counter';
import { OPS_FALLBACK_PATH, registerOpsEvents } from './ops-events';
import type { ReleaseRegistry } from '../registry/release-registry';
import { tempRegistry } from '../testing/release-fixtures';
import { TEST_PROOF_SECRET, proofOf } from '../testing/release-proofs';

async function site(registry: ReleaseRegistry): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  registerOpsEvents(app, registry, [TEST_PROOF_SECRET]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}${OPS_FALLBACK_PATH}` };
}

const event = { remote: 'mf-legal', failedVersion: '1.0.0-bad', fallbackVersion: '1.0.0-good' };

describe('POST /_ops/remote-fallback', () => {
  it('counts sendBeacon (text/plain) and JSON events; the counts survive a restart and show in status', async () => {
    const { registry, publish, dataDir } = tempRegistry();
    const good = await publish('mf-legal', '^1', 'good');
    const bad = await publish('mf-legal', '^1', 'bad');
    await registry.promote({ 'mf-legal': good }, { actor: 't' });
    await registry.promote({ 'mf-legal': bad }, { actor: 't' });
    const registryDir = path.join(dataDir, 'registry');
    const proof = proofOf({ version: bad, fallback: good });
    const body = JSON.stringify({
      remote: 'mf-legal',
      failedVersion: bad,
      fallbackVersion: good,
      proof,
    });

    let { app, url } = await site(registry);
    const beacon = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body,
    });
    expect(beacon.status).toBe(204);
    const json = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(json.status).toBe(204);
    await app.close(); // flushes
    ({ app, url } = await site(registry)); // a restarted edge adds to the same totals
    expect(
      (await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body }))
        .status,
    ).toBe(204);
    await app.close();

    expect(readFallbackCounts(registryDir)).toEqual([
      expect.objectContaining({
        remote: 'mf-legal',
        failedVersion: bad,
        fallbackVersion: good,
        count: 3,
      }),
    ]);
    expect(registry.status().apps[0]).toMatchObject({
      version: bad,
      lastKnownGood: good,
      fallbacks: 3,
    });
    // After a rollback the live version has no fallbacks; the old count stays in the list.
    await registry.rollback('mf-legal', null, { actor: 't' });
    const status = registry.status();
    expect(status.apps[0]).toMatchObject({ version: good, fallbacks: 0 });
    expect(status.fallbacks[0]).toMatchObject({ failedVersion: bad, count: 3 });
  });

  it('refuses bad events with a 400 in the spec shape and counts nothing', async () => {
    const { registry, dataDir } = tempRegistry();
    const registryDir = path.join(dataDir, 'registry');
    const { app, url } = await site(registry);
    const post = (body: string, type = 'application/json') =>
      fetch(url, { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [string, RegExp][] = [
      ['not json', /must be JSON/],
      ['[1]', /JSON object/],
      [JSON.stringify({ ...event, remote: 'mf-nope' }), /name of a remote/],
      [JSON.stringify({ ...event, failedVersion: '../x' }), /failedVersion/],
      [JSON.stringify({ ...event, fallbackVersion: 7 }), /fallbackVersion/],
      [JSON.stringify({ ...event, fallbackVersion: event.failedVersion }), /must differ/],
      [JSON.stringify({ ...event, extra: 1 }), /Unknown field/],
    ];
    for (const [body, message] of cases) {
      const response = await post(body, body.startsWith('not') ? 'text/plain' : 'application/json');
      expect(response.status).toBe(400);
      const error = (await response.json()) as Record<string, unknown>;
      expect(error).toMatchObject({
        code: 'INVALID_OPS_EVENT',
        userId: null,
        timeStamp: expect.any(String),
      });
      expect(String(error.message)).toMatch(message);
    }
    expect((await post(JSON.stringify({ ...event, pad: 'x'.repeat(5000) }))).status).toBe(413);
    await app.close();
    expect(readFallbackCounts(registryDir)).toEqual([]);
  });

  it('limits one address to 30 events a minute', async () => {
    const { registry, dataDir } = tempRegistry();
    const { app, url } = await site(registry);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      // Each from its own page (a browser counts a few times at most, decision 157).
      const proof = proofOf({ version: event.failedVersion, fallback: event.fallbackVersion });
      const response = await fetch(url, {
        method: 'POST',
        body: JSON.stringify({ ...event, proof }),
        headers: { 'content-type': 'text/plain' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    await app.close();
    expect(readFallbackCounts(path.join(dataDir, 'registry'))[0]?.count).toBe(30);
  });
});
