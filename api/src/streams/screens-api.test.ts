/** @jest-environment node */
/**
 * Issue 23 §2 over real HTTP, on PGlite and PostgreSQL, with two API replicas over one database:
 * the plan's maxDevices counts devices PLAYING, not devices registered (decision 265). Two
 * browsers pressing Watch at the same instant on a 1-screen plan get exactly one winner; the
 * other is told which device plays and can stop playback there; a player that stops renewing
 * frees its screen within one token lifetime; devices unseen for 90 days drop off the list by
 * housekeeping on the API's clock, with both replicas running it.
 */
import { randomUUID } from 'node:crypto';
import { STREAM_PATHS, streamPath } from '@crease/contract';
import type { StreamGrant, WatchingNow } from '@crease/contract';
import { STANDING_TTL_MS } from './origin/stream-standing';
import { eventually, expectErrorShape, PASSWORD } from '../testing/billing-helpers';
import { useStreamFixtures } from '../testing/stream-fixtures';
import type { StreamFixtures, StreamViewer } from '../testing/stream-fixtures';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

/** How many times the two browsers race; each round must have exactly one winner. */
const RACE_ROUNDS = 8;

const safari = (vidictId: string) => ({
  vidictId,
  deviceOs: 'IOS',
  deviceType: 'SAFARI',
  appVersion: '1.0.0',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
});

