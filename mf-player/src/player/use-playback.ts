import { useCallback, useMemo, useRef } from 'react';
import type { RefObject } from 'react';
import type { StreamSession } from './use-stream-session';
import { usePlaybackEngine } from './use-playback-engine';
import type { EngineState } from './use-playback-engine';
import { useMediaState } from './use-media-state';
import { clampToWindow, mediaTimeOf, MOMENT_LEAD_SECONDS } from '../playback/seek-window';
import type { DevicePreferences } from '../preferences/use-device-preferences';
import type { MediaState } from './use-media-state';

/** What the viewer can do to the picture (the controls and the keys call these). */
export interface PlaybackActions {
  togglePlay(): void;
  toggleMute(): void;
  /** 0 to 1; 0 mutes. */
  setVolume(volume: number): void;
  /** Jump to the live edge (and play). */
  goLive(): void;
  /** Move the playhead to a media time inside the window (clamped); a paused picture stays paused. */
  seekTo(position: number): void;
  /** Move the playhead by seconds (← and → are ±SEEK_STEP_SECONDS). */
  seekBy(seconds: number): void;
  /** Play from the window's first moment. */
  startOver(): void;
  /** Play from MOMENT_LEAD_SECONDS before a wall time (a key moment). */
  playFromMoment(wallMs: number): void;
}

export interface Playback
  extends
    MediaState,
    Pick<
      EngineState,
      | 'engineRef'
      | 'unsupported'
      | 'broken'
      | 'reconnecting'
      | 'height'
      | 'mutedForAutoplay'
      | 'restart'
      | 'tracks'
    > {
  videoRef: RefObject<HTMLVideoElement | null>;
  actions: PlaybackActions;
}

/**
 * The picture of one granted stream: its engine (faults, reconnects, token and quality) and
 * the media element's state, and the actions on it. Controls are separate components that take
 * this state and these actions, so a new one (a DVR scrubber, an audio menu) adds a component,
 * not a branch in the view.
 */
export function usePlayback(
  session: StreamSession,
  grant: { playlistUrl: string; playback: { token: string }; heartbeatSeconds: number | null },
  preferences: DevicePreferences,
): Playback {
  const videoRef = useRef<HTMLVideoElement>(null);
  const engine = usePlaybackEngine(videoRef, {
    playlistUrl: grant.playlistUrl,
    grantToken: grant.playback.token,
    token: session.token,
    quality: session.quality,
    preferences,
    metered: grant.heartbeatSeconds !== null,
    renewNow: session.renewNow,
    takeEarly: session.takeEarlyPlayback,
  });
  const { paused: enginePaused } = engine;
  const { setPaused: sessionPaused } = session;
  const pausedChanged = useCallback(
    (paused: boolean) => {
      if (paused) enginePaused();
      sessionPaused(paused);
    },
    [enginePaused, sessionPaused],
  );
  const media = useMediaState(videoRef, {
    engineRef: engine.engineRef,
    setWatching: session.setWatching,
    pausedChanged,
    streamEnded: session.streamEnded,
    playing: engine.playing,
    unmuted: engine.unmuted,
  });

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, []);
  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
  }, []);
  const setVolume = useCallback((volume: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = volume;
    video.muted = video.volume === 0;
  }, []);
  const { engineRef } = engine;
  /** Moves the playhead inside the window; `play` also starts a paused picture. */
  const moveTo = useCallback(
    (position: (window: { start: number; live: number }, now: number) => number, play: boolean) => {
      const video = videoRef.current;
      const window = engineRef.current?.seekWindow();
      if (!video || !window) return;
      video.currentTime = clampToWindow(position(window, video.currentTime), window);
      if (play && video.paused) void video.play().catch(() => undefined);
    },
    [engineRef],
  );
  const goLive = useCallback(() => moveTo((w) => w.live, true), [moveTo]);
  const startOver = useCallback(() => moveTo((w) => w.start, true), [moveTo]);
  const seekTo = useCallback((position: number) => moveTo(() => position, false), [moveTo]);
  const seekBy = useCallback(
    (seconds: number) => moveTo((_w, now) => now + seconds, false),
    [moveTo],
  );
  const playFromMoment = useCallback(
    (wallMs: number) => {
      const at = mediaTimeOf(wallMs, engineRef.current?.epochOffset() ?? null);
      if (at !== null) moveTo(() => at - MOMENT_LEAD_SECONDS, true);
    },
    [engineRef, moveTo],
  );
  const actions = useMemo(
    () => ({
      togglePlay,
      toggleMute,
      setVolume,
      goLive,
      seekTo,
      seekBy,
      startOver,
      playFromMoment,
    }),
    [togglePlay, toggleMute, setVolume, goLive, seekTo, seekBy, startOver, playFromMoment],
  );

  return {
    ...media,
    videoRef,
    engineRef,
    unsupported: engine.unsupported,
    broken: engine.broken,
    reconnecting: engine.reconnecting,
    height: engine.height,
    mutedForAutoplay: engine.mutedForAutoplay,
    tracks: engine.tracks,
    restart: engine.restart,
    actions,
  };
}
