/** @jest-environment node */
/**
 * A kept playlist history (decision 383) gives the same bytes as a playlist built whole, as the
 * clock moves on part by part, for a match that started at any sequence, in LL-HLS and classic
 * playlists, delta updates and replays, and for a request that waited behind a newer window.
 */
import { SEGMENT_SECONDS } from '../media/media-recipe';
import { SEGMENT_MS, STREAM_EPOCH_MS, windowAt } from './dvr-window';
import { KEEP_FROM_SEGMENTS, PlaylistHistory } from './playlist-history';
import { CAPTIONS_TRACK, historyLines, mediaPlaylist } from './playlists';
import type { PlaylistTrack } from './playlists';

const VIDEO: PlaylistTrack = {
  extension: 'm4s',
  init: true,
  // Not every segment exactly SEGMENT_SECONDS long, as commentary audio's are not (AAC frames).
  timing: (sequence) => ({
    start: sequence * SEGMENT_SECONDS,
    duration: SEGMENT_SECONDS + (sequence % 3 === 0 ? 0.005 : -0.0025),
  }),
  parts: { target: 0.4, duration: () => 0.4, independent: () => true },
};
const DVR_SEGMENTS = (4 * 3600) / SEGMENT_SECONDS;
/** A match that went live mid-segment, 1 000 000 segments after the epoch. */
const LIVE_SINCE = STREAM_EPOCH_MS + 1_000_000 * SEGMENT_MS + 700;

const whole = (track: PlaylistTrack) => (first: number, to: number) =>
  historyLines(track, first, first, to);

describe('PlaylistHistory', () => {
  it.each([
    ['video, LL-HLS', VIDEO, { lowLatency: true, skip: false }],
    ['video, classic', VIDEO, { lowLatency: false, skip: false }],
    ['video, delta update', VIDEO, { lowLatency: true, skip: true }],
    ['captions', CAPTIONS_TRACK, { lowLatency: true, skip: false }],
  ])('%s: the same text as a playlist built whole, part after part', (_name, track, options) => {
    const histories = new PlaylistHistory();
    const kept = histories.source('480p', (first, start, to) =>
      historyLines(track, first, start, to),
    );
    // From before the start to 40 minutes in, in uneven steps across parts and segments.
    for (let ms = LIVE_SINCE - 3000; ms < LIVE_SINCE + 40 * 60_000; ms += 397 + (ms % 5003)) {
      const window = windowAt(ms, DVR_SEGMENTS, LIVE_SINCE, null);
      expect(mediaPlaylist(track, window, options, kept)).toBe(
        mediaPlaylist(track, window, options, whole(track)),
      );
    }
    // The replay, frozen at its end.
    const ended = windowAt(
      LIVE_SINCE + 50 * 60_000,
      DVR_SEGMENTS,
      LIVE_SINCE,
      LIVE_SINCE + 45 * 60_000,
    );
    expect(mediaPlaylist(track, ended, options, kept)).toBe(
      mediaPlaylist(track, ended, options, whole(track)),
    );
  });

  it('builds an older window whole rather than cut a newer kept one', () => {
    const histories = new PlaylistHistory();
    const built: [number, number, number][] = [];
    const kept = histories.source('480p', (first, start, to) => {
      built.push([first, start, to]);
      return historyLines(VIDEO, first, start, to);
    });
    const newer = windowAt(LIVE_SINCE + 10 * 60_000, DVR_SEGMENTS, LIVE_SINCE, null);
    const older = windowAt(LIVE_SINCE + 9 * 60_000, DVR_SEGMENTS, LIVE_SINCE, null);
    const later = windowAt(LIVE_SINCE + 10 * 60_000 + SEGMENT_MS, DVR_SEGMENTS, LIVE_SINCE, null);
    const options = { lowLatency: true, skip: false };
    for (const window of [newer, older, later])
      expect(mediaPlaylist(VIDEO, window, options, kept)).toBe(
        mediaPlaylist(VIDEO, window, options, whole(VIDEO)),
      );
    const first = newer.first;
    // The newer window whole, the older whole, then only the later window's new segment.
    expect(built).toEqual([
      [first, first, newer.edge - 2],
      [first, first, older.edge - 2],
      [first, newer.edge - 2, later.edge - 2],
    ]);
  });

  it('keeps no short history (a delta update, a match just started): it is built each time', () => {
    const histories = new PlaylistHistory();
    let calls = 0;
    const kept = histories.source('480p', (first, start, to) => {
      calls += 1;
      return historyLines(VIDEO, first, start, to);
    });
    expect(kept(100, 100 + KEEP_FROM_SEGMENTS - 1)).toBe(
      historyLines(VIDEO, 100, 100, 100 + KEEP_FROM_SEGMENTS - 1),
    );
    kept(100, 100 + KEEP_FROM_SEGMENTS - 1);
    expect(calls).toBe(2);
    // Long enough: the second ask for the same history builds nothing.
    kept(100, 100 + KEEP_FROM_SEGMENTS);
    kept(100, 100 + KEEP_FROM_SEGMENTS);
    expect(calls).toBe(3);
  });
});
