/**
 * Fills a channel's timeline with the slate while its feed is down (issue 32 §4, decision 439).
 * Every 0.4 s, on the ingest clock, each track's slots up to the one published next are looked
 * at; one the live transcoder has not written gets the slate's part. A healthy feed is written
 * about 2 s ahead of publication (ChannelClock's margin), so the slate only ever fills slots the
 * feed left empty: after the last live part of a dropped encoder, a stalled one, or a transcoder
 * being restarted, and up to the first part of an encoder that reconnected. The slate starts
 * at a track's first live part (before it the channel shows the test card, as before any feed)
 * and stops after SLATE_LIMIT_MS without a live part (the test card again: a channel left
 * dark does not fill the disk).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PART_SECONDS, PARTS_PER_SEGMENT, STREAM_EPOCH_MS, livePartPath } from '../../streams';
import { slatePart } from './slate';
import type { SlateMedia } from './slate';

const PART_MS = PART_SECONDS * 1000;
/**
 * Slots filled ahead of now: the one being published next and two after it, so a tick that
 * runs up to 0.8 s late (a busy machine) leaves no hole. A healthy feed is written about 2 s
 * ahead (ANCHOR_MARGIN_MS), so the slate still never takes a slot the feed would have filled.
 */
const LEAD_SLOTS = 2;
/** A feed gone this long leaves its channel to the test card. */
export const SLATE_LIMIT_MS = 30 * 60 * 1000;

/**
 * Writes a slot's part once: aside, then linked into place, so no one reads half of it and the
 * first writer wins. A slot already holds either the slate or live picture that viewers may have
 * fetched; a late live part (the transcoder flushing after its encoder died) or a slate part
 * racing a live one must not replace it. Returns false when the slot was taken.
 */
export function writePartFile(file: string, bytes: Buffer): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(aside, bytes);
  try {
    fs.linkSync(aside, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

export class ChannelSlate {
  /** Per track: the first slot not yet looked at (set by the track's first live part). */
  private readonly cursors = new Map<string, number>();
  private lastLiveMs: number;
  /** Whether the last tick wrote slate: the log says when the slate starts, not every part. */
  private slating = false;

  constructor(
    private readonly channelId: string,
    private readonly liveDir: string,
    private readonly media: SlateMedia,
    private readonly nowMs: () => number,
    private readonly log: (line: string) => void,
  ) {
    this.lastLiveMs = nowMs();
  }

  /** The transcoder wrote a live part of `track` for `slot`. */
  live(track: string, slot: number): void {
    this.lastLiveMs = this.nowMs();
    if (!this.cursors.has(track)) this.cursors.set(track, slot + 1);
  }

  /** False once the feed has been gone SLATE_LIMIT_MS: the caller forgets this channel. */
  get active(): boolean {
    return this.nowMs() - this.lastLiveMs < SLATE_LIMIT_MS;
  }

  /** Fills the empty slots up to the one published next; returns how many slate parts it wrote. */
  tick(): number {
    const nowSlot = Math.floor((this.nowMs() - STREAM_EPOCH_MS) / PART_MS);
    let written = 0;
    for (const [track, cursor] of this.cursors) {
      // A cursor far behind (the ingest process was busy for long): published slots stay as they are.
      let slot = Math.max(cursor, nowSlot);
      for (; slot <= nowSlot + LEAD_SLOTS; slot++) {
        const sequence = Math.floor(slot / PARTS_PER_SEGMENT);
        const part = slot % PARTS_PER_SEGMENT;
        const file = livePartPath(this.liveDir, this.channelId, track, sequence, part);
        if (fs.existsSync(file)) continue;
        const bytes = slatePart(this.media, track, slot);
        if (!bytes) continue;
        if (!this.slating && written === 0)
          this.log(`[ingest ${this.channelId}] no feed: the slate from ${sequence}.${part}`);
        if (!writePartFile(file, bytes)) continue;
        written++;
      }
      this.cursors.set(track, slot);
    }
    this.slating = written > 0;
    return written;
  }
}