describeEachDatabase('Screens at a time (issue 23 §2)', (host) => {
  let f: StreamFixtures;
  let a: RunningApi;
  let b: RunningApi;
  // From noon UTC: the runs stay inside one UTC day until the 90-day test moves the clock. Both
  // replicas run housekeeping every second, as production replicas do every 10 min.
  const env = { CREASE_TRIAL_DAILY_MINUTES: '60', CREASE_CLEANUP_INTERVAL_SECONDS: '1' };
  useStreamFixtures(host, { env, tag: 'screens' }, (started, replicas) => {
    [f, [a, b]] = [started, replicas];
  });

  /** The same account signed in on a second browser (through replica `on`), a Safari on iOS. */
  async function secondBrowser(v: StreamViewer, on: RunningApi): Promise<StreamViewer> {
    const client = on.client();
    const token = await client.signIn(v.email, PASSWORD);
    expect(token.status).toBe(200);
    const vidictId = `dev-${randomUUID()}`;
    const bearer = token.body.access_token;
    // Registration is never refused for the plan's limit (decision 265).
    expect((await client.postJson('/api/v1/devices', safari(vidictId), { bearer })).status).toBe(
      201,
    );
    return { ...v, client, bearer, vidictId };
  }
  const watching = async (v: StreamViewer) => {
    const res = await v.client.get<WatchingNow>(`/${STREAM_PATHS.watching}`, {
      bearer: v.bearer,
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const stopThere = (v: StreamViewer, there: string) =>
    v.client.request(
      'DELETE',
      `/${streamPath('watchingDevice', { vidictId: there })}?by=${encodeURIComponent(v.vidictId)}`,
      undefined,
      undefined,
      { bearer: v.bearer },
    );

  it('gives two browsers pressing Watch at the same instant on a 1-screen plan exactly one screen', async () => {
    const first = await f.viewer('trial', a); // the trial plan: one screen at a time
    const second = await secondBrowser(first, b);
    for (let round = 0; round < RACE_ROUNDS; round++) {
      // Real concurrent requests, one through each replica.
      const answers = await Promise.all([f.request(first), f.request(second)]);
      const won = answers.filter((r) => r.status === 201);
      const refused = answers.filter((r) => r.status === 409);
      expect(won).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const winner = answers[0]?.status === 201 ? first : second;
      const refusal = refused[0]!.body;
      expectErrorShape(refusal, 'STREAM_LIMIT_REACHED');
      // The refusal names the device playing now, never the one asking.
      expect(refusal).toMatchObject({
        maxDevices: 1,
        devices: [expect.objectContaining({ vidictId: winner.vidictId })],
      });
      const name = winner === first ? 'Chrome on Linux' : 'Safari on iOS';
      expect(refusal).toMatchObject({ message: expect.stringContaining(`${name} is playing now`) });
      const open = await host().query<{ n: string }>(
        'SELECT count(*) AS n FROM streams WHERE user_id = $1 AND ended_at IS NULL',
        [first.userId],
      );
      expect(Number(open[0]?.n)).toBe(1);
      expect((await f.close(winner, (won[0]!.body as StreamGrant).streamId)).status).toBe(204);
    }
  });

  it('lets the refused browser stop playback there and play; the stopped one is told why', async () => {
    const first = await f.viewer('monthly', a);
    await host().query("UPDATE plans SET max_devices = 1 WHERE id = 'monthly'");
    try {
      const second = await secondBrowser(first, b);
      const playing = await f.request(first);
      expect(playing.status).toBe(201);
      for (const replica of [a, b])
        expect(await f.play(replica, playing.body, 'master.m3u8')).toBe(200);
      expect(await watching(second)).toEqual({
        maxDevices: 1,
        devices: [expect.objectContaining({ vidictId: first.vidictId })],
      });
      expect((await f.request(second)).status).toBe(409);

      expect((await stopThere(second, first.vidictId)).status).toBe(204);
      // The screen is free at once: no waiting for the stopped player's token to lapse.
      const mine = await f.request(second);
      expect(mine.status).toBe(201);
      expect((await watching(first)).devices).toEqual([
        expect.objectContaining({ vidictId: second.vidictId }),
      ]);
      // The stopped player's next renewal says who stopped it, and the origin refuses it.
      const renewal = await f.renew(first, playing.body.streamId);
      expect(renewal.status).toBe(404);
      expectErrorShape(renewal.body, 'STREAM_NOT_FOUND');
      expect(renewal.body).toMatchObject({
        message: expect.stringContaining('stopped from Safari on iOS'),
      });
      await f.advance(STANDING_TTL_MS / 1000 + 1);
      for (const replica of [a, b])
        expect(await f.play(replica, playing.body, 'master.m3u8')).toBe(403);
      for (const replica of [a, b])
        expect(await f.play(replica, mine.body, 'master.m3u8')).toBe(200);
      // Stopping a device that plays nothing is already done.
      expect((await stopThere(second, first.vidictId)).status).toBe(204);
      expect((await f.close(second, mine.body.streamId)).status).toBe(204);
    } finally {
      await host().query("UPDATE plans SET max_devices = 2 WHERE id = 'monthly'");
    }
  });

  it('charges a trial stream stopped from another device to the moment it stopped (decision 150)', async () => {
    const first = await f.viewer('trial', a);
    const second = await secondBrowser(first, b);
    const used = async () =>
      Number(
        (
          await host().query<{ used: number }>(
            'SELECT trial_used_seconds AS used FROM subscriptions WHERE user_id = $1',
            [first.userId],
          )
        )[0]?.used,
      );
    const grant = await f.request(first);
    expect(grant.status).toBe(201);
    await f.advance(12.4);
    expect((await stopThere(second, first.vidictId)).status).toBe(204);
    expect(await used()).toBe(12);
    // Nothing more is counted for it, whatever its player still sends.
    await f.advance(30);
    expect((await f.beat(first, grant.body.streamId, 1)).status).toBe(404);
    expect((await f.renew(first, grant.body.streamId)).status).toBe(404);
    expect(await used()).toBe(12);
  });

  it('frees the screen of a player that stops renewing within one token lifetime', async () => {
    const first = await f.viewer('trial', a);
    const second = await secondBrowser(first, a);
    const gone = await f.request(first);
    expect(gone.status).toBe(201);
    // The tab was closed without a DELETE: nothing renews the token (60 s for a trial stream).
    await f.advance(30);
    expect((await f.request(second)).status).toBe(409);
    await f.advance(31);
    expect(await watching(second)).toMatchObject({ devices: [] });
    const mine = await f.request(second);
    expect(mine.status).toBe(201);
    expect((await f.close(second, mine.body.streamId)).status).toBe(204);
  });

  it('refuses to stop playback without a signed-in viewer, and on another account', async () => {
    const owner = await f.viewer('monthly', a);
    const stranger = await f.viewer('monthly', b);
    const grant = await f.request(owner);
    expect(grant.status).toBe(201);
    const anonymous = await a
      .client()
      .request(
        'DELETE',
        `/${streamPath('watchingDevice', { vidictId: owner.vidictId })}`,
        undefined,
        undefined,
      );
    expect(anonymous.status).toBe(401);
    expect((await stopThere(stranger, owner.vidictId)).status).toBe(204);
    // Nothing of the owner's changed: the stranger can only reach their own account's devices.
    expect((await watching(owner)).devices).toEqual([
      expect.objectContaining({ vidictId: owner.vidictId }),
    ]);
    expect((await f.renew(owner, grant.body.streamId)).status).toBe(200);
    expect((await f.close(owner, grant.body.streamId)).status).toBe(204);
  });

  // Last: it moves every replica's clock by months.
  it('forgets devices unseen for 90 days on the API clock, with both replicas housekeeping', async () => {
    const v = await f.viewer('monthly', a);
    const old = await secondBrowser(v, b);
    const recent = await secondBrowser(v, a);
    const seenDaysAgo = (vidictId: string, days: number) =>
      host().query('UPDATE devices SET last_seen_at = $1 WHERE user_id = $2 AND vidict_id = $3', [
        new Date(f.now() - days * 86_400_000).toISOString(),
        v.userId,
        vidictId,
      ]);
    const listed = async () =>
      (
        await host().query<{ vidict_id: string }>(
          'SELECT vidict_id FROM devices WHERE user_id = $1 ORDER BY vidict_id',
          [v.userId],
        )
      ).map((row) => row.vidict_id);
    await seenDaysAgo(old.vidictId, 91);
    await seenDaysAgo(recent.vidictId, 89);
    await eventually(async () => !(await listed()).includes(old.vidictId));
    expect(await listed()).toEqual([v.vidictId, recent.vidictId].sort());
    // Two more days on the API's clock (not the wall clock's): the recent one goes too.
    await f.advance(2 * 86_400);
    await eventually(async () => !(await listed()).includes(recent.vidictId));
    expect(await listed()).toEqual([v.vidictId]);
  });
});
