import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { StreamToken, VideoQuality } from '@crease/contract';
import type {
  EarlyPlayback,
  PlaybackEngine,
  PlaybackFault,
  StreamTracks,
} from '../playback/playback-engine';
import { startPlayback } from '../playback/playback-engine';
import type { DevicePreferences } from '../preferences/use-device-preferences';

const NO_TRACKS: StreamTracks = { audio: [], subtitles: [], audioLanguage: '', captions: 'off' };

/** After a network loss: try again soon, then less often (the video resumes by itself). */
const RECONNECT_MS = [1000, 2000, 4000, 8000];
/** Decode faults answered by a fresh engine before the picture is called broken. */
const MEDIA_RESTARTS = 2;

export interface EngineInput {
  playlistUrl: string;
  /** The grant's token: what the first engine starts with before any renewal. */
  grantToken: string;
  /** The session's current token (renewed in the background), null before the first. */
  token: StreamToken | null;
  quality: VideoQuality;
  /** This device's latency mode, audio language and captions (decision 235). */
  preferences: Pick<DevicePreferences, 'latency' | 'audioLanguage' | 'captions'>;
  /** A trial stream: closed while paused, so its picture stops loading then (decision 151). */
  metered: boolean;
  /** The origin refused a segment (or the network came back): renew before reconnecting. */
  renewNow(): Promise<unknown>;
  /** The stream's hls.js started at its grant (decision 372), if any: the first engine takes it. */
  takeEarly(): EarlyPlayback | null;
}

export interface EngineState {
  engineRef: RefObject<PlaybackEngine | null>;
  /** Neither hls.js nor the browser can play HLS here. */
  unsupported: boolean;
  /** Decode faults kept coming back: the picture needs the viewer's retry. */
  broken: boolean;
  /** A network or token fault: a new engine is on its way. */
  reconnecting: boolean;
  /** Height of the rendition on screen (0 until known). */
  height: number;
  /** The browser refused to autoplay with sound, so the picture started muted. */
  mutedForAutoplay: boolean;
  /** The stream's audio and subtitle renditions (none until its playlist is read). */
  tracks: StreamTracks;
  /** The picture moves: any reconnect is over and the next one starts from the shortest wait. */
  playing(): void;
  /** The viewer turned the sound on. */
  unmuted(): void;
  /** The viewer's retry after a broken picture. */
  restart(): void;
  /** The viewer paused: a metered stream stops loading until the resumed stream's token. */
  paused(): void;
}

/**
 * One playback engine per stream and per reconnect (hls.js is imported on first use), with the
 * fault policy of decision 116: decode faults restart the engine twice, then give up; network
 * faults reconnect with back-off; a refused token renews first. Renewed tokens and a new
 * quality reach the running engine without a reload.
 */
