import type Hls from 'hls.js';
import { hlsEngine } from './hls-engine';
import { nativeEngine } from './native-engine';
import type { PlaybackCallbacks, PlaybackChoices, PlaybackEngine } from './playback-types';

export type * from './playback-types';

const HLS_MIME = 'application/vnd.apple.mpegurl';

let hlsModule: Promise<{ default: typeof Hls }> | null = null;

/**
 * Starts downloading hls.js (once): the screen calls it as it asks for the stream, so the chunk
 * arrives while the API answers instead of after. The module is our build of hls.js from its
 * source, with alternative audio and subtitles and without what the player never uses
 * (decision 330).
 */
export function preloadHls(): Promise<{ default: typeof Hls }> {
  hlsModule ??= import(/* webpackChunkName: "hls" */ 'hls.js');
  return hlsModule;
}

/**
 * Plays `playlistUrl` in `video`: with hls.js (loaded here on first use so it is in its own
 * chunk and only /player downloads it) where Media Source Extensions exist, else with the
 * browser's own HLS (Safari on iOS). Returns null when the browser can do neither.
 */
export async function startPlayback(
  video: HTMLVideoElement,
  playlistUrl: string,
  token: string,
  choices: PlaybackChoices,
  callbacks: PlaybackCallbacks,
): Promise<PlaybackEngine | null> {
  const { default: HlsClass } = await preloadHls();
  if (HlsClass.isSupported()) {
    return hlsEngine(HlsClass, video, playlistUrl, token, choices, callbacks);
  }
  if (video.canPlayType(HLS_MIME)) return nativeEngine(video, playlistUrl, token, callbacks);
  return null;
}
