/**
 * The last few media playlists, by what they are made of (channel, rendition, window, mode). A
 * playlist is the same for every viewer (decision 215), so between two parts (0.4 s) every
 * viewer of a rendition gets one text built once, and one gzip of it made on the first request
 * that accepts one: a long DVR window's few hundred KB go out as a few tens (decision 383).
 * Bounded, per process, nothing per viewer.
 */
const MAX_ENTRIES = 64;

export interface PlaylistText {
  text: string;
  /** The text gzipped, made on the first request that accepts it. */
  gzipped?: Buffer;
}

export class PlaylistMemo {
  private readonly entries = new Map<string, PlaylistText>();

  get(key: string, build: () => string): PlaylistText {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const entry = { text: build() };
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    return entry;
  }
}
