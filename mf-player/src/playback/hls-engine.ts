import type Hls from 'hls.js';
import type { ErrorData, MediaPlaylist } from 'hls.js';
import { commentaryAtStart } from './commentary-at-start';
import { recheckBufferOnSeek } from './stale-buffer-recheck';
import { nudgeWedgedPicture } from './wedged-picture-nudge';
import { hlsConfigFor, tuneRunningConfig } from './hls-config';
import type {
  MediaTrack,
  PlaybackCallbacks,
  PlaybackChoices,
  PlaybackEngine,
  PlaybackFault,
  StreamTracks,
} from './playback-types';
import { levelIndexFor } from './quality';
import { playableStart } from './seek-window';
import { withToken } from './token-url';

const trackOf = (playlist: MediaPlaylist): MediaTrack => ({
  language: playlist.lang ?? '',
  name: playlist.name,
});

/**
 * hls.js reading a stream whose video element may not exist yet (decision 372): the
 * multivariant playlist loads while the screen draws the video. `attach` gives it the element
 * and the screen's callbacks and starts loading; what happened before (tracks, a fault) is told
 * to the callbacks then.
 */
export interface DetachedEngine {
  attach(video: HTMLVideoElement, callbacks: PlaybackCallbacks): PlaybackEngine;
  destroy(): void;
}

