/**
 * The streams suites' shared setup (streams/streams-api.test.ts and
 * streams/streams-metering-api.test.ts): an API on a standing clock the tests move, one league
 * with a live, a soon and an ended match, and the viewer's stream calls as the player makes them.
 * Call it inside a describe: it registers that describe's beforeAll and afterAll.
 */
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { CATALOG_PATHS, STREAM_PATHS, streamPath } from '@crease/contract';
import type { HeartbeatResult, StreamGrant, StreamToken } from '@crease/contract';
import { ensureStreamMedia } from '../streams/media/render-media';
import { BILLING_TEST_ENV, buyPlan, newViewer } from './billing-helpers';
import type { Viewer } from './billing-helpers';
import { testEvent, testLeague } from './catalog-fixtures';
import { noonUtcToday } from './stream-fixtures';
import type { ApiClient, ApiHost, CallOptions, RunningApi } from './test-api';

/**
 * The API's standing clock starts at noon UTC today: sessions are checked against the database's
 * own now(), so the clock stays near the real date, and noon leaves the metering tests a whole
 * UTC day before the midnight reset they test on purpose.
 */
const T0 = noonUtcToday();
const OPERATOR_TOKEN = 'streams-operator-token-0123456789';
const TOKEN_KEY = Buffer.alloc(32, 5);
const STREAMS_ENV = {
  ...BILLING_TEST_ENV,
  CREASE_CATALOG_OPERATOR_TOKENS: `ops:${OPERATOR_TOKEN}`,
  CREASE_STREAM_TOKEN_SECRET: TOKEN_KEY.toString('base64url'),
  CREASE_TRIAL_DAILY_MINUTES: '3',
};
const operator: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };

export const device = (vidictId: string) => ({
  vidictId,
  deviceOs: 'LINUX',
  deviceType: 'CHROME',
  appVersion: '1.0.0',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
});

/** A token signed like the API signs them (the test knows the key), for forged claims. */
export function signToken(claims: Record<string, unknown>, key: Buffer = TOKEN_KEY): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...claims })).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

let suiteCounter = 0;

export type StreamViewer = Viewer & { vidictId: string };

/** Registers the setup with the enclosing describe's beforeAll/afterAll; returns its handles. */
export function streamsSuite(host: () => ApiHost) {
  let api: RunningApi;
  let ops: ApiClient;
  suiteCounter += 1;
  const counter = suiteCounter;
  const leagueId = `streams-league-${counter}`;
  const liveId = `${leagueId}-live`;
  const soonId = `${leagueId}-soon`;
  const endedId = `${leagueId}-ended`;
  /** The standing clock of this API instance (moved by `advance`). */
  let now = T0.getTime();
  const advance = async (seconds: number) => {
    now += seconds * 1000;
    await api.advanceClock(seconds);
  };

  const eventBody = (eventId: string, startHours: number) =>
    testEvent({
      eventId,
      leagueId,
      title: `Streams match ${eventId}`,
      start: new Date(T0.getTime() + startHours * 3_600_000),
      end: new Date(T0.getTime() + (startHours + 3) * 3_600_000),
    });
  const setState = async (eventId: string, body: Record<string, unknown>) => {
    const res = await ops.postJson(
      `/${CATALOG_PATHS.operatorEvents}/${eventId}/state`,
      body,
      operator,
    );
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    // The build step, as `npm start` runs it: cached after the first render (decision 110).
    await ensureStreamMedia(path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media'));
    api = await host().start(STREAMS_ENV, { clock: T0 });
    ops = api.client();
    const league = await ops.postJson(
      `/${CATALOG_PATHS.operatorLeagues}`,
      testLeague({
        leagueId,
        caption: `Streams ${counter}`,
        description: 'Stream test fixtures.',
      }),
      operator,
    );
    expect(league.status).toBe(201);
    for (const [id, start] of [
      [liveId, -1],
      [soonId, 2],
      [endedId, -5],
    ] as const)
      expect(
        (await ops.postJson(`/${CATALOG_PATHS.operatorEvents}`, eventBody(id, start), operator))
          .status,
      ).toBe(201);
    await setState(liveId, { status: 'live', eventStatus: 'live' });
    await setState(endedId, { status: 'live', eventStatus: 'live' });
    // 30 s of live stream before anyone watches: the window has segments.
    await advance(30);
  }, 600_000);
  afterAll(async () => {
    await api.close();
  });

  /** A viewer with a registered device (and, optionally, a trial or a paid plan). */
  async function viewer(access: 'none' | 'trial' | 'monthly', prefix = 'streams') {
    const v = await newViewer(api, prefix);
    const vidictId = `dev-${randomUUID()}`;
    const registered = await v.client.postJson('/api/v1/devices', device(vidictId), {
      bearer: v.bearer,
    });
    expect(registered.status).toBe(201);
    if (access === 'trial')
      expect(
        (await v.client.postJson('/api/v1/billing/trial', { vidictId }, { bearer: v.bearer }))
          .status,
      ).toBe(201);
    if (access === 'monthly') await buyPlan(v, 'monthly');
    return { ...v, vidictId };
  }

  const request = (v: StreamViewer, overrides: Record<string, unknown> = {}) =>
    v.client.postJson<StreamGrant & { code?: string; reason?: string; devices?: unknown[] }>(
      `/${STREAM_PATHS.streams}`,
      { edgeAddress: '', pk: liveId, vidictId: v.vidictId, videoQuality: 'HD', ...overrides },
      { bearer: v.bearer },
    );
  const renew = (v: Viewer, streamId: string) =>
    // As ky sends `http.post(url)`: no body, no content type.
    v.client.request<StreamToken & { code?: string; reason?: string }>(
      'POST',
      `/${streamPath('token', { streamId })}`,
      undefined,
      undefined,
      { bearer: v.bearer },
    );
  const beat = (v: Viewer, streamId: string, sequence: number, sentAt = new Date(now)) =>
    v.client.postJson<HeartbeatResult>(
      `/${streamPath('heartbeat', { streamId })}`,
      { sequence, sentAt: sentAt.toISOString() },
      { bearer: v.bearer },
    );
  const close = (v: Viewer, streamId: string) =>
    v.client.request('DELETE', `/${streamPath('stream', { streamId })}`, undefined, undefined, {
      bearer: v.bearer,
    });

  return {
    get api() {
      return api;
    },
    /** The standing clock's time, in ms (moved by `advance`). */
    get now() {
      return now;
    },
    counter,
    leagueId,
    liveId,
    soonId,
    endedId,
    advance,
    setState,
    viewer,
    request,
    renew,
    beat,
    close,
  };
}
