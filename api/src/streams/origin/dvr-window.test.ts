/** @jest-environment node */
/**
 * The origin's DVR window as a function of the clock (decisions 111, 215): which sequences and
 * parts a media playlist lists at several instants, from the start of the match, capped by the
 * DVR length, across the loop seam, and once ended; LL-HLS and classic playlists; delta updates.
 */
import { PARTS_PER_SEGMENT, SEGMENT_SECONDS, SEGMENTS_PER_LOOP } from '../media/media-recipe';
import {
  SEGMENT_MS,
  STREAM_EPOCH_MS,
  liveEdge,
  partPublished,
  partPublishedAtMs,
  programDateTime,
  REPLAY_MIN_LIVE_MS,
  windowAt,
  windowStartMs,
} from './dvr-window';
import { CAPTIONS_TRACK, mediaPlaylist } from './playlists';
import type { PlaylistTrack } from './playlists';
import { listed, tag } from '../../testing/playlist-text';

const at = (sequence: number, plusMs = 0) => STREAM_EPOCH_MS + sequence * SEGMENT_MS + plusMs;
const parts = (playlist: string) =>
  [...playlist.matchAll(/^#EXT-X-PART:.*URI="(\d+\.\d)\.m4s/gm)].map((m) => m[1]);

/** A video track's timing: 4 s segments of ten 0.4 s parts, media time = sequence · 4 s. */
const VIDEO: PlaylistTrack = {
  extension: 'm4s',
  init: true,
  timing: (sequence) => ({ start: sequence * SEGMENT_SECONDS, duration: SEGMENT_SECONDS }),
  parts: { target: 0.4, duration: () => 0.4, independent: (_sequence, part) => part === 0 },
};
const LL = { lowLatency: true, skip: false };
const CLASSIC = { lowLatency: false, skip: false };
const HOUR_SEGMENTS = 3600 / SEGMENT_SECONDS;
const LAST_PART = PARTS_PER_SEGMENT - 1;
const partsOf = (sequence: number) =>
  Array.from({ length: PARTS_PER_SEGMENT }, (_, p) => `${sequence}.${p}`);

describe('DVR window', () => {
  it('publishes a part once its 0.4 s have passed and a segment once all its parts have', () => {
    const base = 1_000_000;
    expect(liveEdge(at(base, SEGMENT_MS - 1))).toBe(base);
    expect(liveEdge(at(base, SEGMENT_MS))).toBe(base + 1);
    for (const [offsetMs, edgeParts] of [
      [0, 0],
      [399, 0],
      [400, 1],
      [SEGMENT_MS - 1, LAST_PART],
    ] as const) {
      const window = windowAt(at(base, offsetMs), HOUR_SEGMENTS, at(base - 100), null);
      expect(window).toEqual({
        ended: false,
        first: base - 100,
        last: base - 1,
        edge: base,
        edgeParts,
      });
      if (edgeParts > 0) expect(partPublished(window, base, edgeParts - 1)).toBe(true);
      expect(partPublished(window, base - 1, LAST_PART)).toBe(true);
      expect(partPublished(window, base, edgeParts)).toBe(false);
    }
    expect(partPublishedAtMs(base, 2)).toBe(at(base, 1200));
    // A part index past the last rolls on into the next segment.
    expect(partPublishedAtMs(base, PARTS_PER_SEGMENT)).toBe(partPublishedAtMs(base + 1, 0));
  });

  it('reaches back to the start of the match, but no further than the DVR length', () => {
    const live = at(10_000, 700);
    expect(windowAt(at(10_050), HOUR_SEGMENTS, live, null).first).toBe(10_000);
    // Four hours in, a two-hour DVR window lists the last two hours.
    const later = windowAt(at(10_000 + 4 * HOUR_SEGMENTS), 2 * HOUR_SEGMENTS, live, null);
    expect(later.first).toBe(10_000 + 2 * HOUR_SEGMENTS);
    expect(later.last - later.first + 1).toBe(2 * HOUR_SEGMENTS);
    // Without a known start: the DVR length.
    expect(windowAt(at(10_000), 600, null, null).first).toBe(9_400);
  });

  it('freezes at the end once ended and serves the whole match as a replay', () => {
    const live = at(6_000, 100);
    const endedAt = at(7_000, 400);
    for (const later of [0, 60_000, 86_400_000]) {
      const window = windowAt(endedAt + later, 2 * HOUR_SEGMENTS, live, endedAt);
      expect(window).toMatchObject({ ended: true, first: 6_000, last: 6_999, edgeParts: 0 });
      const playlist = mediaPlaylist(VIDEO, window, LL);
      expect(listed(playlist)).toHaveLength(1000);
      expect(tag(playlist, 'EXT-X-PLAYLIST-TYPE')).toBe('VOD');
      expect(playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      expect(playlist).not.toMatch(/EXT-X-PART|PRELOAD-HINT|SERVER-CONTROL/);
    }
  });

  it('a match ended without being streamed is replayed from its scheduled start', () => {
    const scheduledStart = at(20_000);
    const liveSince = at(25_400, 300);
    // The operator marked it live and, a moment later, ended: nothing was streamed in between.
    const instants = { liveSince, endedAt: liveSince + 800, scheduledStart };
    expect(windowStartMs(instants)).toBe(scheduledStart);
    const replay = windowAt(at(26_000), 10_000, windowStartMs(instants), liveSince + 800);
    expect(replay).toMatchObject({ ended: true, first: 20_000, last: 25_399 });
    // Without it the replay held nothing: the window ended where it began.
    const empty = windowAt(at(26_000), 10_000, liveSince, liveSince + 800);
    expect(empty.last).toBeLessThan(empty.first);
    // Ended without ever going live (an operator import): the schedule too.
    expect(windowStartMs({ ...instants, liveSince: null })).toBe(scheduledStart);
  });

  it('a match streamed for a minute or more keeps the window from when it went live', () => {
    const scheduledStart = at(20_000);
    const liveSince = at(20_600);
    expect(
      windowStartMs({ liveSince, endedAt: liveSince + REPLAY_MIN_LIVE_MS, scheduledStart }),
    ).toBe(liveSince);
    // Live: from when it went live, whatever the schedule says; unknown stays unknown.
    expect(windowStartMs({ liveSince, endedAt: null, scheduledStart })).toBe(liveSince);
    expect(windowStartMs({ liveSince: null, endedAt: null, scheduledStart })).toBeNull();
    // Live early and ended at once: the earlier of the two.
    expect(windowStartMs({ liveSince: at(19_000), endedAt: at(19_001), scheduledStart })).toBe(
      at(19_000),
    );
  });
});

describe('media playlists', () => {
  const live = at(50_000);
  const nowAt = at(50_040, 1300); // three parts of segment 50 040 published

  it('LL-HLS: the window from the start, parts of the newest segments, a preload hint', () => {
    const playlist = mediaPlaylist(VIDEO, windowAt(nowAt, HOUR_SEGMENTS, live, null), LL);
    expect(
      playlist.startsWith('#EXTM3U\n#EXT-X-VERSION:11\n#EXT-X-DEFINE:QUERYPARAM="token"\n'),
    ).toBe(true);
    expect(tag(playlist, 'EXT-X-SERVER-CONTROL')).toBe(
      'CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=36.0,PART-HOLD-BACK=1.250',
    );
    expect(tag(playlist, 'EXT-X-PART-INF')).toBe('PART-TARGET=0.400');
    expect(tag(playlist, 'EXT-X-MEDIA-SEQUENCE')).toBe('50000');
    expect(tag(playlist, 'EXT-X-MAP')).toBe('URI="init.mp4?token={$token}"');
    expect(listed(playlist)).toEqual(Array.from({ length: 40 }, (_, i) => 50_000 + i));
    expect(parts(playlist)).toEqual([
      ...partsOf(50_038),
      ...partsOf(50_039),
      '50040.0',
      '50040.1',
      '50040.2',
    ]);
    expect(playlist).toContain(
      '#EXT-X-PART:DURATION=0.40000,URI="50040.0.m4s?token={$token}",INDEPENDENT=YES\n',
    );
    expect(playlist).toContain('#EXT-X-PART:DURATION=0.40000,URI="50040.1.m4s?token={$token}"\n');
    expect(playlist.trimEnd().split('\n').at(-1)).toBe(
      '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="50040.3.m4s?token={$token}"',
    );
    // Dated on the first segment, every 15 segments (a minute), and on the newest ones.
    const dates = [
      ...playlist.matchAll(
        /^#EXT-X-PROGRAM-DATE-TIME:(.*)\n(?:#EXT-X-PART.*\n)*#EXTINF:4\.00000,\n(\d+)\.m4s/gm,
      ),
    ];
    expect(dates.map((m) => Number(m[2]))).toEqual([50_000, 50_010, 50_025, 50_038, 50_039]);
    for (const m of dates) expect(m[1]).toBe(programDateTime(Number(m[2])));
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
  });

  it('a delta update (_HLS_skip=YES) leaves out all but the last 36 s, same media sequence', () => {
    const window = windowAt(nowAt, HOUR_SEGMENTS, live, null);
    const delta = mediaPlaylist(VIDEO, window, { lowLatency: true, skip: true });
    // 36 s is nine 4 s segments: 50 031–50 039 listed, the 31 before them skipped.
    expect(tag(delta, 'EXT-X-SKIP')).toBe('SKIPPED-SEGMENTS=31');
    expect(tag(delta, 'EXT-X-MEDIA-SEQUENCE')).toBe('50000');
    expect(listed(delta)).toEqual(Array.from({ length: 9 }, (_, i) => 50_031 + i));
    expect(delta.length).toBeLessThan(3000);
  });

  it('classic HLS: the same window without parts, hints or blocking', () => {
    const playlist = mediaPlaylist(VIDEO, windowAt(nowAt, HOUR_SEGMENTS, live, null), CLASSIC);
    expect(listed(playlist)).toHaveLength(40);
    expect(playlist).not.toMatch(/EXT-X-PART|PRELOAD-HINT|SERVER-CONTROL|EXT-X-SKIP/);
    // A classic playlist ignores a skip request: a CDN that cannot hold cannot delta either.
    expect(
      mediaPlaylist(VIDEO, windowAt(nowAt, HOUR_SEGMENTS, live, null), { ...CLASSIC, skip: true }),
    ).toBe(playlist);
  });

  it('runs straight across the loop seam: no discontinuity, sequences keep counting', () => {
    const seam = 9_000 * SEGMENTS_PER_LOOP;
    const playlist = mediaPlaylist(VIDEO, windowAt(at(seam + 3), 6, null, null), LL);
    expect(listed(playlist)).toEqual([seam - 3, seam - 2, seam - 1, seam, seam + 1, seam + 2]);
    expect(playlist).not.toContain('#EXT-X-DISCONTINUITY\n');
  });

  it('a four-hour window stays a few hundred kilobytes, the same for every viewer', () => {
    const playlist = mediaPlaylist(
      VIDEO,
      windowAt(at(80_000 + 4 * HOUR_SEGMENTS), 8 * HOUR_SEGMENTS, at(80_000), null),
      LL,
    );
    expect(listed(playlist)).toHaveLength(4 * HOUR_SEGMENTS);
    expect(playlist.length).toBeLessThan(400_000);
    expect(playlist).not.toMatch(/token=(?!\{\$token\})/);
  });

  it('captions: a WebVTT file per segment, no parts, blocking without them', () => {
    const playlist = mediaPlaylist(CAPTIONS_TRACK, windowAt(nowAt, HOUR_SEGMENTS, live, null), LL);
    expect(tag(playlist, 'EXT-X-SERVER-CONTROL')).toBe('CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=36.0');
    expect(playlist).not.toMatch(/EXT-X-PART|PRELOAD-HINT|EXT-X-MAP/);
    expect([...playlist.matchAll(/^(\d+)\.vtt\?token=\{\$token\}$/gm)]).toHaveLength(40);
  });
});
