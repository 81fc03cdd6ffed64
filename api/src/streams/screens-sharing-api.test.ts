/** @jest-environment node */
/**
 * Issue 31 §2, §11 and §12 over real HTTP on PostgreSQL (races: PGlite's one connection would
 * serialise them), two API replicas behind a trusted proxy whose X-Forwarded-For names the
 * viewer's network:
 * - a screen is a device id, a sign-in session and a network (decision 400): one id sent from
 *   six networks at once on a 1-screen plan gets one grant, and a copied id signed in elsewhere
 *   is a second screen; two tabs of one browser stay one screen;
 * - a playback token plays only from the network block that asked for it (decision 401): 25
 *   other networks are refused, a hand-over renews from the new network and the old token stops;
 * - signing out (POST /oauth2/revoke) ends that session's streams, refused like a close.
 */
import { STREAM_PATHS, streamPath } from '@crease/contract';
import type { StreamGrant, StreamToken, WatchingNow } from '@crease/contract';
import { STANDING_TTL_MS } from './origin/stream-standing';
import { expectErrorShape, PASSWORD } from '../testing/billing-helpers';
import { describeOnPostgres } from '../testing/postgres-suite';
import { useStreamFixtures } from '../testing/stream-fixtures';
import type { StreamFixtures, StreamViewer } from '../testing/stream-fixtures';
import type { RunningApi } from '../testing/test-api';

/** Addresses in distinct /24s: distinct networks (playback-network.ts). */
const net = (i: number) => `198.51.${i}.10`;
const HOME = '203.0.113.5';
const HOME_NEIGHBOUR = '203.0.113.77';
const MOBILE = '192.0.2.44';

type Answer<T> = { status: number; body: T & { code?: string; message?: string } };

/** Refused with `status` and the spec's error shape naming `code`. */
function refused(answer: Answer<unknown>, status: number, code: string) {
  expect(answer.status).toBe(status);
  expectErrorShape(answer.body, code);
}

