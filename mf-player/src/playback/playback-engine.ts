import type Hls from 'hls.js/light';
import type { ErrorData, HlsConfig } from 'hls.js/light';
import type { VideoQuality } from '@crease/contract';
import { levelIndexFor } from './quality';
import { withToken } from './token-url';

/** Why playback stopped on its own: the screen decides what to do (renew, reconnect, give up). */
export type PlaybackFault = 'token' | 'network' | 'media';

export interface PlaybackCallbacks {
  /** The rendition now on screen changed (its height; 0 when unknown). */
  onRendition(height: number): void;
  /** Playback cannot continue without help (decision 116 says who helps how). */
  onFault(fault: PlaybackFault): void;
}

export interface PlaybackStats {
  /** Bits per second of the rendition playing (0 when unknown). */
  bitrate: number;
  /** Estimated download bandwidth, bits per second (0 when unknown). */
  bandwidth: number;
  /** Seconds from live edge to playhead (null when unknown). */
  latency: number | null;
}

export interface PlaybackEngine {
  readonly kind: 'hls.js' | 'native';
  /** The wall time of the picture on screen (EXT-X-PROGRAM-DATE-TIME), or null when unknown. */
  pictureTime(): number | null;
  /** The target playhead for "live" (null before the first playlist or without live info). */
  liveTarget(): number | null;
  /** The earliest position still in the live window. */
  windowStart(): number | null;
  setQuality(quality: VideoQuality): void;
  /** Later playlist and segment requests carry this token. */
  setToken(token: string): void;
  /**
   * Stop fetching, keeping the buffer: a paused trial stream is closed, and the origin refuses
   * a closed stream's token within seconds (decision 151). resumeLoading fetches on from the
   * playhead once the resumed stream's token is in.
   */
  pauseLoading(): void;
  resumeLoading(): void;
  stats(): PlaybackStats;
  destroy(): void;
}

/**
 * Low latency without stalls on ~2 s segments: sit two segments behind the newest (4 s) and speed
 * up to 1.25× when more than that behind. No jump back to live past 12 s any more: the origin
 * serves the whole match as a DVR window (decision 215), and a seek back must stay there. A worker
 * would need `worker-src blob:` in the CSP and buys nothing for fMP4, which needs no transmuxing.
 */
export const HLS_LIVE_CONFIG: Partial<HlsConfig> = {
  enableWorker: false,
  lowLatencyMode: false,
  liveSyncDuration: 4,
  maxLiveSyncPlaybackRate: 1.25,
  backBufferLength: 30,
  maxBufferLength: 12,
  startFragPrefetch: true,
  // The first picture matters more than the first picture's quality: start from the estimate.
  testBandwidth: false,
  capLevelToPlayerSize: false,
};

const HLS_MIME = 'application/vnd.apple.mpegurl';

let hlsModule: Promise<{ default: typeof Hls }> | null = null;

/**
 * Starts downloading hls.js (once): the screen calls it as it asks for the stream, so the chunk
 * arrives while the API answers instead of after.
 */
export function preloadHls(): Promise<{ default: typeof Hls }> {
  hlsModule ??= import(/* webpackChunkName: "hls" */ 'hls.js/light');
  return hlsModule;
}

/**
 * Plays `playlistUrl` in `video`: with hls.js (its light build, loaded here on first use so it
 * is in its own chunk and only /player downloads it) where Media Source Extensions exist, else
 * with the browser's own HLS (Safari on iOS). Returns null when the browser can do neither.
 */
export async function startPlayback(
  video: HTMLVideoElement,
  playlistUrl: string,
  token: string,
  quality: VideoQuality,
  callbacks: PlaybackCallbacks,
): Promise<PlaybackEngine | null> {
  const { default: HlsClass } = await preloadHls();
  if (HlsClass.isSupported()) {
    return hlsEngine(HlsClass, video, playlistUrl, token, quality, callbacks);
  }
  if (video.canPlayType(HLS_MIME)) return nativeEngine(video, playlistUrl, token, callbacks);
  return null;
}

