/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { loadEdgeConfig } from '../config';
import { createEdgeServer } from './edge-server';
import { openRegistry } from '../registry/open-registry';
import { PRODUCTION_EDGE_ENV } from '../testing/production-env';
import { tempDir, tempRegistry } from '../testing/release-fixtures';

const TOKEN = 'edge-test-token-0123456789';

/** The edge as npm start runs it, over a registry in the same data dir. */
async function edge(env: Record<string, string> = {}) {
  const dataDir = tempDir('crease-serving-');
  const config = loadEdgeConfig(
    {
      CREASE_DATA_DIR: dataDir,
      CREASE_RELEASE_TOKENS: `rm:${TOKEN}`,
      CREASE_LKG_MIN_LIVE_SECONDS: '0',
      ...env,
    },
    dataDir,
  );
  const { publish } = tempRegistry(dataDir);
  const registry = openRegistry(config.release);
  const server: FastifyInstance = createEdgeServer(config);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  return { server, registry, publish, origin: `http://127.0.0.1:${port}` };
}

describe('the edge serves what the registry makes live', () => {
  it('a promote and a rollback show in the next /release-map.json, with a new ETag', async () => {
    const { server, registry, publish, origin } = await edge();
    const one = await publish('mf-legal', '^1', 'one');
    const two = await publish('mf-legal', '^1', 'two');
    await registry.promote({ 'mf-legal': one }, { actor: 't' });
    const first = await fetch(`${origin}/release-map.json`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(
      ((await first.json()) as { remotes: Record<string, { version: string }> }).remotes['mf-legal']
        ?.version,
    ).toBe(one);

    await registry.promote({ 'mf-legal': two }, { actor: 't' });
    const promoted = await fetch(`${origin}/release-map.json`, {
      headers: { 'if-none-match': String(first.headers.get('etag')) },
    });
    expect(promoted.status).toBe(200);
    const map = (await promoted.json()) as { remotes: Record<string, unknown> };
    expect(map.remotes['mf-legal']).toEqual({
      version: two,
      manifestUrl: `/apps/mf-legal/${two}/mf-manifest.json`,
      lastKnownGoodManifestUrl: `/apps/mf-legal/${one}/mf-manifest.json`,
    });

    await registry.rollback('mf-legal', null, { actor: 't' });
    const rolledBack = (await (await fetch(`${origin}/release-map.json`)).json()) as {
      remotes: Record<string, { version: string }>;
    };
    expect(rolledBack.remotes['mf-legal']?.version).toBe(one);
    await server.close();
  });

  it('takes fallback ops events on the site origin and mounts the release API outside production', async () => {
    const { server, registry, publish, origin } = await edge();
    const good = await publish('mf-legal', '^1', 'good');
    const bad = await publish('mf-legal', '^1', 'bad');
    await registry.promote({ 'mf-legal': good }, { actor: 't' });
    const promote = await fetch(`${origin}/release-api/v1/promote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ versions: { 'mf-legal': bad } }),
    });
    expect(promote.status).toBe(200);
    // The browser's proof of what it was served comes with the map (decision 155).
    const proof = (await fetch(`${origin}/release-map.json`)).headers.get('x-crease-release-proof');
    const beacon = await fetch(`${origin}/_ops/remote-fallback`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        remote: 'mf-legal',
        failedVersion: bad,
        fallbackVersion: good,
        proof,
      }),
    });
    expect(beacon.status).toBe(204);
    await server.close(); // flushes the counts
    expect(registry.status().apps[0]).toMatchObject({ version: bad, fallbacks: 1, by: 'rm' });
  });

  it('does not mount the release API on the site in production', async () => {
    const { server, origin } = await edge(PRODUCTION_EDGE_ENV);
    const response = await fetch(`${origin}/release-api/v1/rollback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app: 'mf-legal' }),
    });
    expect(response.status).toBe(405);
    await server.close();
  });
});
