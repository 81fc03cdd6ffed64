/**
 * Where a live feed's media time lands on the origin's clock (decision 417). The origin
 * publishes part p of sequence N at STREAM_EPOCH + 4N s + 0.4(p+1) s; a transcoded fragment
 * must be on disk by then. The first fragment is anchored a margin after "now" on the ingest
 * clock, on a 1.6 s grid (whole parts, and whole 1024-sample AAC frames at 48 kHz), so the
 * program-date-time of a picture is the ingest time it arrived plus a constant. A fragment that
 * comes too late for its slot (the encoder stalled or the machine fell behind) moves the anchor
 * on by whole grid steps: viewers see the test card for the gap, never a stale part.
 */
import { PART_SECONDS, STREAM_EPOCH_MS } from '../../streams';

const PART_MS = PART_SECONDS * 1000;
/** Parts and AAC frames (1024 samples at 48 kHz) both start on it. */
export const ANCHOR_GRID_MS = 1600;
/**
 * Slack between a fragment's arrival and its slot's publication: absorbs the encoder's and the
 * machine's jitter (a late fragment costs a jump and a moment of test card).
 */
export const ANCHOR_MARGIN_MS = 2000;

const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step;

export class ChannelClock {
  /** Wall ms (since STREAM_EPOCH) minus media ms; null until the first fragment. */
  private offsetMs: number | null = null;

  constructor(private readonly nowMs: () => number) {}

  /** The offset to add to media time `mediaMs` of a fragment arriving now. */
  place(mediaMs: number): number {
    const now = this.nowMs() - STREAM_EPOCH_MS;
    if (this.offsetMs === null) {
      this.offsetMs = ceilTo(now + ANCHOR_MARGIN_MS, ANCHOR_GRID_MS) - mediaMs;
      return this.offsetMs;
    }
    // Its slot is published at the end of its part: a fragment arriving later is moved on.
    const publishedAt = Math.floor((mediaMs + this.offsetMs) / PART_MS + 1e-9) * PART_MS + PART_MS;
    if (publishedAt < now)
      this.offsetMs += ceilTo(now - publishedAt + ANCHOR_MARGIN_MS, ANCHOR_GRID_MS);
    return this.offsetMs;
  }
}