function hlsEngine(
  HlsClass: typeof Hls,
  video: HTMLVideoElement,
  playlistUrl: string,
  initialToken: string,
  quality: VideoQuality,
  callbacks: PlaybackCallbacks,
): PlaybackEngine {
  let token = initialToken;
  let mediaRecoveries = 0;
  const hls = new HlsClass({
    ...HLS_LIVE_CONFIG,
    // Every request goes out with the current token, whatever token the URL was written with.
    xhrSetup: (xhr, url) => {
      xhr.open('GET', withToken(url, token), true);
    },
  });
  const { Events, ErrorTypes } = HlsClass;

  hls.on(Events.MANIFEST_PARSED, (_event, data) => {
    const index = levelIndexFor(quality, data.levels);
    if (index >= 0) {
      hls.startLevel = index;
      hls.loadLevel = index;
    }
  });
  hls.on(Events.LEVEL_SWITCHED, (_event, data) => {
    callbacks.onRendition(hls.levels[data.level]?.height ?? 0);
  });
  hls.on(Events.ERROR, (_event, data: ErrorData) => {
    if (!data.fatal) return;
    if (data.type === ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
      mediaRecoveries += 1;
      hls.recoverMediaError();
      return;
    }
    const status = data.response?.code ?? 0;
    if (data.type === ErrorTypes.NETWORK_ERROR) {
      callbacks.onFault(status === 403 || status === 401 ? 'token' : 'network');
    } else {
      callbacks.onFault('media');
    }
  });

  hls.loadSource(withToken(playlistUrl, token));
  hls.attachMedia(video);

  return {
    kind: 'hls.js',
    pictureTime: () => hls.playingDate?.getTime() ?? null,
    liveTarget: () => hls.liveSyncPosition,
    windowStart: () => (video.seekable.length ? video.seekable.start(0) : null),
    setQuality(next) {
      // An immediate switch for a fixed rendition (the viewer asked to see it now); Auto lets
      // the ABR controller take over from the next segment.
      hls.currentLevel = levelIndexFor(next, hls.levels);
    },
    setToken(next) {
      token = next;
    },
    pauseLoading() {
      hls.stopLoad();
    },
    resumeLoading() {
      hls.startLoad();
    },
    stats() {
      const level = hls.levels[hls.currentLevel];
      return {
        bitrate: level?.bitrate ?? 0,
        bandwidth: Number.isFinite(hls.bandwidthEstimate) ? hls.bandwidthEstimate : 0,
        latency: Number.isFinite(hls.latency) ? hls.latency : null,
      };
    },
    destroy() {
      hls.destroy();
      video.removeAttribute('src');
      video.load();
    },
  };
}

/**
 * The browser's own HLS: it fetches the URLs the origin wrote, so a renewed token takes effect
 * by reloading the source at the live edge (a short hiccup; only where MSE is missing).
 */
function nativeEngine(
  video: HTMLVideoElement,
  playlistUrl: string,
  initialToken: string,
  callbacks: PlaybackCallbacks,
): PlaybackEngine {
  const onError = () => callbacks.onFault(navigator.onLine ? 'token' : 'network');
  video.addEventListener('error', onError);
  video.src = withToken(playlistUrl, initialToken);
  const startDate = () => {
    const date = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
    const time = date?.getTime();
    return time !== undefined && Number.isFinite(time) ? time : null;
  };
  const seekableEnd = () => (video.seekable.length ? video.seekable.end(0) : null);
  return {
    kind: 'native',
    pictureTime: () => {
      const start = startDate();
      return start === null ? null : start + video.currentTime * 1000;
    },
    liveTarget: () => {
      const end = seekableEnd();
      return end === null ? null : Math.max(0, end - HLS_LIVE_CONFIG.liveSyncDuration!);
    },
    windowStart: () => (video.seekable.length ? video.seekable.start(0) : null),
    setQuality: () => undefined,
    setToken(next) {
      video.src = withToken(playlistUrl, next);
      void video.play().catch(() => undefined);
    },
    // The browser's own loader cannot be paused; its new token reloads the source anyway.
    pauseLoading: () => undefined,
    resumeLoading: () => undefined,
    stats: () => ({ bitrate: 0, bandwidth: 0, latency: null }),
    destroy() {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
