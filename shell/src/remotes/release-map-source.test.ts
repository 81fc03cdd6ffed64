/** @jest-environment node */
import type { ServerResponse } from 'node:http';
import type { ReleaseMap } from '@crease/contract';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { RELEASE_MAP_PATH, ReleaseMapSource } from './release-map-source';

const server = testServerForFile();

const entry = (version: string) => ({
  version,
  manifestUrl: `/apps/mf-legal/${version}/mf-manifest.json`,
  lastKnownGoodManifestUrl: null,
});
const MAP_V1: ReleaseMap = { schemaVersion: 1, remotes: { 'mf-legal': entry('1.0.0-aaa') } };
const MAP_V2: ReleaseMap = { schemaVersion: 1, remotes: { 'mf-legal': entry('1.0.0-bbb') } };

/** Answers like the edge: 304 when If-None-Match matches the current ETag, else the map. */
function serveMap(map: unknown, etag: string) {
  server.handle((request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    sendJson(response, 200, map, { etag, 'cache-control': 'no-cache' });
  });
}

function source(options: { timeoutMs?: number; onProof?: (token: string) => void } = {}) {
  const problems: string[] = [];
  const maps = new ReleaseMapSource({
    initial: MAP_V1,
    initialEtag: '"v1"',
    url: `${server.origin}${RELEASE_MAP_PATH}`,
    onProblem: (message) => problems.push(message),
    ...options,
  });
  return { maps, problems };
}

/** The first route is the document's own: it never asks. */
async function pastFirstRoute(maps: ReleaseMapSource) {
  await expect(maps.beforeRoute({ showsRemote: true })).resolves.toBe('initial');
}

describe('ReleaseMapSource', () => {
  it('hands on the release proof of every answer, and renews it without touching the map', async () => {
    server.handle((request, response) => {
      const proof = { 'x-crease-release-proof': `proof-${server.requests.length}` };
      if (request.headers['if-none-match'] === '"v1"') {
        response.writeHead(304, { etag: '"v1"', ...proof });
        response.end();
        return;
      }
      sendJson(response, 200, MAP_V2, { etag: '"v2"', ...proof });
    });
    const proofs: string[] = [];
    const { maps } = source({ onProof: (token: string) => proofs.push(token) });
    await pastFirstRoute(maps);

    await expect(maps.beforeRoute({ showsRemote: true })).resolves.toBe('not-modified');
    await maps.renewProof();
    expect(proofs).toEqual(['proof-1', 'proof-2']);
    expect(maps.current()).toEqual(MAP_V1);
  });

  it('spends no request on the first route or on routes without a remote', async () => {
    serveMap(MAP_V2, '"v2"');
    const { maps } = source();

    await pastFirstRoute(maps);
    await expect(maps.beforeRoute({ showsRemote: false })).resolves.toBe('skipped');

    expect(server.requests).toHaveLength(0);
    expect(maps.current()).toEqual(MAP_V1);
  });

  it('revalidates with the inlined ETag and keeps the map on a 304', async () => {
    serveMap(MAP_V1, '"v1"');
    const { maps } = source();
    await pastFirstRoute(maps);

    await expect(maps.beforeRoute({ showsRemote: true })).resolves.toBe('not-modified');

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: RELEASE_MAP_PATH });
    expect(server.requests[0]?.headers['if-none-match']).toBe('"v1"');
    expect(maps.current()).toEqual(MAP_V1);
  });

  it('takes a new map and its ETag, and asks with that ETag next time', async () => {
    serveMap(MAP_V2, '"v2"');
    const { maps } = source();
    await pastFirstRoute(maps);

    await expect(maps.beforeRoute({ showsRemote: true })).resolves.toBe('updated');
    expect(maps.current()).toEqual(MAP_V2);
    expect(maps.currentEtag()).toBe('"v2"');

    await expect(maps.beforeRoute({ showsRemote: true })).resolves.toBe('not-modified');
    expect(server.requests.map((r) => r.headers['if-none-match'])).toEqual(['"v1"', '"v2"']);
  });

  it('shares one request between concurrent route checks (a redirect chain)', async () => {
    serveMap(MAP_V2, '"v2"');
    const { maps } = source();
    await pastFirstRoute(maps);

    const outcomes = await Promise.all([maps.revalidate(), maps.revalidate(), maps.revalidate()]);

    expect(outcomes).toEqual(['updated', 'updated', 'updated']);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['a server error', (res: ServerResponse) => sendJson(res, 503, {})],
    [
      'HTML instead of JSON',
      (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><p>oops');
      },
    ],
    ['an unsupported schema', (res: ServerResponse) => sendJson(res, 200, { schemaVersion: 2 })],
  ])('keeps the known map on %s and says why', async (_name, answer) => {
    server.handle((_request, response) => answer(response));
    const { maps, problems } = source();
    await pastFirstRoute(maps);

    await expect(maps.revalidate()).resolves.toBe('kept');

    expect(maps.current()).toEqual(MAP_V1);
    expect(maps.currentEtag()).toBe('"v1"');
    expect(problems).toHaveLength(1);
  });

  it('gives up after the timeout and keeps the known map', async () => {
    server.handle(() => undefined); // never answers
    const { maps, problems } = source({ timeoutMs: 150 });
    await pastFirstRoute(maps);

    await expect(maps.revalidate()).resolves.toBe('kept');

    expect(maps.current()).toEqual(MAP_V1);
    expect(problems).toEqual(['release map check timed out after 150 ms']);
  });

  it('drops only a bad entry of a new map', async () => {
    serveMap(
      {
        schemaVersion: 1,
        remotes: { ...MAP_V2.remotes, 'mf-player': { version: '../x', manifestUrl: 'js:' } },
      },
      '"v3"',
    );
    const { maps, problems } = source();
    await pastFirstRoute(maps);

    await expect(maps.revalidate()).resolves.toBe('updated');

    expect(maps.current()).toEqual(MAP_V2);
    expect(problems).toEqual(['release map entry "mf-player" has an invalid version']);
  });
});
