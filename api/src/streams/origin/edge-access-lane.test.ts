/** @jest-environment node */
/**
 * The edge's token check before the framework (decision 368), over real HTTP: the lane answers a
 * plain yes itself and hands everything else to the framework behind it (here a handler that
 * says so), so a refusal is always the route's designed 403.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerAccessFromMemory, accessAskOf } from './edge-access-lane';
import type { EdgeAccessMemory } from './edge-access-lane';
import { EDGE_ACCESS_CACHE_SECONDS } from './stream-standing';
import type { StreamStanding } from './stream-standing';
import { PlaybackTokens } from '../playback-token';
import { serverWithLane } from '../../platform/http/server-lane';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const CHANNEL = 'cricket-final';
/** The test server's clients connect from 127.0.0.1. */
const NETWORK = 'v4:127.0.0.0/24';
const tokens = new PlaybackTokens(new TextEncoder().encode('a test key of at least 32 bytes!!'));
const tokenFor = (channelId = CHANNEL, expiresAt = NOW / 1000 + 60, network = NETWORK) =>
  tokens.sign({
    streamId: '0b8f0a52-6c53-4a0e-9d5a-1a2b3c4d5e6f',
    userId: '7133bc2b-08c6-4870-bad7-0e812153aac7',
    vidictId: 'device-1',
    channelId,
    expiresAt,
    network,
    moves: 0,
  });
const accessUrl = (token: string, channelId = CHANNEL) =>
  `/live/cricket/${channelId}/access?token=${encodeURIComponent(token)}`;

describe('the edge access lane', () => {
  let server: http.Server;
  let origin: string;
  let standing: StreamStanding | null = 'open';

  beforeAll(async () => {
    const memory: EdgeAccessMemory = {
      tokens,
      standingFromMemory: () => standing,
      nowMs: () => NOW,
      networkOf: (request) => (request.headers['x-no-network'] ? null : NETWORK),
    };
    const factory = serverWithLane((request, response) =>
      answerAccessFromMemory(memory, request, response),
    );
    // The framework behind the lane: it names itself, so each test sees who answered.
    server = factory(
      (_request, response) => {
        response.writeHead(418, { 'x-answered-by': 'framework' });
        response.end();
      },
      { keepAliveTimeout: 5000, requestTimeout: 10_000, connectionTimeout: 0 },
    ) as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    standing = 'open';
  });

  const ask = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${origin}${path}`, init);
    await res.arrayBuffer();
    return {
      status: res.status,
      cacheControl: res.headers.get('cache-control'),
      by: res.headers.get('x-answered-by') ?? 'lane',
    };
  };

  it('answers a genuine token of an open stream itself: 204, cacheable as the route says', async () => {
    expect(await ask(accessUrl(tokenFor()))).toEqual({
      status: 204,
      cacheControl: `public, max-age=${EDGE_ACCESS_CACHE_SECONDS}`,
      by: 'lane',
    });
    expect((await ask(accessUrl(tokenFor()), { method: 'HEAD' })).status).toBe(204);
  });

  it.each<[string, StreamStanding | null]>([
    ['a closed stream', 'closed'],
    ['a signed-out device', 'signed-out'],
    ['memory too old to trust (the route reads the database)', null],
  ])('hands %s to the framework', async (_, memoryAnswer) => {
    standing = memoryAnswer;
    expect((await ask(accessUrl(tokenFor()))).by).toBe('framework');
  });

  it.each([
    ['an expired token', () => accessUrl(tokenFor(CHANNEL, NOW / 1000 - 1))],
    ["another channel's token", () => accessUrl(tokenFor('other-channel'))],
    ['a forged signature', () => accessUrl(`${tokenFor().split('.')[0]}.AAAA`)],
    ['no token', () => `/live/cricket/${CHANNEL}/access`],
    ['an empty token', () => `/live/cricket/${CHANNEL}/access?token=`],
    ['the token twice', () => `${accessUrl(tokenFor())}&token=${tokenFor()}`],
    ['another query field', () => `${accessUrl(tokenFor())}&x=1`],
    ['a percent-encoded path', () => accessUrl(tokenFor()).replace('cricket/', 'cri%63ket/')],
    ['another origin path', () => accessUrl(tokenFor()).replace('/access', '/master.m3u8')],
    ['a longer path', () => accessUrl(tokenFor()).replace('/live/', '/live/x/')],
    ['an API route', () => '/api/v1/me'],
  ])('hands %s to the framework', async (_, path) => {
    expect((await ask(path())).by).toBe('framework');
  });

  it('hands a token of another network, and a viewer whose network it cannot tell, to the framework', async () => {
    const elsewhere = tokenFor(CHANNEL, NOW / 1000 + 60, 'v4:198.51.100.0/24');
    expect((await ask(accessUrl(elsewhere))).by).toBe('framework');
    const unknown = { headers: { 'x-no-network': '1' } };
    expect((await ask(accessUrl(tokenFor()), unknown)).by).toBe('framework');
  });

  it('hands other methods and requests with a body to the framework', async () => {
    expect((await ask(accessUrl(tokenFor()), { method: 'POST', body: 'x' })).by).toBe('framework');
    expect((await ask(accessUrl(tokenFor()), { method: 'DELETE' })).by).toBe('framework');
  });

  it('keeps the connection open across answers from both (an edge reuses its upstream sockets)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.get(`${origin}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
        });
        req.on('error', reject);
      });
    const first = await get(accessUrl(tokenFor()));
    standing = 'closed';
    const second = await get(accessUrl(tokenFor()));
    expect([first.status, second.status]).toEqual([204, 418]);
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });
});

describe('accessAskOf', () => {
  it('reads the channel and the decoded token of an access URL', () => {
    expect(accessAskOf('/live/cricket/ch-1/access?token=a.b%2Bc')).toEqual({
      channelId: 'ch-1',
      token: 'a.b+c',
    });
  });
});
