import type Hls from 'hls.js';
import { hlsEngine } from './hls-engine';
import type { DetachedEngine } from './hls-engine';
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
 * A stream's hls.js started as soon as its grant arrives (decision 372), before the screen has
 * drawn the video: it reads the playlists and the start part meanwhile. The screen `take`s it
 * for its first engine; whoever started it `discard`s it when no screen will (a failure, the
 * screen gone), which destroys it unless it was taken.
 */
export interface EarlyPlayback {
  readonly playlistUrl: string;
  readonly choices: PlaybackChoices;
  /** Once: the engine (null where hls.js cannot play here, or after a discard). */
  take(): Promise<DetachedEngine | null>;
  discard(): void;
}

export function startEarly(
  playlistUrl: string,
  token: string,
  choices: PlaybackChoices,
): EarlyPlayback {
  let taken = false;
  let discarded = false;
  const engine = preloadHls().then(
    ({ default: HlsClass }) =>
      discarded || !HlsClass.isSupported()
        ? null
        : hlsEngine(HlsClass, playlistUrl, token, choices),
    () => null,
  );
  return {
    playlistUrl,
    choices,
    take() {
      if (taken || discarded) return Promise.resolve(null);
      taken = true;
      return engine;
    },
    discard() {
      if (taken || discarded) return;
      discarded = true;
      void engine.then((started) => started?.destroy());
    },
  };
}

/** The early engine, attached, if it was started for this stream and these choices. */
async function adopt(
  early: EarlyPlayback | null,
  video: HTMLVideoElement,
  playlistUrl: string,
  token: string,
  choices: PlaybackChoices,
  callbacks: PlaybackCallbacks,
): Promise<PlaybackEngine | null> {
  if (!early) return null;
  // hls.js takes the latency mode at construction: a mode changed meanwhile needs a new one.
  if (early.playlistUrl !== playlistUrl || early.choices.latency !== choices.latency) {
    early.discard();
    return null;
  }
  const detached = await early.take();
  if (!detached) return null;
  const engine = detached.attach(video, callbacks);
  engine.setToken(token);
  // What changed since the grant: the account's quality read, a choice made on the screen.
  if (choices.quality !== early.choices.quality) engine.setQuality(choices.quality);
  if (choices.audioLanguage && choices.audioLanguage !== early.choices.audioLanguage) {
    engine.setAudioLanguage(choices.audioLanguage);
  }
  if (choices.captions && choices.captions !== early.choices.captions) {
    engine.setCaptions(choices.captions);
  }
  return engine;
}

/**
 * Plays `playlistUrl` in `video`: with hls.js (loaded here on first use so it is in its own
 * chunk and only /player downloads it) where Media Source Extensions exist, else with the
 * browser's own HLS (Safari on iOS). Returns null when the browser can do neither. An `early`
 * engine for the same stream is taken rather than a new one made.
 */
export async function startPlayback(
  video: HTMLVideoElement,
  playlistUrl: string,
  token: string,
  choices: PlaybackChoices,
  callbacks: PlaybackCallbacks,
  early: EarlyPlayback | null = null,
): Promise<PlaybackEngine | null> {
  const adopted = await adopt(early, video, playlistUrl, token, choices, callbacks);
  if (adopted) return adopted;
  const { default: HlsClass } = await preloadHls();
  if (HlsClass.isSupported()) {
    return hlsEngine(HlsClass, playlistUrl, token, choices).attach(video, callbacks);
  }
  if (video.canPlayType(HLS_MIME)) return nativeEngine(video, playlistUrl, token, callbacks);
  return null;
}
