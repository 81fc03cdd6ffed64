/** @jest-environment node */
/**
 * Streams over real HTTP (issue 12), on PGlite and PostgreSQL: the stream request and its
 * refusals (entitlement, devices, concurrency, bad input), token renewal, trial metering on a
 * standing clock the test moves, and the embedded live origin's token checks, unknown channels and
 * not started (its playlists, parts and media: origin-api.test.ts).
 */
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { CATALOG_PATHS, STREAM_PATHS, streamPath } from '@crease/contract';
import type { HeartbeatResult, StreamGrant, StreamToken } from '@crease/contract';
import { ensureStreamMedia } from './media/render-media';
import {
  BILLING_TEST_ENV,
  buyPlan,
  entitlement,
  expectErrorShape,
  newViewer,
  PASSWORD,
  signInAgain,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { testEvent, testLeague } from '../testing/catalog-fixtures';
import type { ApiClient, CallOptions, RunningApi } from '../testing/test-api';

/**
 * The API's standing clock starts at noon UTC today: sessions are checked against the database's
 * own now(), so the clock stays near the real date, and noon leaves the metering tests a whole
 * UTC day before the midnight reset they test on purpose.
 */
const T0 = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
const OPERATOR_TOKEN = 'streams-operator-token-0123456789';
const TOKEN_KEY = Buffer.alloc(32, 5);
const STREAMS_ENV = {
  ...BILLING_TEST_ENV,
  CREASE_CATALOG_OPERATOR_TOKENS: `ops:${OPERATOR_TOKEN}`,
  CREASE_STREAM_TOKEN_SECRET: TOKEN_KEY.toString('base64url'),
  CREASE_TRIAL_DAILY_MINUTES: '3',
};
const operator: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };

const device = (vidictId: string) => ({
  vidictId,
  deviceOs: 'LINUX',
  deviceType: 'CHROME',
  appVersion: '1.0.0',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
});

/** A token signed like the API signs them (the test knows the key), for forged claims. */
function signToken(claims: Record<string, unknown>, key: Buffer = TOKEN_KEY): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...claims })).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

let suiteCounter = 0;

