/**
 * Stream test fixtures over real HTTP: a league with a live event, viewers with a registered
 * device (and a trial or a paid plan), and the stream calls as the player makes them. Several
 * API replicas over one database share a standing clock that `advance` moves on all of them.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CATALOG_PATHS, STREAM_PATHS, streamPath } from '@crease/contract';
import type { HeartbeatResult, StreamGrant, StreamToken } from '@crease/contract';
import { ensureStreamMedia } from '../streams/media/render-media';
import { SEGMENT_MS, STREAM_EPOCH_MS } from '../streams/origin/dvr-window';
import { BILLING_TEST_ENV, buyPlan, newViewer } from './billing-helpers';
import { testEvent, testLeague } from './catalog-fixtures';
import type { Viewer } from './billing-helpers';
import type { ApiHost, CallOptions, RunningApi } from './test-api';

const OPERATOR_TOKEN = 'stream-fixtures-operator-token-0123';
const operator: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
/** The catalog operator's call options (to move the live event's state). */
export const STREAM_FIXTURES_OPERATOR = operator;

export const STREAM_FIXTURES_ENV: Record<string, string> = {
  ...BILLING_TEST_ENV,
  CREASE_CATALOG_OPERATOR_TOKENS: `ops:${OPERATOR_TOKEN}`,
  CREASE_STREAM_TOKEN_SECRET: Buffer.alloc(32, 7).toString('base64url'),
};

export type StreamViewer = Viewer & { vidictId: string };
type Answer<T> = Promise<{ status: number; body: T & { code?: string; reason?: string } }>;

export interface StreamFixtures {
  replicas: RunningApi[];
  liveId: string;
  /** Milliseconds since the epoch on every replica's standing clock. */
  now(): number;
  advance(seconds: number): Promise<void>;
  viewer(access: 'trial' | 'monthly', api?: RunningApi): Promise<StreamViewer>;
  request(v: StreamViewer): Answer<StreamGrant>;
  renew(v: Viewer, streamId: string): Answer<StreamToken>;
  beat(v: Viewer, streamId: string, sequence: number, sentAt?: Date): Answer<HeartbeatResult>;
  close(v: Viewer, streamId: string): Promise<{ status: number }>;
  /** GET a playback URL of `grant` (playlist or segment) on `replica`, with `token`. */
  play(replica: RunningApi, grant: StreamGrant, file: string, token?: string): Promise<number>;
  /** The sequence number of a segment published at the live edge now. */
  liveSegment(): number;
  stop(): Promise<void>;
}

const device = (vidictId: string) => ({
  vidictId,
  deviceOs: 'LINUX',
  deviceType: 'CHROME',
  appVersion: '1.0.0',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
});

export interface StreamFixtureOptions {
  start: Date;
  replicas: number;
  env?: Record<string, string>;
  /** Per replica, on top of `env` (a replica configured differently). */
  replicaEnv?: Record<string, string>[];
  tag: string;
}

/**
 * Noon UTC today: a run that starts here stays inside one UTC day (the daily trial allowance
 * resets at midnight) unless the test moves the clock on purpose.
 */
export const noonUtcToday = () =>
  new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);

let suites = 0;

/**
 * For a describe block (two replicas from noon UTC today unless told otherwise): renders the stream media once (kept in .cache/stream-media), starts the
 * fixtures before the block's tests and hands them to `started`, and stops every replica after.
 */
