/** @jest-environment node */
/**
 * The origin's live window as a function of the clock (decision 111): which sequences a media
 * playlist lists at several instants, across the loop seam, before the start and once ended.
 */
import { SEGMENTS_PER_LOOP } from '../media/media-recipe';
import { STREAM_EPOCH_MS, liveEdge, mediaPlaylist, programDateTime, windowAt } from './playlists';

const at = (sequence: number, plusMs = 0) => STREAM_EPOCH_MS + sequence * 2000 + plusMs;
const listed = (playlist: string) =>
  [...playlist.matchAll(/^(\d+)\.m4s\?token=tok$/gm)].map((m) => Number(m[1]));
const tag = (playlist: string, name: string) =>
  new RegExp(`^#${name}:(.*)$`, 'm').exec(playlist)?.[1];

describe('live window', () => {
  it('publishes a segment once its two seconds have passed, and slides with the clock', () => {
    const base = 1_000_000;
    expect(liveEdge(at(base))).toBe(base);
    expect(liveEdge(at(base, 1999))).toBe(base);
    expect(liveEdge(at(base, 2000))).toBe(base + 1);

    for (const [offsetMs, last] of [
      [0, base - 1],
      [1500, base - 1],
      [2000, base],
      [2 * 60_000 + 700, base + 59],
    ] as const) {
      const window = windowAt(at(base, offsetMs), 6, null, null);
      expect(window).toEqual({ ended: false, first: last - 5, last });
      const playlist = mediaPlaylist(window, 'tok');
      expect(listed(playlist)).toEqual([0, 1, 2, 3, 4, 5].map((i) => last - 5 + i));
      expect(tag(playlist, 'EXT-X-MEDIA-SEQUENCE')).toBe(String(last - 5));
      expect(tag(playlist, 'EXT-X-TARGETDURATION')).toBe('2');
      expect(tag(playlist, 'EXT-X-MAP')).toBe('URI="init.mp4?token=tok"');
      expect(playlist).not.toContain('#EXT-X-ENDLIST');
    }
  });

  it('dates every segment with the wall time it represents', () => {
    const window = windowAt(at(500, 300), 3, null, null);
    const playlist = mediaPlaylist(window, 'tok');
    const dates = [...playlist.matchAll(/^#EXT-X-PROGRAM-DATE-TIME:(.*)$/gm)].map((m) => m[1]);
    expect(dates).toEqual([497, 498, 499].map((s) => new Date(at(s)).toISOString()));
    expect(programDateTime(0)).toBe('2020-01-01T00:00:00.000Z');
  });

  it('runs straight across the loop seam: no discontinuity, sequences keep counting', () => {
    const seam = 9_000 * SEGMENTS_PER_LOOP;
    const window = windowAt(at(seam + 3), 6, null, null);
    const playlist = mediaPlaylist(window, 'tok');
    expect(listed(playlist)).toEqual([seam - 3, seam - 2, seam - 1, seam, seam + 1, seam + 2]);
    expect(playlist).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(tag(playlist, 'EXT-X-DISCONTINUITY-SEQUENCE')).toBe('0');
  });

  it('lists nothing from before the segment in which the stream went live', () => {
    const start = at(2_000, 900);
    expect(listed(mediaPlaylist(windowAt(start, 6, start, null), 'tok'))).toEqual([]);
    expect(listed(mediaPlaylist(windowAt(at(2_003), 6, start, null), 'tok'))).toEqual([
      2_000, 2_001, 2_002,
    ]);
  });

  it('freezes at the end once ended, with EXT-X-ENDLIST, whatever the clock says later', () => {
    const endedAt = at(7_000, 400);
    for (const later of [0, 60_000, 86_400_000]) {
      const playlist = mediaPlaylist(windowAt(endedAt + later, 6, null, endedAt), 'tok');
      expect(listed(playlist)).toEqual([6_994, 6_995, 6_996, 6_997, 6_998, 6_999]);
      expect(playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    }
  });
});
