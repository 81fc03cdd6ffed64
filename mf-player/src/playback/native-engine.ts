import type { PlaybackCallbacks, PlaybackEngine } from './playback-types';
import { SMOOTH_SYNC_SECONDS } from './hls-config';
import { withToken } from './token-url';

/**
 * The browser's own HLS (Safari on iOS, where MSE is missing): it fetches the URLs the origin
 * wrote, so a renewed token takes effect by reloading the source (a short hiccup). Its own
 * controls pick audio and captions; quality and latency are the browser’s.
 */
export function nativeEngine(
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
  const seekable = () =>
    video.seekable.length
      ? { start: video.seekable.start(0), end: video.seekable.end(video.seekable.length - 1) }
      : null;
  return {
    kind: 'native',
    epochOffset: startDate,
    seekWindow: () => {
      const range = seekable();
      if (!range) return null;
      return { start: range.start, live: Math.max(range.start, range.end - SMOOTH_SYNC_SECONDS) };
    },
    setAudioLanguage: () => undefined,
    setCaptions: () => undefined,
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