describeOnPostgres('Screens a shared device id cannot multiply (issue 31 §2, §11, §12)', (host) => {
  let f: StreamFixtures;
  let a: RunningApi;
  let b: RunningApi;
  const env = { CREASE_TRUST_PROXY: '127.0.0.1,::1' };
  useStreamFixtures(host, { env, tag: 'sharing' }, (started, replicas) => {
    [f, [a, b]] = [started, replicas];
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const grantFrom = (v: StreamViewer, ip: string): Promise<Answer<StreamGrant>> =>
    v.client.postJson(
      `/${STREAM_PATHS.streams}`,
      { edgeAddress: '', pk: f.liveId, vidictId: v.vidictId, videoQuality: 'HD' },
      { bearer: v.bearer, headers: from(ip) },
    );
  const renewFrom = (v: StreamViewer, streamId: string, ip: string): Promise<Answer<StreamToken>> =>
    v.client.request('POST', `/${streamPath('token', { streamId })}`, undefined, undefined, {
      bearer: v.bearer,
      headers: from(ip),
    });
  const watching = async (v: StreamViewer) => {
    const res = await v.client.get<WatchingNow>(`/${STREAM_PATHS.watching}`, {
      bearer: v.bearer,
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** A playback request (`file` of the grant's channel) from `ip` through `replica`. */
  const play = async (
    replica: RunningApi,
    grant: StreamGrant,
    file: string,
    ip: string,
    token = grant.playback.token,
  ) => {
    const url = new URL(file, grant.playlistUrl.replace(/\?.*$/, ''));
    const res = await fetch(`${replica.origin}${url.pathname}?token=${token}`, {
      headers: from(ip),
    });
    const text = await res.text();
    return {
      status: res.status,
      message: res.status === 403 ? String(JSON.parse(text).message) : '',
    };
  };
  /** The same account signed in again: another session, sending the same (copied) device id. */
  const anotherSession = async (v: StreamViewer): Promise<StreamViewer> => {
    const client = a.client();
    const token = await client.signIn(v.email, PASSWORD);
    expect(token.status).toBe(200);
    return { ...v, client, bearer: token.body.access_token };
  };

  it('gives one device id sent from six networks at once on a 1-screen plan one grant; the rest hear STREAM_LIMIT_REACHED', async () => {
    const v = await f.viewer('trial'); // the trial: one screen at a time
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => grantFrom(v, net(i + 1))),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const limited = answers.filter((r) => r.status === 409);
    expect(limited).toHaveLength(5);
    for (const r of limited) {
      refused(r, 409, 'STREAM_LIMIT_REACHED');
      expect(r.body).toMatchObject({ maxDevices: 1 });
    }
    expect((await watching(v)).devices).toHaveLength(1);
    // The one that plays, playing again from its own network, is the same screen.
    const winner = answers.findIndex((r) => r.status === 201);
    expect((await grantFrom(v, net(winner + 1))).status).toBe(201);
  });

  it('counts the same device id from two sessions (a copied id signed in elsewhere) as two screens', async () => {
    const trial = await f.viewer('trial');
    expect((await grantFrom(trial, HOME)).status).toBe(201);
    const copy = await anotherSession(trial);
    // Same id, same network, another sign-in: a second screen, refused on a 1-screen plan.
    refused(await grantFrom(copy, HOME), 409, 'STREAM_LIMIT_REACHED');

    const monthly = await f.viewer('monthly'); // two screens
    expect((await grantFrom(monthly, HOME)).status).toBe(201);
    const second = await anotherSession(monthly);
    expect((await grantFrom(second, HOME)).status).toBe(201);
    // Both listed: one device taking two screens, and no third.
    const now = await watching(monthly);
    expect(now.devices.map((d) => d.vidictId)).toEqual([monthly.vidictId, monthly.vidictId]);
    const third = await anotherSession(monthly);
    refused(await grantFrom(third, MOBILE), 409, 'STREAM_LIMIT_REACHED');
    // A session renews only its own streams: the copy cannot keep the other's stream alive.
    const mine = await grantFrom(monthly, HOME);
    refused(await renewFrom(third, mine.body.streamId, HOME), 404, 'STREAM_NOT_FOUND');
  });

  it('keeps two tabs of one browser (one session, one network) one screen', async () => {
    const v = await f.viewer('trial');
    const tabs = await Promise.all([grantFrom(v, HOME), grantFrom(v, HOME_NEIGHBOUR)]);
    expect(tabs.map((t) => t.status)).toEqual([201, 201]);
    expect((await watching(v)).devices).toHaveLength(1);
  });

  it('plays a token only from the network block that asked for it: 25 other networks are refused', async () => {
    const v = await f.viewer('monthly');
    const grant = (await grantFrom(v, HOME)).body;
    const segment = `720p/${f.liveSegment()}.m4s`;
    const elsewhere = await Promise.all(
      Array.from({ length: 25 }, (_, i) => play(i % 2 ? a : b, grant, segment, net(100 + i))),
    );
    expect(elsewhere.map((r) => r.status)).toEqual(Array(25).fill(403));
    expect(elsewhere[0]?.message).toMatch(/another network/);
    // The same /24 (a carrier's NAT handing out another address of its pool) plays on.
    for (const replica of [a, b]) {
      expect((await play(replica, grant, 'master.m3u8', HOME)).status).toBe(200);
      expect((await play(replica, grant, segment, HOME_NEIGHBOUR)).status).toBe(200);
    }
    // The CDN's auth subrequest forwards the viewer's address: the same answer.
    const access = async (ip: string) => (await play(a, grant, 'access', ip)).status;
    expect([await access(HOME), await access(net(7))]).toEqual([204, 403]);
  });

  it('moves a stream on a hand-over: a renewal from the new network plays there, the old token stops, one screen', async () => {
    const v = await f.viewer('monthly');
    const grant = (await grantFrom(v, HOME)).body;
    expect((await play(a, grant, 'master.m3u8', MOBILE)).status).toBe(403);
    // The player's answer to the origin's 403: renew, now from the mobile network.
    const moved = await renewFrom(v, grant.streamId, MOBILE);
    expect(moved.status).toBe(200);
    await f.advance(STANDING_TTL_MS / 1000);
    for (const replica of [a, b]) {
      expect((await play(replica, grant, 'master.m3u8', MOBILE, moved.body.token)).status).toBe(
        200,
      );
      const old = await play(replica, grant, 'master.m3u8', HOME);
      expect(old).toEqual({ status: 403, message: expect.stringMatching(/moved/) });
    }
    expect((await watching(v)).devices).toHaveLength(1);
    // Back home: moves again, and the mobile token stops in its turn.
    const back = await renewFrom(v, grant.streamId, HOME);
    expect(back.status).toBe(200);
    await f.advance(STANDING_TTL_MS / 1000);
    expect((await play(b, grant, 'master.m3u8', MOBILE, moved.body.token)).status).toBe(403);
    expect((await play(b, grant, 'master.m3u8', HOME, back.body.token)).status).toBe(200);
  });

  it("ends a session's streams when it signs out (POST /oauth2/revoke): refused like a close, other sessions play on", async () => {
    const v = await f.viewer('monthly');
    const stays = (await grantFrom(v, HOME)).body;
    const client = a.client();
    const signedIn = await client.signIn(v.email, PASSWORD);
    const leaving = { ...v, client, bearer: signedIn.body.access_token };
    const grant = (await grantFrom(leaving, MOBILE)).body;
    for (const replica of [a, b])
      expect((await play(replica, grant, 'master.m3u8', MOBILE)).status).toBe(200);

    const revoked = await client.postForm('/oauth2/revoke', {
      token: signedIn.body.refresh_token,
    });
    expect(revoked.status).toBe(200);
    await f.advance(STANDING_TTL_MS / 1000);
    for (const replica of [a, b]) {
      const after = await play(replica, grant, `720p/${f.liveSegment()}.m4s`, MOBILE);
      expect(after).toEqual({ status: 403, message: expect.stringMatching(/closed/) });
      expect((await play(replica, grant, 'access', MOBILE)).status).toBe(403);
      expect((await play(replica, stays, 'master.m3u8', HOME)).status).toBe(200);
    }
    // Its screen is free at once, and the signed-out session renews nothing.
    expect((await watching(v)).devices).toHaveLength(1);
    expect((await renewFrom(leaving, grant.streamId, MOBILE)).status).toBe(401);
  });
});
