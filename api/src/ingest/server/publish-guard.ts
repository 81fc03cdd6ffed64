/**
 * What a publisher with a good key may send (issue 32 §4, decision 440). node-media-server takes
 * any RTMP; the ingest server looks at each publish every 2 s and drops one that would hurt the
 * machine or never make a picture: wider or taller than 3840×2160 (its metadata: the decoder would
 * need that much memory per frame, and the ladder's top is 1080p), no video 4 s after it began,
 * or more than the configured kbit/s at FLOOD_LOOKS looks in a row (a flood starves the other
 * channels' transcoders of network and CPU). One look over the limit is not a flood: an ingest
 * process starved of CPU reads the socket's backlog in one go, and an honest 2.5 Mbit/s encoder
 * then measured 20–26 Mbit/s for one look (bench:ingest under load; decision 492). Garbage that is
 * not RTMP never gets a key: node-media-server closes it in the handshake.
 */
import type { IngestRefusalReason } from '@crease/contract';

export const MAX_WIDTH = 3840;
export const MAX_HEIGHT = 2160;
/** A publish with no video this long after it began is refused. */
export const VIDEO_WITHIN_MS = 4000;
/** Looks in a row over the kbit/s limit that make a flood (about 6 s at one look per 2 s). */
export const FLOOD_LOOKS = 3;

/** What the media server knows of a publishing session (node-media-server's fields). */
export interface PublishSample {
  videoCodec: number;
  videoWidth: number;
  videoHeight: number;
  inBytes: number;
}

export interface Refusal {
  reason: IngestRefusalReason;
  detail: string;
}

/** One publish's watch: the bytes it had at the last look, and when it began. */
export class PublishGuard {
  private lastBytes = 0;
  private lastAt: number;
  /** Looks in a row over the limit, and the rates they saw. */
  private overLimit: number[] = [];

  constructor(
    private readonly startedAt: number,
    private readonly maxKbps: number,
  ) {
    this.lastAt = startedAt;
  }

  /** A look at the publish at `now`: the reason to drop it, or null. */
  inspect(sample: PublishSample, now: number): Refusal | null {
    const { videoWidth: width, videoHeight: height } = sample;
    if (width > MAX_WIDTH || height > MAX_HEIGHT)
      return { reason: 'resolution-too-large', detail: `${width}x${height}` };
    if (!sample.videoCodec && now - this.startedAt >= VIDEO_WITHIN_MS)
      return { reason: 'no-video-track', detail: `no video after ${VIDEO_WITHIN_MS / 1000} s` };
    const elapsed = now - this.lastAt;
    // Over at least a second: the first look may come right after the encoder's opening burst.
    if (elapsed < 1000) return null;
    const kbps = Math.round(((sample.inBytes - this.lastBytes) * 8) / elapsed);
    this.lastBytes = sample.inBytes;
    this.lastAt = now;
    if (kbps <= this.maxKbps) {
      this.overLimit = [];
      return null;
    }
    this.overLimit.push(kbps);
    if (this.overLimit.length < FLOOD_LOOKS) return null;
    return {
      reason: 'bitrate-too-high',
      detail: `${this.overLimit.join(', ')} kbit/s at ${FLOOD_LOOKS} looks in a row (at most ${this.maxKbps})`,
    };
  }
}
