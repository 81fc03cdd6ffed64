/** @jest-environment node */
/**
 * Deleting an account ends its streams at once (decision 302), on PGlite and PostgreSQL: the
 * stream is closed in the deletion's transaction (billing's AccountDeletionHook), its renewal is
 * refused with the session, and every replica's origin refuses its token once the standing's
 * few seconds have passed.
 */
import path from 'node:path';
import { PASSWORD } from '../testing/billing-helpers';
import { startStreamFixtures } from '../testing/stream-fixtures';
import type { StreamFixtures } from '../testing/stream-fixtures';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { ensureStreamMedia } from './media/render-media';
import { STANDING_TTL_MS } from './origin/stream-standing';

const T0 = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);

describeEachDatabase('Account deletion ends streams', (host, suite) => {
  let f: StreamFixtures;
  let a: RunningApi;
  let b: RunningApi;
  beforeAll(async () => {
    // A fresh clone has no media yet: the origin answers 503 until it is rendered.
    await ensureStreamMedia(path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media'));
    f = await startStreamFixtures(host(), {
      start: T0,
      replicas: 2,
      tag: `deletion-${suite.toLowerCase()}`,
    });
    [a, b] = f.replicas as [RunningApi, RunningApi];
  }, 600_000);
  // Two replicas stop one after the other: on a loaded machine that has taken over a minute.
  afterAll(async () => {
    await f?.stop();
  }, 180_000);

  it('closes the open stream, refuses its renewal and, on every replica, its playback', async () => {
    const viewer = await f.viewer('monthly');
    const grant = await f.request(viewer);
    expect(grant.status).toBe(201);
    for (const replica of [a, b])
      expect(await f.play(replica, grant.body, 'master.m3u8')).toBe(200);

    const deleted = await viewer.client.postJson(
      '/api/v1/account/deletion',
      { password: PASSWORD },
      { bearer: viewer.bearer },
    );
    expect(deleted.status).toBe(200);
    const [stream] = await host().query<{ ended_at: string | null }>(
      'SELECT ended_at FROM streams WHERE id = $1',
      [grant.body.streamId],
    );
    expect(stream?.ended_at).not.toBeNull();
    expect((await f.renew(viewer, grant.body.streamId)).status).toBe(401);

    await f.advance(STANDING_TTL_MS / 1000 + 1);
    for (const replica of [a, b])
      expect(await f.play(replica, grant.body, 'master.m3u8')).toBe(403);
  });
});
