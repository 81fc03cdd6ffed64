/** @jest-environment node */
/**
 * The embedded origin's replay of a match the operator ended without ever streaming it, over real
 * HTTP on PGlite and PostgreSQL: the replay runs from the scheduled start to when it was ended.
 * The origin's live window, parts and the replay of a streamed match: origin-api.test.ts.
 */
import path from 'node:path';
import { CATALOG_PATHS, STREAM_PATHS } from '@crease/contract';
import type { StreamGrant } from '@crease/contract';
import { ensureStreamMedia } from './media/render-media';
import { SEGMENT_SECONDS } from './media/media-recipe';
import { liveEdge, programDateTime } from './origin/dvr-window';
import { testEvent } from '../testing/catalog-fixtures';
import { listed, tag } from '../testing/playlist-text';
import {
  STREAM_FIXTURES_OPERATOR,
  noonUtcToday,
  startStreamFixtures,
} from '../testing/stream-fixtures';
import type { StreamFixtures } from '../testing/stream-fixtures';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

/** Noon UTC today: sessions are checked against the database's now(); on a segment boundary. */
const T0 = noonUtcToday();

describeEachDatabase('Stream origin: the replay of a match never streamed', (host) => {
  let f: StreamFixtures;
  let ll: RunningApi;
  const edge = () => liveEdge(f.now());

  beforeAll(async () => {
    await ensureStreamMedia(path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media'));
    f = await startStreamFixtures(host(), { start: T0, replicas: 1, tag: `replay-${Date.now()}` });
    [ll] = f.replicas as [RunningApi];
  }, 600_000);
  afterAll(async () => {
    await f.stop();
  }, 180_000);

  it('replays a match the operator ended without streaming it from its scheduled start', async () => {
    // Scheduled five hours ago to two hours ago; marked live and ended together only now.
    const eventId = f.liveId.replace(/-live$/, '-unstreamed');
    const ops = ll.client();
    const scheduledStart = new Date(f.now() - 5 * 3_600_000);
    const created = await ops.postJson(
      `/${CATALOG_PATHS.operatorEvents}`,
      testEvent({
        eventId,
        leagueId: f.liveId.replace(/-live$/, ''),
        title: 'Unstreamed final',
        start: scheduledStart,
        end: new Date(f.now() - 2 * 3_600_000),
      }),
      STREAM_FIXTURES_OPERATOR,
    );
    expect(created.status).toBe(201);
    for (const change of [
      { status: 'live', eventStatus: 'live' },
      { status: 'completed', result: 'No result', eventStatus: 'ended' },
    ]) {
      const moved = await ops.postJson(
        `/${CATALOG_PATHS.operatorEvents}/${eventId}/state`,
        change,
        STREAM_FIXTURES_OPERATOR,
      );
      expect(moved.status).toBe(200);
    }
    const v = await f.viewer('monthly');
    const replayGrant = await v.client.postJson<StreamGrant>(
      `/${STREAM_PATHS.streams}`,
      { edgeAddress: '', pk: eventId, vidictId: v.vidictId, videoQuality: 'HD' },
      { bearer: v.bearer },
    );
    expect(replayGrant.status).toBe(201);
    expect(replayGrant.body.eventStatus).toBe('ended');

    const res = await fetch(
      `${ll.origin}/live/cricket/ch-${eventId}/720p/index.m3u8?token=${replayGrant.body.playback.token}`,
    );
    expect(res.status).toBe(200);
    const replay = await res.text();
    expect(tag(replay, 'EXT-X-PLAYLIST-TYPE')).toBe('VOD');
    const segments = listed(replay);
    // The whole scheduled match and on to when it was ended, not an empty replay.
    expect(segments[0]).toBe(liveEdge(scheduledStart.getTime()));
    expect(segments.at(-1)).toBe(edge() - 1);
    expect(replay).toContain(
      `#EXT-X-PROGRAM-DATE-TIME:${programDateTime(segments[0]!)}\n#EXTINF:${SEGMENT_SECONDS.toFixed(5)},\n${segments[0]}.m4s`,
    );
  });
});