export function useStreamFixtures(
  host: () => ApiHost,
  options: Partial<StreamFixtureOptions> & Pick<StreamFixtureOptions, 'tag'>,
  started: (fixtures: StreamFixtures, replicas: [RunningApi, RunningApi]) => void,
): void {
  // Each database's describe block gets its own league and event.
  const tag = `${options.tag}-${++suites}`;
  let fixtures: StreamFixtures | undefined;
  beforeAll(async () => {
    await ensureStreamMedia(path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media'));
    fixtures = await startStreamFixtures(host(), {
      start: noonUtcToday(),
      replicas: 2,
      ...options,
      tag,
    });
    started(fixtures, fixtures.replicas as [RunningApi, RunningApi]);
  }, 600_000);
  // Replicas stop one after the other: on a loaded machine (CI renders the stream media while
  // other suites run) that has taken over a minute.
  afterAll(async () => {
    await fixtures?.stop();
  }, 180_000);
}

/** Starts `replicas` API instances over `host`'s database, all at `start`, with a live event. */
export async function startStreamFixtures(
  host: ApiHost,
  options: StreamFixtureOptions,
): Promise<StreamFixtures> {
  const env = { ...STREAM_FIXTURES_ENV, ...options.env };
  const replicas: RunningApi[] = [];
  for (let i = 0; i < options.replicas; i++)
    replicas.push(
      await host.start({ ...env, ...options.replicaEnv?.[i] }, { clock: options.start }),
    );
  const [main] = replicas as [RunningApi];
  const ops = main.client();
  let now = options.start.getTime();
  const leagueId = `integrity-${options.tag}`;
  const liveId = `${leagueId}-live`;
  const league = await ops.postJson(
    `/${CATALOG_PATHS.operatorLeagues}`,
    testLeague({
      leagueId,
      caption: `Integrity ${options.tag}`,
      description: 'Stream integrity fixtures.',
    }),
    operator,
  );
  if (league.status !== 201) throw new Error(`league: ${league.status} ${league.text}`);
  const event = await ops.postJson(
    `/${CATALOG_PATHS.operatorEvents}`,
    testEvent({
      eventId: liveId,
      leagueId,
      title: `Integrity match ${options.tag}`,
      start: new Date(now - 3_600_000),
      end: new Date(now + 7_200_000),
    }),
    operator,
  );
  if (event.status !== 201) throw new Error(`event: ${event.status} ${event.text}`);
  const live = await ops.postJson(
    `/${CATALOG_PATHS.operatorEvents}/${liveId}/state`,
    { status: 'live', eventStatus: 'live' },
    operator,
  );
  if (live.status !== 200) throw new Error(`live: ${live.status} ${live.text}`);

  const advance = async (seconds: number) => {
    now += seconds * 1000;
    for (const replica of replicas) await replica.advanceClock(seconds);
  };
  // Some live stream before anyone watches: the window has segments.
  await advance(30);

  const play = async (replica: RunningApi, grant: StreamGrant, file: string, token?: string) => {
    const url = new URL(file, grant.playlistUrl.replace(/\?.*$/, ''));
    url.search = `token=${token ?? grant.playback.token}`;
    const res = await fetch(`${replica.origin}${url.pathname}${url.search}`);
    await res.arrayBuffer();
    return res.status;
  };

  return {
    replicas,
    liveId,
    now: () => now,
    advance,
    async viewer(access, api = main) {
      const v = await newViewer(api, 'integrity');
      const vidictId = `dev-${randomUUID()}`;
      const registered = await v.client.postJson('/api/v1/devices', device(vidictId), {
        bearer: v.bearer,
      });
      if (registered.status !== 201) throw new Error(`device: ${registered.status}`);
      if (access === 'trial') {
        const trial = await v.client.postJson(
          '/api/v1/billing/trial',
          { vidictId },
          { bearer: v.bearer },
        );
        if (trial.status !== 201) throw new Error(`trial: ${trial.status} ${trial.text}`);
      } else await buyPlan(v, 'monthly');
      return { ...v, vidictId };
    },
    request: (v) =>
      v.client.postJson(
        `/${STREAM_PATHS.streams}`,
        { edgeAddress: '', pk: liveId, vidictId: v.vidictId, videoQuality: 'HD' },
        { bearer: v.bearer },
      ),
    renew: (v, streamId) =>
      v.client.request('POST', `/${streamPath('token', { streamId })}`, undefined, undefined, {
        bearer: v.bearer,
      }),
    beat: (v, streamId, sequence, sentAt = new Date(now)) =>
      v.client.postJson(
        `/${streamPath('heartbeat', { streamId })}`,
        { sequence, sentAt: sentAt.toISOString() },
        { bearer: v.bearer },
      ),
    close: (v, streamId) =>
      v.client.request('DELETE', `/${streamPath('stream', { streamId })}`, undefined, undefined, {
        bearer: v.bearer,
      }),
    play,
    liveSegment: () => Math.floor((now - STREAM_EPOCH_MS) / SEGMENT_MS) - 2,
    async stop() {
      for (const replica of replicas) await replica.close();
    },
  };
}
