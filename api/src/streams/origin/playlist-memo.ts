/**
 * The last few media playlists' text, by what they are made of (channel, rendition, window,
 * mode). A playlist is the same for every viewer (decision 215), so between two parts (0.4 s)
 * every viewer of a rendition gets one string built once; a long DVR window's few hundred KB are
 * then not rebuilt per request. Bounded, per process, nothing per viewer.
 */
const MAX_ENTRIES = 64;

export class PlaylistMemo {
  private readonly entries = new Map<string, string>();

  get(key: string, build: () => string): string {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const text = build();
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, text);
    return text;
  }
}
