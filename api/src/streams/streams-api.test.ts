/** @jest-environment node */
/**
 * Streams over real HTTP, on PGlite and PostgreSQL: the stream request and its refusals
 * (entitlement, devices, concurrency, bad input) and token renewal. Trial metering and the
 * embedded origin's token checks: streams-metering-api.test.ts; the origin's playlists, parts and
 * media: origin-api.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { STREAM_PATHS } from '@crease/contract';
import type { StreamGrant } from '@crease/contract';
import { PASSWORD, buyPlan, expectErrorShape } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { claimsOf, device, streamsSuite } from '../testing/streams-suite';

describeEachDatabase('Streams API: requests and renewals', (host) => {
  const s = streamsSuite(host);
  const { advance, viewer, request, renew, close, liveId } = s;

  describe('stream request', () => {
    it('grants a paying viewer the Channel stream with a signed playlist URL', async () => {
      const v = await viewer('monthly');
      const res = await request(v, { videoQuality: 'FULL_HD' });
      expect(res.status).toBe(201);
      const grant = res.body;
      expect(grant).toMatchObject({
        userId: v.userId,
        edge: `${s.api.origin}/`,
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
        `${s.api.origin}/live/cricket/ch-${liveId}/master.m3u8?token=${grant.playback.token}`,
      );
      const expires = Date.parse(grant.playback.expiresAt);
      expect(expires - s.now).toBe(120_000);
      // Renewed 30 s before it ends (decision 370).
      expect(Date.parse(grant.playback.renewAt) - s.now).toBe(90_000);
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
      expect(Date.parse(res.body.playback.expiresAt) - s.now).toBe(60_000);
      // A 60 s trial token is renewed half way, not 30 s before its end (decision 370).
      expect(Date.parse(res.body.playback.renewAt) - s.now).toBe(30_000);
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
      const res = await s.api.client().postJson(`/${STREAM_PATHS.streams}`, {
        edgeAddress: '',
        pk: liveId,
        vidictId: 'whatever-device',
        videoQuality: 'HD',
      });
      expect(res.status).toBe(401);
    });

    it('keeps to maxDevices devices playing at once: 409 STREAM_LIMIT_REACHED names those playing', async () => {
      const planId = `duo-${s.counter}-${randomUUID().slice(0, 8)}`;
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
      expect(Date.parse(renewed.body.expiresAt) - s.now).toBe(120_000);
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
        [new Date(s.now - 60_000).toISOString(), v.userId],
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
});
