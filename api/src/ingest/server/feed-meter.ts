/**
 * What the ingest measures of a publishing encoder (issue 33 §2, decision 448), from the RTMP
 * packets node-media-server parsed and the bytes it received: no guesses. Looked at every 2 s:
 * - input bitrate: the connection's bytes over the last look;
 * - frame rate: video frames received over the last look;
 * - keyframe interval: the feed's timestamps between its last two keyframes;
 * - dropped frames: frames missing from the feed over the last look, counted from gaps in its
 *   video timestamps longer than one and a half frames at the feed's own frame rate (what an
 *   encoder that drops frames, or a network that loses them, leaves behind).
 */

/** node-media-server's parsed packet (src/core/avpacket.js): FLV tag type, flags, dts in ms. */
export interface FeedPacket {
  codec_type: number;
  flags: number;
  dts: number;
}

const FLV_VIDEO = 9;
/** node-media-server's flags for coded video: 3 a keyframe, 4 another frame. */
const KEYFRAME = 3;
const FRAME = 4;

export interface FeedSample {
  inputKbps: number;
  frameRate: number;
  keyframeSeconds: number | null;
  droppedFrames: number;
}

export class FeedMeter {
  private frames = 0;
  private dropped = 0;
  private lastDts: number | null = null;
  private lastKeyDts: number | null = null;
  private keyframeMs: number | null = null;
  /** The feed's frame duration, from its recent timestamps (ms, smoothed). */
  private frameMs: number | null = null;
  private lastBytes = 0;
  private lastAt: number;

  constructor(startedAt: number) {
    this.lastAt = startedAt;
  }

  packet(packet: FeedPacket): void {
    if (packet.codec_type !== FLV_VIDEO) return;
    if (packet.flags !== KEYFRAME && packet.flags !== FRAME) return;
    this.frames += 1;
    if (this.lastDts !== null) {
      const step = packet.dts - this.lastDts;
      if (step > 0) {
        if (this.frameMs !== null && step > this.frameMs * 1.5)
          this.dropped += Math.round(step / this.frameMs) - 1;
        // Smoothed on steps that are no gap, so a gap does not become the new frame time.
        else this.frameMs = this.frameMs === null ? step : this.frameMs * 0.9 + step * 0.1;
      }
    }
    this.lastDts = packet.dts;
    if (packet.flags === KEYFRAME) {
      if (this.lastKeyDts !== null && packet.dts > this.lastKeyDts)
        this.keyframeMs = packet.dts - this.lastKeyDts;
      this.lastKeyDts = packet.dts;
    }
  }

  /** The look at `now` over what came since the last one; the counters start again. */
  sample(inBytes: number, now: number): FeedSample {
    const elapsed = Math.max(1, now - this.lastAt);
    const sample = {
      inputKbps: Math.round(((inBytes - this.lastBytes) * 8) / elapsed),
      frameRate: Math.round((this.frames * 10_000) / elapsed) / 10,
      keyframeSeconds: this.keyframeMs === null ? null : Math.round(this.keyframeMs / 100) / 10,
      droppedFrames: this.dropped,
    };
    this.frames = 0;
    this.dropped = 0;
    this.lastBytes = inBytes;
    this.lastAt = now;
    return sample;
  }
}