export function usePlaybackEngine(
  videoRef: RefObject<HTMLVideoElement | null>,
  {
    playlistUrl,
    grantToken,
    token,
    quality,
    preferences,
    metered,
    renewNow,
    takeEarly,
  }: EngineInput,
): EngineState {
  const engineRef = useRef<PlaybackEngine | null>(null);
  const tokenRef = useRef(token?.token ?? grantToken);
  const qualityRef = useRef(quality);
  const preferencesRef = useRef(preferences);
  const { latency, audioLanguage, captions } = preferences;
  useEffect(() => {
    preferencesRef.current = preferences;
  });
  const mediaFaultsRef = useRef(0);
  const reconnectTriesRef = useRef(0);
  /** Loading stopped for a paused trial stream, until the resumed stream's token arrives. */
  const loadingPausedRef = useRef(false);
  const pausedTokenRef = useRef<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [unsupported, setUnsupported] = useState(false);
  const [broken, setBroken] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const [height, setHeight] = useState(0);
  const [mutedForAutoplay, setMutedForAutoplay] = useState(false);
  const [tracks, setTracks] = useState<StreamTracks>(NO_TRACKS);

  const onFault = useCallback(
    (fault: PlaybackFault) => {
      if (fault === 'media') {
        mediaFaultsRef.current += 1;
        if (mediaFaultsRef.current > MEDIA_RESTARTS) setBroken(true);
        else setGeneration((g) => g + 1);
        return;
      }
      setReconnecting(true);
      const restart = async () => {
        // A refused segment may mean the token died while offline: renew before reconnecting.
        if (fault === 'token' || !navigator.onLine) await renewNow();
        setGeneration((g) => g + 1);
      };
      const wait = RECONNECT_MS[Math.min(reconnectTriesRef.current, RECONNECT_MS.length - 1)]!;
      reconnectTriesRef.current += 1;
      if (fault === 'token') void restart();
      else setTimeout(() => void restart(), wait);
    },
    [renewNow],
  );

  // A renewed token: later playlist and segment requests carry it; nothing reloads.
  useEffect(() => {
    if (!token) return;
    tokenRef.current = token.token;
    engineRef.current?.setToken(token.token);
    if (loadingPausedRef.current && token.token !== pausedTokenRef.current) {
      loadingPausedRef.current = false;
      engineRef.current?.resumeLoading();
    }
  }, [token]);

  useEffect(() => {
    if (qualityRef.current === quality) return;
    qualityRef.current = quality;
    engineRef.current?.setQuality(quality);
  }, [quality]);

  // A new audio language or captions choice reaches the running engine.
  useEffect(() => {
    if (audioLanguage) engineRef.current?.setAudioLanguage(audioLanguage);
  }, [audioLanguage]);
  useEffect(() => {
    if (captions) engineRef.current?.setCaptions(captions);
  }, [captions]);

  // One engine per stream, per reconnect and per latency mode (hls.js takes it at construction).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let engine: PlaybackEngine | null = null;
    const chosen = preferencesRef.current;
    const choices = {
      quality: qualityRef.current,
      latency,
      audioLanguage: chosen.audioLanguage,
      captions: chosen.captions,
    };
    const callbacks = {
      onTracks: (next: StreamTracks) => {
        if (!cancelled) setTracks(next);
      },
      onRendition: setHeight,
      onFault: (fault: PlaybackFault) => {
        if (!cancelled) onFault(fault);
      },
    };
    void startPlayback(video, playlistUrl, tokenRef.current, choices, callbacks, takeEarly())
      .then((created) => {
        if (cancelled) {
          created?.destroy();
          return;
        }
        if (!created) {
          setUnsupported(true);
          return;
        }
        engine = created;
        engineRef.current = created;
        loadingPausedRef.current = false;
        // Pressing Watch allows sound; a reload has no user gesture, so start muted and offer
        // to unmute rather than show a still frame.
        video.play().catch(() => {
          if (cancelled) return;
          video.muted = true;
          setMutedForAutoplay(true);
          video.play().catch(() => undefined);
        });
      })
      .catch(() => {
        // hls.js refused to start (its chunk failed to load, or a configuration it rejects):
        // a designed failure with a retry, not a spinner for ever.
        if (!cancelled) setBroken(true);
      });
    return () => {
      cancelled = true;
      engine?.destroy();
      if (engineRef.current === engine) engineRef.current = null;
    };
  }, [videoRef, playlistUrl, generation, onFault, latency, takeEarly]);

  const playing = useCallback(() => {
    setReconnecting(false);
    reconnectTriesRef.current = 0;
  }, []);
  const unmuted = useCallback(() => setMutedForAutoplay(false), []);
  const paused = useCallback(() => {
    // A paused trial stream is closed (decision 118): its token is about to be refused.
    if (!metered || !engineRef.current) return;
    engineRef.current.pauseLoading();
    loadingPausedRef.current = true;
    pausedTokenRef.current = tokenRef.current;
  }, [metered]);
  const restart = useCallback(() => {
    mediaFaultsRef.current = 0;
    setBroken(false);
    setGeneration((g) => g + 1);
  }, []);

  return {
    engineRef,
    unsupported,
    broken,
    reconnecting,
    height,
    mutedForAutoplay,
    tracks,
    playing,
    unmuted,
    restart,
    paused,
  };
}