describeEachDatabase('Streams API and origin', (host) => {
  let api: RunningApi;
  let ops: ApiClient;
  suiteCounter += 1;
  const leagueId = `streams-league-${suiteCounter}`;
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
        caption: `Streams ${suiteCounter}`,
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

  const request = (v: Viewer & { vidictId: string }, overrides: Record<string, unknown> = {}) =>
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

  describe('stream request', () => {
    it('grants a paying viewer the Channel stream with a signed playlist URL', async () => {
      const v = await viewer('monthly');
      const res = await request(v, { videoQuality: 'FULL_HD' });
      expect(res.status).toBe(201);
      const grant = res.body;
      expect(grant).toMatchObject({
        userId: v.userId,
        edge: `${api.origin}/`,
        application: 'cricket',
        streamApp: 'live',
        channelName: `Streams match ${liveId}`,
        channelId: `ch-${liveId}`,
        eventStatus: 'live',
        bitrateName: '1080p',
        eventId: liveId,
        heartbeatSeconds: null,
        trialSecondsLeft: null,
      });
      expect(grant.playlistUrl).toBe(
        `${api.origin}/live/cricket/ch-${liveId}/master.m3u8?token=${grant.playback.token}`,
      );
      const expires = Date.parse(grant.playback.expiresAt);
      expect(expires - now).toBe(120_000);
      // Renewed 30 s before it ends (decision 370).
      expect(Date.parse(grant.playback.renewAt) - now).toBe(90_000);
      expect(claimsOf(grant.playback.token)).toMatchObject({
        sid: grant.streamId,
        uid: v.userId,
        did: v.vidictId,
        ch: `ch-${liveId}`,
      });
      // The request's quality is this stream's only: the account's preference changes on
      // /account alone (issue 21 §6, decision 365).
      const account = await v.client.get<{ userProfile: { videoQuality: string } }>(
        '/api/v1/account',
        { bearer: v.bearer },
      );
      expect(account.body.userProfile.videoQuality).toBe('AUTO');
      expect((await request(v, { videoQuality: 'SD' })).body.bitrateName).toBe('480p');
      expect((await request(v, { videoQuality: 'AUTO' })).body.bitrateName).toBe('auto');
    });

    it('refuses a viewer with no plan and no trial: 403 NOT_ENTITLED with the reason', async () => {
      const v = await viewer('none');
      const res = await request(v);
      expect(res.status).toBe(403);
      expectErrorShape(res.body, 'NOT_ENTITLED');
      expect(res.body.reason).toBe('NO_PLAN');
      expect(await host().query('SELECT 1 FROM streams WHERE user_id = $1', [v.userId])).toEqual(
        [],
      );
    });

    it('grants a trial viewer a metered stream with heartbeatSeconds and the time left', async () => {
      const v = await viewer('trial');
      const res = await request(v);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        heartbeatSeconds: 30,
        trialSecondsLeft: 120 * 60,
        trialTodaySecondsLeft: 3 * 60,
      });
      // Trial tokens last two heartbeats: less play can pass unsettled.
      expect(Date.parse(res.body.playback.expiresAt) - now).toBe(60_000);
      // A 60 s trial token is renewed half way, not 30 s before its end (decision 370).
      expect(Date.parse(res.body.playback.renewAt) - now).toBe(30_000);
    });

    it.each([
      ['a bad videoQuality', { videoQuality: '4K' }, 400, 'VALIDATION_FAILED', /videoQuality/],
      ['a missing pk', { pk: undefined }, 400, 'VALIDATION_FAILED', /pk/],
      ['an extra field', { price: 0 }, 400, 'VALIDATION_FAILED', /price/],
      [
        'a malformed vidictId',
        { vidictId: 'no spaces allowed' },
        400,
        'VALIDATION_FAILED',
        /vidictId/,
      ],
      [
        'an unregistered vidictId',
        { vidictId: 'never-registered-1' },
        400,
        'DEVICE_NOT_REGISTERED',
        /vidictId/,
      ],
      ['an unknown event', { pk: 'no-such-event' }, 404, 'EVENT_NOT_FOUND', /event/],
    ])('answers %s with %s %s naming it', async (_, overrides, status, code, message) => {
      const v = await viewer('monthly');
      const res = await request(v, overrides);
      expect(res.status).toBe(status);
      expectErrorShape(res.body, code);
      expect(String((res.body as unknown as { message: string }).message)).toMatch(message);
    });

    it('answers a retried request (same Idempotency-Key) with the same grant', async () => {
      const v = await viewer('monthly');
      const key = randomUUID();
      const send = () =>
        v.client.postJson<StreamGrant>(
          `/${STREAM_PATHS.streams}`,
          { edgeAddress: '', pk: liveId, vidictId: v.vidictId, videoQuality: 'SD' },
          { bearer: v.bearer, headers: { 'idempotency-key': key } },
        );
      const first = await send();
      const retry = await send();
      expect([first.status, retry.status]).toEqual([201, 201]);
      expect(retry.body.streamId).toBe(first.body.streamId);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const rows = await host().query('SELECT id FROM streams WHERE user_id = $1', [v.userId]);
      expect(rows).toHaveLength(1);
    });

    it('needs a signed-in viewer', async () => {
      const res = await api.client().postJson(`/${STREAM_PATHS.streams}`, {
        edgeAddress: '',
        pk: liveId,
        vidictId: 'whatever-device',
        videoQuality: 'HD',
      });
      expect(res.status).toBe(401);
    });

    it('keeps to maxDevices devices playing at once: 409 STREAM_LIMIT_REACHED names those playing', async () => {
      const planId = `duo-${suiteCounter}-${randomUUID().slice(0, 8)}`;
      await host().query(
        `INSERT INTO plans (id, name, description, max_devices, duration_days, order_number, price_cents)
         VALUES ($1, 'Duo', 'Two screens', 2, 30, 90, 500)`,
        [planId],
      );
      const v = await viewer('none');
      await buyPlan(v, planId);
      const second = `dev-${randomUUID()}`;
      expect(
        (await v.client.postJson('/api/v1/devices', device(second), { bearer: v.bearer })).status,
      ).toBe(201);
      const first = await request(v);
      expect(first.status).toBe(201);
      // Two tabs on one device are one device watching.
      expect((await request(v)).status).toBe(201);
      expect((await request({ ...v, vidictId: second })).status).toBe(201);

      // The plan now allows one screen at a time.
      await host().query('UPDATE plans SET max_devices = 1 WHERE id = $1', [planId]);
      const refused = await request({ ...v, vidictId: second });
      expect(refused.status).toBe(409);
      expectErrorShape(refused.body, 'STREAM_LIMIT_REACHED');
      expect(refused.body).toMatchObject({
        maxDevices: 1,
        devices: [expect.objectContaining({ vidictId: v.vidictId, deviceOs: 'LINUX' })],
        message: expect.stringContaining('Chrome on Linux is playing now'),
      });

      // Closing the first device's streams frees the place.
      const open = await host().query<{ id: string }>(
        'SELECT id FROM streams WHERE user_id = $1 AND vidict_id = $2 AND ended_at IS NULL',
        [v.userId, v.vidictId],
      );
      for (const { id } of open) expect((await close(v, id)).status).toBe(204);
      expect((await request({ ...v, vidictId: second })).status).toBe(201);

      // A stream nobody renews lapses with its token and stops counting.
      expect((await request(v)).status).toBe(409);
      await advance(121);
      expect((await request(v)).status).toBe(201);
    });

    it('answers a device that is not registered (signed out) with 400, never the limit', async () => {
      const v = await viewer('trial');
      const res = await request(v, { vidictId: 'a-second-browser-1' });
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 'DEVICE_NOT_REGISTERED');
    });
  });

  describe('token renewal', () => {
    it('gives a fresh token before expiry, and 404 for a closed or unknown stream', async () => {
      const v = await viewer('monthly');
      const grant = (await request(v)).body;
      await advance(60);
      const renewed = await renew(v, grant.streamId);
      expect(renewed.status).toBe(200);
      expect(renewed.body.token).not.toBe(grant.playback.token);
      expect(Date.parse(renewed.body.expiresAt) - now).toBe(120_000);
      // The new token plays where the old one did.
      const media = await fetch(
        grant.playlistUrl.replace(grant.playback.token, renewed.body.token),
      );
      expect(media.status).toBe(200);

      const other = await viewer('monthly');
      const stolen = await renew(other, grant.streamId);
      expect(stolen.status).toBe(404);
      expectErrorShape(stolen.body, 'STREAM_NOT_FOUND');
      expect((await close(v, grant.streamId)).status).toBe(204);
      expect((await renew(v, grant.streamId)).status).toBe(404);
      expect((await close(v, grant.streamId)).status).toBe(404);
      expect((await renew(v, randomUUID())).status).toBe(404);
      expect((await renew(v, 'not-a-uuid')).status).toBe(400);
    });

    it('refuses renewal once the device is signed out', async () => {
      const v = await viewer('monthly');
      const grant = (await request(v)).body;
      // Another session of the same account (a second browser) signs this device out.
      const other = await v.client.signIn(v.email, PASSWORD);
      expect(other.status).toBe(200);
      const signedOut = await v.client.request(
        'DELETE',
        `/api/v1/devices/${v.vidictId}`,
        undefined,
        undefined,
        { bearer: other.body.access_token },
      );
      expect(signedOut.status).toBe(204);
      // The signed-out device's own session has ended (decision 104): its renewal is unauthorised.
      expect((await renew(v, grant.streamId)).status).toBe(401);
      // And no other session of the account can keep that device's stream alive: the stream
      // ended with its session (decision 400), so it is not found (before: 403 NOT_ENTITLED).
      const res = await renew({ ...v, bearer: other.body.access_token }, grant.streamId);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'STREAM_NOT_FOUND' });
    });

    it('refuses renewal once the paid period has ended, and closes the stream (decision 369)', async () => {
      const v = await viewer('monthly');
      const grant = (await request(v)).body;
      expect((await renew(v, grant.streamId)).status).toBe(200);
      // A plan set not to renew whose period ended a minute ago: it is over (no grace period).
      await host().query(
        'UPDATE subscriptions SET period_end = $1, renewing = false WHERE user_id = $2',
        [new Date(now - 60_000).toISOString(), v.userId],
      );
      const refused = await renew(v, grant.streamId);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'NOT_ENTITLED', reason: 'PLAN_EXPIRED' });
      expect((await renew(v, grant.streamId)).status).toBe(404);
    });

    it('closes a paid stream without the account lock, and a trial stream with it (decision 375)', async () => {
      // SELECT … FOR UPDATE stamps the row's xmax with the locking transaction: a close that
      // took the subscription lock would change it.
      const lockStamp = async (userId: string) =>
        (
          await host().query<{ xmax: string }>(
            'SELECT xmax::text AS xmax FROM subscriptions WHERE user_id = $1',
            [userId],
          )
        )[0]?.xmax;
      const paid = await viewer('monthly');
      const paidGrant = (await request(paid)).body;
      const beforePaid = await lockStamp(paid.userId);
      expect((await close(paid, paidGrant.streamId)).status).toBe(204);
      expect(await lockStamp(paid.userId)).toBe(beforePaid);
      expect((await close(paid, paidGrant.streamId)).status).toBe(404);
      expect((await request(paid)).status).toBe(201);

      const trial = await viewer('trial');
      const trialGrant = (await request(trial)).body;
      const beforeTrial = await lockStamp(trial.userId);
      await advance(5);
      expect((await close(trial, trialGrant.streamId)).status).toBe(204);
      expect(await lockStamp(trial.userId)).not.toBe(beforeTrial);
      const [counted] = await host().query<{ used: number }>(
        'SELECT trial_used_seconds AS used FROM subscriptions WHERE user_id = $1',
        [trial.userId],
      );
      expect(Number(counted?.used)).toBe(5);
    });

    it('a renewal racing the close never keeps the stream open (decision 369)', async () => {
      const v = await viewer('monthly');
      for (let round = 0; round < 5; round += 1) {
        const grant = (await request(v)).body;
        const [renewed, closed] = await Promise.all([
          renew(v, grant.streamId),
          close(v, grant.streamId),
        ]);
        expect([200, 404]).toContain(renewed.status);
        expect(closed.status).toBe(204);
        expect((await renew(v, grant.streamId)).status).toBe(404);
        const [row] = await host().query<{ ended: boolean }>(
          'SELECT ended_at IS NOT NULL AS ended FROM streams WHERE id = $1',
          [grant.streamId],
        );
        expect(row?.ended).toBe(true);
      }
    });
  });

  describe('trial metering', () => {
    const used = async (userId: string) => {
      const [row] = await host().query<{ used: number; today: number }>(
        'SELECT trial_used_seconds AS used, trial_today_seconds AS today FROM subscriptions WHERE user_id = $1',
        [userId],
      );
      return { used: Number(row?.used), today: Number(row?.today) };
    };

    it('counts play from heartbeats, clamped to wall time; replays and the future count zero', async () => {
      const v = await viewer('trial');
      const grant = (await request(v)).body;
      await advance(30);
      expect((await beat(v, grant.streamId, 1)).body).toMatchObject({
        countedSeconds: 30,
        entitled: true,
        reason: 'TRIAL',
        trialSecondsLeft: 120 * 60 - 30,
        trialTodaySecondsLeft: 180 - 30,
      });
      // The same sequence again, or an older one: zero.
      expect((await beat(v, grant.streamId, 1)).body.countedSeconds).toBe(0);
      expect((await beat(v, grant.streamId, 0)).body.countedSeconds).toBe(0);
      // A heartbeat from the future: zero, and it takes nothing from the next one.
      await advance(10);
      expect((await beat(v, grant.streamId, 2, new Date(now + 60_000))).body.countedSeconds).toBe(
        0,
      );
      // Ten seconds of wall time are ten seconds, however often the player asks.
      expect((await beat(v, grant.streamId, 3)).body.countedSeconds).toBe(10);
      expect((await beat(v, grant.streamId, 4)).body.countedSeconds).toBe(0);
      expect(await used(v.userId)).toEqual({ used: 40, today: 40 });
      // A heartbeat long after the token expired counts only until it expired: the token of
      // the last counted heartbeat (sequence 4, at 40 s), which lived 60 s (decision 373).
      await advance(300);
      const late = await beat(v, grant.streamId, 5);
      expect(late.body.countedSeconds).toBe(60);
      expect(late.body.playback).toBeUndefined();
      const ent = await entitlement(v);
      expect(ent.trialSecondsLeft).toBe(120 * 60 - 100);
    });

    it('a counted heartbeat renews the token; a replayed, future or lapsed one does not', async () => {
      const v = await viewer('trial');
      const grant = (await request(v)).body;
      await advance(30);
      const first = (await beat(v, grant.streamId, 1)).body;
      // The token a renewal would hand out now: 60 s of life, renewed at half.
      expect(first.playback).toEqual({
        token: expect.any(String),
        expiresAt: new Date(now + 60_000).toISOString(),
        renewAt: new Date(now + 30_000).toISOString(),
      });
      expect(first.playback!.token).not.toBe(grant.playback.token);
      // The heartbeat's token opens the stream at the origin, as a renewal's does.
      const playlist = await fetch(
        grant.playlistUrl.replace(grant.playback.token, first.playback!.token),
      );
      expect(playlist.status).toBe(200);
      expect((await beat(v, grant.streamId, 1)).body.playback).toBeUndefined();
      expect(
        (await beat(v, grant.streamId, 2, new Date(now + 60_000))).body.playback,
      ).toBeUndefined();
      // The lease is the heartbeat's token's: it still runs 50 s later, past the grant's 60 s.
      await advance(50);
      expect((await beat(v, grant.streamId, 3)).body.playback).toBeDefined();
      // A lease that lapsed (a pause longer than the token) takes a screen again through a
      // renewal, not a heartbeat.
      await advance(120);
      const lapsed = (await beat(v, grant.streamId, 4)).body;
      expect(lapsed).toMatchObject({ entitled: true });
      expect(lapsed.playback).toBeUndefined();
      expect((await renew(v, grant.streamId)).status).toBe(200);
    });

    it('counts two tabs of one account once', async () => {
      const v = await viewer('trial');
      const a = (await request(v)).body;
      const b = (await request(v)).body;
      await advance(30);
      expect((await beat(v, a.streamId, 1)).body.countedSeconds).toBe(30);
      expect((await beat(v, b.streamId, 1)).body.countedSeconds).toBe(0);
      await advance(20);
      expect((await beat(v, b.streamId, 2)).body.countedSeconds).toBe(20);
      expect((await beat(v, a.streamId, 2)).body.countedSeconds).toBe(0);
      expect(await used(v.userId)).toEqual({ used: 50, today: 50 });
    });

    it('does not give free time for missing heartbeats: renewal and close settle it', async () => {
      const v = await viewer('trial');
      const grant = (await request(v)).body;
      await advance(45);
      const renewed = await renew(v, grant.streamId);
      expect(renewed.status).toBe(200);
      expect(await used(v.userId)).toEqual({ used: 45, today: 45 });
      await advance(25);
      expect((await close(v, grant.streamId)).status).toBe(204);
      expect(await used(v.userId)).toEqual({ used: 70, today: 70 });
      // A stream left to lapse is settled (up to its token's expiry) by the next request.
      const again = (await request(v)).body;
      await advance(500);
      expect((await request(v)).status).toBe(201);
      expect(await used(v.userId)).toEqual({ used: 130, today: 130 });
      expect(again.streamId).toBeTruthy();
    });

    it("refuses renewal once today's allowance is used, and lets the viewer back after UTC midnight", async () => {
      const v = await viewer('trial');
      const grant = (await request(v)).body;
      let sequence = 0;
      let last: HeartbeatResult | null = null;
      for (let i = 0; i < 6; i++) {
        await advance(30);
        last = (await beat(v, grant.streamId, ++sequence)).body;
        // The player renews at renewAt (half the 60 s trial token) while time is left.
        if (i === 1 || i === 3) expect((await renew(v, grant.streamId)).status).toBe(200);
      }
      expect(last).toMatchObject({
        entitled: false,
        reason: 'TRIAL_DAILY_TIME_USED',
        trialTodaySecondsLeft: 0,
      });
      // A heartbeat renews only a stream still entitled.
      expect(last!.playback).toBeUndefined();
      const refused = await renew(v, grant.streamId);
      expect(refused.status).toBe(403);
      expectErrorShape(refused.body, 'NOT_ENTITLED');
      expect(refused.body.reason).toBe('TRIAL_DAILY_TIME_USED');
      // The refused stream is closed; a new request is refused the same way.
      expect((await renew(v, grant.streamId)).status).toBe(404);
      const blocked = await request(v);
      expect(blocked.status).toBe(403);
      expect(blocked.body.reason).toBe('TRIAL_DAILY_TIME_USED');

      // Daily time resets at UTC midnight (decision 113).
      const midnight = new Date(now);
      midnight.setUTCHours(24, 0, 5, 0);
      await advance((midnight.getTime() - now) / 1000);
      // Hours later by the API's clock, the access token has ended (decision 420): sign in again.
      await signInAgain(v);
      const tomorrow = await request(v);
      expect(tomorrow.status).toBe(201);
      expect(tomorrow.body.trialTodaySecondsLeft).toBe(180);
    });

    it('rejects malformed heartbeats with 400 and never 5xx', async () => {
      const v = await viewer('trial');
      const grant = (await request(v)).body;
      const url = `/${streamPath('heartbeat', { streamId: grant.streamId })}`;
      for (const body of [
        {},
        { sequence: -1, sentAt: new Date(now).toISOString() },
        { sequence: 1.5, sentAt: new Date(now).toISOString() },
        { sequence: 1, sentAt: 'yesterday' },
        { sequence: 1, sentAt: new Date(now).toISOString(), seconds: 3600 },
      ]) {
        const res = await v.client.postJson(url, body, { bearer: v.bearer });
        expect(res.status).toBe(400);
        expectErrorShape(res.body, 'VALIDATION_FAILED');
      }
    });
  });

  describe('origin', () => {
    let grant: StreamGrant;
    let v: Viewer & { vidictId: string };
    const get = (url: string) => fetch(url);

    beforeAll(async () => {
      v = await viewer('monthly', 'origin');
      grant = (await request(v)).body;
    });

    it.each([
      ['missing', () => grant.playlistUrl.replace(/\?token=.*$/, '')],
      [
        'tampered',
        // The mac's first character carries six whole bits (its last one has padding bits).
        () =>
          grant.playlistUrl.replace(
            grant.playback.token,
            grant.playback.token.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`),
          ),
      ],
      [
        'another account (claims swapped, same mac)',
        () => {
          const [, mac] = grant.playback.token.split('.');
          const forged = Buffer.from(
            JSON.stringify({ ...claimsOf(grant.playback.token), uid: randomUUID() }),
          ).toString('base64url');
          return grant.playlistUrl.replace(grant.playback.token, `${forged}.${mac}`);
        },
      ],
      [
        'signed with another key',
        () =>
          grant.playlistUrl.replace(
            grant.playback.token,
            signToken(claimsOf(grant.playback.token), Buffer.alloc(32, 6)),
          ),
      ],
      [
        'for another channel',
        () => `${api.origin}/live/cricket/ch-${endedId}/master.m3u8?token=${grant.playback.token}`,
      ],
      [
        'expired',
        () =>
          grant.playlistUrl.replace(
            grant.playback.token,
            signToken({ ...claimsOf(grant.playback.token), exp: Math.floor(now / 1000) - 1 }),
          ),
      ],
    ])(
      'answers 403 STREAM_TOKEN_INVALID for a %s token, on playlists and segments',
      async (_, url) => {
        const target = url();
        const res = await get(target);
        expect(res.status).toBe(403);
        expectErrorShape(await res.json(), 'STREAM_TOKEN_INVALID');
        const segment = await get(target.replace('master.m3u8', '720p/init.mp4'));
        expect(segment.status).toBe(403);
      },
    );

    it('expires tokens on the clock: the renewed one plays on', async () => {
      const fresh = (await request(v)).body;
      await advance(121);
      const stale = await get(fresh.playlistUrl);
      expect(stale.status).toBe(403);
      expect(((await stale.json()) as { message: string }).message).toMatch(/expired/);
      const renewed = await renew(v, fresh.streamId);
      expect(renewed.status).toBe(200);
      expect(
        (await get(fresh.playlistUrl.replace(fresh.playback.token, renewed.body.token))).status,
      ).toBe(200);
    });

    it('answers an unknown channel or application with 404', async () => {
      const claims = { ...claimsOf(grant.playback.token), exp: Math.floor(now / 1000) + 60 };
      const ghost = signToken({ ...claims, ch: 'ch-nothing-here' });
      expect(
        (await get(`${api.origin}/live/cricket/ch-nothing-here/master.m3u8?token=${ghost}`)).status,
      ).toBe(404);
      expect(
        (
          await get(
            `${api.origin}/live/other-app/ch-${liveId}/master.m3u8?token=${signToken({ ...claims, ch: `ch-${liveId}` })}`,
          )
        ).status,
      ).toBe(404);
    });

    it('has no media before the stream starts: 409 STREAM_NOT_STARTED, and the grant says so', async () => {
      const soon = (await request(v, { pk: soonId })).body;
      expect(soon.eventStatus).toBe('not_started');
      const res = await get(soon.playlistUrl);
      expect(res.status).toBe(409);
      expectErrorShape(await res.json(), 'STREAM_NOT_STARTED');
    });
  });

  it('documents every stream route in the OpenAPI document', async () => {
    const res = await api.client().get<{ paths: Record<string, unknown> }>('/docs/json');
    for (const route of [
      '/api/v1/streams',
      '/api/v1/streams/{streamId}/token',
      '/api/v1/streams/{streamId}/heartbeat',
      '/api/v1/streams/{streamId}',
      '/live/{application}/{channelId}/master.m3u8',
      '/live/{application}/{channelId}/{rendition}/{file}',
      '/live/{application}/{channelId}/access',
    ])
      expect(res.body.paths).toHaveProperty([route]);
  });
});
