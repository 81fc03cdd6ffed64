/**
 * The settled history of long media playlists, kept per track and first sequence and extended
 * as segments settle (decision 383). A match hours into its DVR window lists thousands of
 * segments whose lines never change once written: rebuilding them for every new part (0.4 s)
 * cost the origin about 20 ms a playlist, on the event loop, for a text that only grew at its
 * end. Short histories (a delta update's, a match just started) are built each time: caching
 * them would only push the long ones out.
 */
import type { HistoryLines, HistorySource } from './playlists';

const MAX_ENTRIES = 64;
/** Histories shorter than this (segments) are cheaper to build than to keep. */
export const KEEP_FROM_SEGMENTS = 64;

export class PlaylistHistory {
  private readonly entries = new Map<string, { to: number; text: string }>();

  /**
   * The history `[first, to)` of the track named `track` (a rendition; its lines must depend
   * only on it), from `lines` for what is not kept yet.
   */
  source(track: string, lines: HistoryLines): HistorySource {
    return (first, to) => {
      if (to - first < KEEP_FROM_SEGMENTS) return lines(first, first, to);
      const key = `${track}|${first}`;
      const kept = this.entries.get(key);
      // An older window than the one kept (a request that waited): built, the longer one kept.
      if (kept && kept.to > to) return lines(first, first, to);
      const text = !kept
        ? lines(first, first, to)
        : kept.to < to
          ? kept.text + lines(first, kept.to, to)
          : kept.text;
      // The most recently used last: the oldest goes first when the map is full.
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { to, text });
      return text;
    };
  }
}
