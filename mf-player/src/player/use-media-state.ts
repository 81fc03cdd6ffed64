import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { resumePosition } from '../playback/seek-window';
import type { PlaybackEngine } from '../playback/playback-engine';

export interface MediaState {
  /** The first frame has played (the starting spinner goes). */
  started: boolean;
  paused: boolean;
  muted: boolean;
  volume: number;
}

export interface MediaListeners {
  engineRef: RefObject<PlaybackEngine | null>;
  /** Really watching: playing, with data ahead, in a visible tab (trial heartbeats count it). */
  setWatching(watching: boolean): void;
  /** The viewer paused or resumed (a metered stream closes while paused). */
  pausedChanged(paused: boolean): void;
  /** The picture reached EXT-X-ENDLIST. */
  streamEnded(): void;
  /** The picture moves (after a start or a reconnect). */
  playing(): void;
  unmuted(): void;
}

/** The media element's events, as the controls' state and as the session's signals. */
export function useMediaState(
  videoRef: RefObject<HTMLVideoElement | null>,
  { engineRef, setWatching, pausedChanged, streamEnded, playing, unmuted }: MediaListeners,
): MediaState {
  const [started, setStarted] = useState(false);
  const [paused, setPaused] = useState(true);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const watching = () =>
      setWatching(
        !video.paused &&
          !video.ended &&
          video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA &&
          document.visibilityState === 'visible',
      );
    const onPlaying = () => {
      setStarted(true);
      playing();
      setPaused(false);
      watching();
    };
    const onPause = () => {
      setPaused(true);
      watching();
      pausedChanged(true);
    };
    const onPlay = () => {
      setPaused(false);
      pausedChanged(false);
      // A paused stream resumes where it paused (decision 237); only a playhead whose media
      // has left the window (paused longer than the window keeps) moves, just inside it.
      const resumeAt = resumePosition(video.currentTime, engineRef.current?.seekWindow() ?? null);
      if (resumeAt !== video.currentTime) video.currentTime = resumeAt;
    };
    const onVolume = () => {
      setMuted(video.muted);
      setVolume(video.volume);
      if (!video.muted) unmuted();
    };
    const onEnded = () => {
      watching();
      streamEnded();
    };
    const events: [string, () => void][] = [
      ['playing', onPlaying],
      ['pause', onPause],
      ['play', onPlay],
      ['waiting', watching],
      ['stalled', watching],
      ['volumechange', onVolume],
      ['ended', onEnded],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    document.addEventListener('visibilitychange', watching);
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      document.removeEventListener('visibilitychange', watching);
      setWatching(false);
    };
  }, [videoRef, engineRef, setWatching, pausedChanged, streamEnded, playing, unmuted]);

  return { started, paused, muted, volume };
}
