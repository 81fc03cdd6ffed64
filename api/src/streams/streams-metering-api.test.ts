/** @jest-environment node */
/**
 * Streams over real HTTP, on PGlite and PostgreSQL: trial metering on a standing clock the test
 * moves, and the embedded live origin's token checks, unknown channels and not started (its
 * playlists, parts and media: origin-api.test.ts). The stream request and renewal:
 * streams-api.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { streamPath } from '@crease/contract';
import type { HeartbeatResult, StreamGrant } from '@crease/contract';
import { entitlement, expectErrorShape, signInAgain } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { claimsOf, signToken, streamsSuite } from '../testing/streams-suite';

describeEachDatabase('Streams API: trial metering and the origin', (host) => {
  const s = streamsSuite(host);
  const { advance, viewer, request, renew, beat, close, liveId, soonId, endedId } = s;

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
      expect((await beat(v, grant.streamId, 2, new Date(s.now + 60_000))).body.countedSeconds).toBe(
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
        expiresAt: new Date(s.now + 60_000).toISOString(),
        renewAt: new Date(s.now + 30_000).toISOString(),
      });
      expect(first.playback!.token).not.toBe(grant.playback.token);
      // The heartbeat's token opens the stream at the origin, as a renewal's does.
      const playlist = await fetch(
        grant.playlistUrl.replace(grant.playback.token, first.playback!.token),
      );
      expect(playlist.status).toBe(200);
      expect((await beat(v, grant.streamId, 1)).body.playback).toBeUndefined();
      expect(
        (await beat(v, grant.streamId, 2, new Date(s.now + 60_000))).body.playback,
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
      const midnight = new Date(s.now);
      midnight.setUTCHours(24, 0, 5, 0);
      await advance((midnight.getTime() - s.now) / 1000);
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
        { sequence: -1, sentAt: new Date(s.now).toISOString() },
        { sequence: 1.5, sentAt: new Date(s.now).toISOString() },
        { sequence: 1, sentAt: 'yesterday' },
        { sequence: 1, sentAt: new Date(s.now).toISOString(), seconds: 3600 },
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
        () =>
          `${s.api.origin}/live/cricket/ch-${endedId}/master.m3u8?token=${grant.playback.token}`,
      ],
      [
        'expired',
        () =>
          grant.playlistUrl.replace(
            grant.playback.token,
            signToken({ ...claimsOf(grant.playback.token), exp: Math.floor(s.now / 1000) - 1 }),
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
      const claims = { ...claimsOf(grant.playback.token), exp: Math.floor(s.now / 1000) + 60 };
      const ghost = signToken({ ...claims, ch: 'ch-nothing-here' });
      expect(
        (await get(`${s.api.origin}/live/cricket/ch-nothing-here/master.m3u8?token=${ghost}`))
          .status,
      ).toBe(404);
      expect(
        (
          await get(
            `${s.api.origin}/live/other-app/ch-${liveId}/master.m3u8?token=${signToken({ ...claims, ch: `ch-${liveId}` })}`,
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
    const res = await s.api.client().get<{ paths: Record<string, unknown> }>('/docs/json');
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
