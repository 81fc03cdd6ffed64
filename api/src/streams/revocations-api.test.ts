/** @jest-environment node */
/**
 * Decisions 355–356 over real HTTP, on PGlite and PostgreSQL, with two API replicas over one
 * database: whatever revokes a playback token (a stream closed, a device signed out) is logged
 * by the database itself and polled into every replica's memory, which answers the CDN's token
 * checks; a closed stream is refused by both replicas within seconds of wall time, early enough
 * that the CDN's cached answer still ends inside decision 151's 10 s.
 */
import type { StreamGrant } from '@crease/contract';
import { PlaybackRevocations, REVOCATIONS_FRESH_MS } from './origin/revocations';
import { EDGE_ACCESS_CACHE_SECONDS } from './origin/stream-standing';
import type { PlaybackClaims } from './playback-token';
import { PASSWORD } from '../testing/billing-helpers';
import { useStreamFixtures } from '../testing/stream-fixtures';
import type { StreamFixtures, StreamViewer } from '../testing/stream-fixtures';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

/** Decision 151's bound on how long a revoked token may still play, through the CDN. */
const REFUSED_WITHIN_S = 10;
/** nginx keeps an answer for its max-age plus up to one second (it counts whole seconds). */
const EDGE_KEEPS_S = EDGE_ACCESS_CACHE_SECONDS + 1;

/** The replicas' clients (this test) connect from 127.0.0.1: the network tokens are bound to. */
const LOOPBACK = 'v4:127.0.0.0/24';

/** A real wait (decision 420): the replicas' revocation polls run on real timers in their process. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('Playback revocations (decisions 355, 356)', (host) => {
  let f: StreamFixtures;
  let a: RunningApi;
  let b: RunningApi;
  useStreamFixtures(host, { tag: 'revocations' }, (started, replicas) => {
    [f, [a, b]] = [started, replicas];
  });

  const granted = async (v: StreamViewer): Promise<StreamGrant> => {
    const res = await f.request(v);
    expect(res.status).toBe(201);
    return res.body;
  };
  const claimsOf = (v: StreamViewer, grant: StreamGrant): PlaybackClaims => ({
    streamId: grant.streamId,
    userId: v.userId,
    vidictId: v.vidictId,
    channelId: grant.channelId,
    expiresAt: Date.parse(grant.playback.expiresAt) / 1000,
    network: LOOPBACK,
    moves: 0,
  });
  /** The CDN edge's auth subrequest: its status and Cache-Control. */
  const access = async (replica: RunningApi, grant: StreamGrant) => {
    const res = await fetch(
      `${replica.origin}/live/cricket/${grant.channelId}/access?token=${grant.playback.token}`,
    );
    await res.arrayBuffer();
    return [res.status, res.headers.get('cache-control')] as const;
  };
  /** A replica's memory, polled straight from the test's database as each replica polls it. */
  const memory = () =>
    new PlaybackRevocations((_name, text, values) => host().query(text, values), Date.now, {
      retainMs: 180_000,
    });

  it('learns from the database that a stream closed, a device signed out and registered again', async () => {
    const revocations = memory();
    const closing = await f.viewer('monthly');
    const closed = await granted(closing);
    const registering = await f.viewer('monthly');
    // Played from a second sign-in that did not register the device: signing the device out
    // ends the sessions bound to it (and their streams, decision 400), not this one, so its
    // stream is refused for the device alone, and stands again when the device comes back.
    const other = await registering.client.signIn(registering.email, PASSWORD);
    const bearer = String(other.body.access_token);
    const leaving = { ...registering, bearer };
    const signedOut = await granted(leaving);
    // Never polled: memory says nothing, and the origin reads the database.
    expect(revocations.standing(claimsOf(closing, closed), Date.now())).toBe(null);
    await revocations.poll();
    expect(revocations.standing(claimsOf(closing, closed), Date.now())).toBe('open');
    expect(revocations.standing(claimsOf(leaving, signedOut), Date.now())).toBe('open');

    expect((await f.close(closing, closed.streamId)).status).toBe(204);
    // That session signs the device out.
    const removed = await leaving.client.request(
      'DELETE',
      `/api/v1/devices/${leaving.vidictId}`,
      undefined,
      undefined,
      { bearer },
    );
    expect(removed.status).toBe(204);
    await revocations.poll();
    expect(revocations.standing(claimsOf(closing, closed), Date.now())).toBe('closed');
    expect(revocations.standing(claimsOf(leaving, signedOut), Date.now())).toBe('signed-out');

    // Registered again, its stream stands again, as the database read says (decision 151).
    const again = await leaving.client.postJson(
      '/api/v1/devices',
      {
        vidictId: leaving.vidictId,
        deviceOs: 'LINUX',
        deviceType: 'CHROME',
        appVersion: '1.0.0',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
      },
      { bearer },
    );
    expect(again.status).toBe(201);
    await revocations.poll();
    expect(revocations.standing(claimsOf(leaving, signedOut), Date.now())).toBe('open');
    // Memory not polled for REVOCATIONS_FRESH_MS says nothing: the origin reads the database.
    expect(revocations.standing(claimsOf(closing, closed), Date.now() + REVOCATIONS_FRESH_MS)).toBe(
      null,
    );
  });

  it('refuses a closed stream on every replica within seconds of wall time, inside the bound through the CDN', async () => {
    const v = await f.viewer('monthly');
    const grant = await granted(v);
    for (const replica of [a, b])
      expect(await access(replica, grant)).toEqual([
        204,
        `public, max-age=${EDGE_ACCESS_CACHE_SECONDS}`,
      ]);
    expect((await f.close(v, grant.streamId)).status).toBe(204);
    const closedAt = Date.now();
    const refusedAfterS: number[] = [];
    for (const replica of [a, b]) {
      while ((await access(replica, grant))[0] === 204 && Date.now() - closedAt < 15_000)
        await sleep(100);
      refusedAfterS.push((Date.now() - closedAt) / 1000);
    }
    // An edge that cached a 204 just before the close keeps it EDGE_KEEPS_S at most.
    expect(Math.max(...refusedAfterS) + EDGE_KEEPS_S).toBeLessThanOrEqual(REFUSED_WITHIN_S);
    for (const replica of [a, b]) expect((await access(replica, grant))[0]).toBe(403);
  });
});