/** hls.js over Media Source Extensions: every request carries the current token. */
export function hlsEngine(
  HlsClass: typeof Hls,
  playlistUrl: string,
  initialToken: string,
  choices: PlaybackChoices,
): DetachedEngine {
  let token = initialToken;
  let mediaRecoveries = 0;
  let wantedCaptions = choices.captions ?? 'off';
  let wantedAudio = choices.audioLanguage;
  /**
   * The quality to play. It may change before the levels are known: the account's default
   * arrives after the stream request when this device has no choice of its own (decision 365).
   */
  let wantedQuality = choices.quality;
  let levelsKnown = false;
  let destroyed = false;
  /** Null until attached: what happens before is kept for the callbacks (decision 372). */
  let video: HTMLVideoElement | null = null;
  let callbacks: PlaybackCallbacks | null = null;
  let heldFault: PlaybackFault | null = null;
  let heldHeight: number | null = null;
  /**
   * The language hls.js plays: set by AUDIO_TRACK_SWITCHED, which hls.js fires once a fragment
   * of the new track is playing. `hls.audioTrack` changes the moment it is set, before anything
   * of that track is loaded, so it is what is asked for, not what is heard (decision 345).
   */
  let audioPlaying: string | null = null;
  const hls = new HlsClass({
    ...hlsConfigFor(choices.latency),
    // Only the multivariant playlist before `attach`: the rendition is picked once the video's
    // size caps it (capLevelToPlayerSize), so loading starts there.
    autoStartLoad: false,
    // Every request goes out with the current token, whatever token the URL was written with.
    xhrSetup: (xhr, url) => {
      xhr.open('GET', withToken(url, token), true);
    },
  });
  tuneRunningConfig(hls.config);
  const { Events, ErrorTypes } = HlsClass;
  commentaryAtStart(hls, Events.INIT_PTS_FOUND);

  const tracks = (): StreamTracks => {
    const selected = hls.audioTracks[hls.audioTrack]?.lang ?? '';
    // Before the first fragment plays nothing is heard yet: the selected track stands for it.
    const heard = audioPlaying ?? selected;
    return {
      audio: hls.audioTracks.map(trackOf),
      subtitles: hls.subtitleTracks.map(trackOf),
      audioLanguage: heard,
      audioSwitchingTo: selected !== heard ? selected : null,
      captions:
        hls.subtitleTrack >= 0 ? (hls.subtitleTracks[hls.subtitleTrack]?.lang ?? 'off') : 'off',
    };
  };
  const report = () => callbacks?.onTracks(tracks());
  const fault = (kind: PlaybackFault) => {
    if (callbacks) callbacks.onFault(kind);
    else heldFault ??= kind;
  };
  const applyCaptions = () => {
    const index = hls.subtitleTracks.findIndex((t) => t.lang === wantedCaptions);
    // Off unless asked for: a DEFAULT=YES subtitles rendition does not switch captions on.
    hls.subtitleTrack = wantedCaptions === 'off' ? -1 : index;
    hls.subtitleDisplay = index >= 0;
  };

  hls.on(Events.MANIFEST_PARSED, (_event, data) => {
    levelsKnown = true;
    const index = levelIndexFor(wantedQuality, data.levels);
    if (index >= 0) {
      hls.startLevel = index;
      hls.loadLevel = index;
    }
  });
  hls.on(Events.AUDIO_TRACKS_UPDATED, () => {
    const index = hls.audioTracks.findIndex((t) => t.lang === wantedAudio);
    if (index >= 0 && index !== hls.audioTrack) hls.audioTrack = index;
    report();
  });
  hls.on(Events.SUBTITLE_TRACKS_UPDATED, () => {
    // After hls.js's own pick: it announces the tracks, then selects its default (none, as the
    // playlist has no DEFAULT=YES subtitles), which would undo a choice made here at once and
    // leave a saved "captions on" off after a reload.
    queueMicrotask(() => {
      if (destroyed) return;
      applyCaptions();
      report();
    });
  });
  hls.on(Events.AUDIO_TRACK_SWITCHED, (_event, data) => {
    audioPlaying = data.lang ?? '';
    report();
  });
  hls.on(Events.SUBTITLE_TRACK_SWITCH, report);
  hls.on(Events.LEVEL_SWITCHED, (_event, data) => {
    const height = hls.levels[data.level]?.height ?? 0;
    if (callbacks) callbacks.onRendition(height);
    else heldHeight = height;
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
      fault(status === 403 || status === 401 ? 'token' : 'network');
    } else {
      fault('media');
    }
  });

  hls.loadSource(withToken(playlistUrl, token));

  let stopRecheck = () => {};
  let stopNudge = () => {};
  const destroy = () => {
    destroyed = true;
    stopRecheck();
    stopNudge();
    hls.destroy();
    if (!video) return;
    video.removeAttribute('src');
    video.load();
  };
  const engine = (media: HTMLVideoElement): PlaybackEngine => ({
    kind: 'hls.js',
    epochOffset() {
      const playing = hls.playingDate?.getTime();
      if (playing !== undefined && Number.isFinite(playing)) {
        return playing - media.currentTime * 1000;
      }
      // Before the first frame (or paused before it): the playlist's first dated segment.
      const first = hls.latestLevelDetails?.fragments[0];
      return first?.programDateTime ? first.programDateTime - first.start * 1000 : null;
    },
    seekWindow() {
      const details = hls.latestLevelDetails;
      const live = hls.liveSyncPosition;
      if (!details) return null;
      const end = details.live ? (live ?? details.edge) : details.edge;
      const start = playableStart(
        [
          media.seekable.length ? media.seekable.start(0) : undefined,
          details.fragmentStart,
          hls.audioTracks[hls.audioTrack]?.details?.fragmentStart,
        ],
        end,
      );
      return { start, live: Math.max(start, end) };
    },
    setQuality(next) {
      wantedQuality = next;
      // Before the playlist is read: MANIFEST_PARSED starts from it.
      if (!levelsKnown) return;
      const index = levelIndexFor(next, hls.levels);
      // Before the first picture, from the next fragment on: an immediate switch would drop the
      // fragment on its way and delay the first frame.
      if (media.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
        hls.loadLevel = index;
        return;
      }
      // An immediate switch for a fixed rendition (the viewer asked to see it now); Auto lets
      // the ABR controller take over from the next segment.
      hls.currentLevel = index;
    },
    setAudioLanguage(language) {
      wantedAudio = language;
      const index = hls.audioTracks.findIndex((t) => t.lang === language);
      if (index < 0 || index === hls.audioTrack) return;
      hls.audioTrack = index;
      // Says "switching" at once; AUDIO_TRACK_SWITCHED says when the new commentary is heard.
      report();
    },
    setCaptions(language) {
      wantedCaptions = language;
      applyCaptions();
      report();
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
    destroy,
  });

  return {
    attach(media, screen) {
      video = media;
      callbacks = screen;
      hls.attachMedia(media);
      stopRecheck = recheckBufferOnSeek(hls, media, Events.BUFFER_FLUSHED);
      // Chromium's wedged picture after a hole in the video buffer (decision 466): said in the
      // console, where a support engineer's devtools and the e2e media log read it.
      stopNudge = nudgeWedgedPicture(media, (at) =>
        console.warn(`Crease player: the picture was stuck at ${at.toFixed(2)} s; nudged it on`),
      );
      hls.startLoad();
      if (hls.audioTracks.length || hls.subtitleTracks.length) report();
      if (heldHeight !== null) screen.onRendition(heldHeight);
      if (heldFault) screen.onFault(heldFault);
      return engine(media);
    },
    destroy,
  };
}
