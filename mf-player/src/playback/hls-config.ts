import type { HlsConfig } from 'hls.js';
import type { LatencyMode } from '../preferences/device-preferences';

/**
 * No jump back to live however far behind (decision 237): hls.js moves the playhead to live when
 * it is more than liveMaxLatencyDuration behind the newest segment, which made every seek back
 * beyond 12 s snap forward. A whole day is longer than any DVR window. It is set on the running
 * config (tuneRunningConfig), not the constructor's: hls.js refuses liveMaxLatencyDuration without a
 * liveSyncDuration, and a liveSyncDuration would override LL-HLS's PART-HOLD-BACK.
 */
export const NO_LIVE_SNAP_SECONDS = 24 * 3600;

/**
 * "Smooth": two segments behind the newest (the origin's are 4 s, decision 383), the classic-HLS
 * setting of decision 115. One segment behind would leave no margin the moment before the next
 * segment is published.
 */
export const SMOOTH_SYNC_SECONDS = 8;

/**
 * Set on a running hls.js's config, where the constructor's checks do not apply:
 * NO_LIVE_SNAP_SECONDS, and SMOOTH_SYNC_SECONDS as the fallback target. hls.js uses the
 * fallback only when the playlist gives neither PART-HOLD-BACK nor HOLD-BACK (a classic origin
 * without EXT-X-SERVER-CONTROL), where it would otherwise sit 3 target durations (6 s) behind.
 */
export function tuneRunningConfig(
  config: Pick<HlsConfig, 'liveMaxLatencyDuration' | 'liveSyncDuration'>,
) {
  config.liveMaxLatencyDuration = NO_LIVE_SNAP_SECONDS;
  config.liveSyncDuration ??= SMOOTH_SYNC_SECONDS;
}

/** The most hls.js buffers ahead of the playhead, in a replay as live. */
export const MAX_FORWARD_BUFFER_SECONDS = 30;

const SHARED: Partial<HlsConfig> = {
  // A worker would need `worker-src blob:` in the CSP and buys nothing for fMP4.
  enableWorker: false,
  maxLiveSyncPlaybackRate: 1.25,
  backBufferLength: 30,
  maxBufferLength: 12,
  // hls.js reads maxBufferLength as a floor: it buffers up to maxBufferSize (60 MB) of the
  // rendition, capped only by maxMaxBufferLength (600 s). In a replay's VOD playlist that was
  // minutes ahead at once, all of it audio to flush and fetch again on a language switch
  // (decision 345). Live is bounded by the playlist's edge anyway.
  maxMaxBufferLength: MAX_FORWARD_BUFFER_SECONDS,
  startFragPrefetch: true,
  // The first picture matters more than the first picture's quality: start from the estimate.
  testBandwidth: false,
  // Auto never picks more pixels than the player shows (a 360 px phone gets no 1080p).
  capLevelToPlayerSize: true,
  // Captions are the stream's WebVTT rendition: our hls.js build leaves out the CEA-608 parser for
  // captions inside the video (decision 330), which hls.js only uses when this is on.
  enableCEA708Captions: false,
};

/**
 * hls.js's configuration for a latency mode. "Low" turns on LL-HLS (parts, preload hints,
 * blocking reloads where the playlist offers them) and leaves the target to the playlist's
 * PART-HOLD-BACK: hls.js ignores that when liveSyncDuration is set, so "low" must not set it.
 * On a playlist without parts "low" plays like classic HLS at the playlist's HOLD-BACK, or at
 * SMOOTH_SYNC_SECONDS without one (tuneRunningConfig).
 */
export function hlsConfigFor(mode: LatencyMode): Partial<HlsConfig> {
  return mode === 'low'
    ? { ...SHARED, lowLatencyMode: true }
    : { ...SHARED, lowLatencyMode: false, liveSyncDuration: SMOOTH_SYNC_SECONDS };
}
