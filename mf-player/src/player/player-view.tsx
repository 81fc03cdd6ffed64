import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PLAY_STATE_LABELS } from '@crease/contract';
import type { CatalogEvent, PlayState, TimelineEntry } from '@crease/contract';
import { LiveBadge, Spinner, VisuallyHidden } from '@crease/ui';
import { entryAt } from '../match/score-at';
import { fellOutOfWindow, formatBehind, livePosition } from '../playback/live-position';
import type { LivePosition } from '../playback/live-position';
import type { PlaybackEngine, PlaybackFault } from '../playback/playback-engine';
import { startPlayback } from '../playback/playback-engine';
import { renditionName } from '../playback/quality';
import { Icon } from './icons';
import { MatchPanel } from './match-panel';
import { QualityMenu } from './quality-menu';
import { StatsPanel } from './stats-panel';
import type { StatsReading } from './stats-panel';
import type { StreamSession } from './use-stream-session';
import { FailedState, UnsupportedState } from './player-states';
import styles from './player-view.module.css';

/** Play states that stop the cricket: shown over the picture (the stream keeps going). */
const BREAKS: readonly PlayState[] = [
  'innings_break',
  'rain_delay',
  'bad_light',
  'drinks',
  'lunch',
  'tea',
  'stumps',
];

const BREAK_WORDS: Partial<Record<PlayState, string>> = {
  rain_delay: 'Covers are on. Play resumes when the rain stops.',
  innings_break: 'The teams change over. The second innings starts soon.',
  bad_light: 'The umpires have taken the players off for bad light.',
};

/** After a network loss: try again soon, then less often (the video resumes by itself). */
const RECONNECT_MS = [1000, 2000, 4000, 8000];

type Watch = Extract<StreamSession['phase'], { kind: 'watching' }>;

interface PlayerViewProps {
  session: StreamSession;
  watch: Watch;
  event: CatalogEvent;
  timeline: TimelineEntry[];
}

function bufferedAhead(video: HTMLVideoElement): number {
  for (let i = 0; i < video.buffered.length; i++) {
    if (
      video.buffered.start(i) <= video.currentTime + 0.1 &&
      video.buffered.end(i) >= video.currentTime
    ) {
      return video.buffered.end(i) - video.currentTime;
    }
  }
  return 0;
}

interface PlayerReading {
  /** Wall time (ms) of the picture on screen, from EXT-X-PROGRAM-DATE-TIME. */
  pictureTime: number | null;
  position: LivePosition;
  stats: Omit<StatsReading, 'rendition'> | null;
  pipAvailable: boolean;
}

const NO_READING: PlayerReading = {
  pictureTime: null,
  position: { behindSeconds: 0, atLive: true },
  stats: null,
  pipAvailable: false,
};

function readPlayer(
  video: HTMLVideoElement | null,
  engine: PlaybackEngine | null,
  withStats: boolean,
): PlayerReading {
  if (!video || !engine) return NO_READING;
  const frames = video.getVideoPlaybackQuality?.();
  const playback = withStats ? engine.stats() : null;
  return {
    pictureTime: engine.pictureTime(),
    position: livePosition(video.currentTime, engine.liveTarget()),
    stats: playback
      ? {
          bitrate: playback.bitrate,
          bandwidth: playback.bandwidth,
          bufferSeconds: bufferedAhead(video),
          latency: playback.latency,
          droppedFrames: frames?.droppedVideoFrames ?? 0,
          totalFrames: frames?.totalVideoFrames ?? 0,
          engine: engine.kind,
        }
      : null,
    pipAvailable: document.pictureInPictureEnabled === true,
  };
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** The video, its controls and the match beside it, for one granted stream. */
export function PlayerView({ session, watch, event, timeline }: PlayerViewProps) {
  const { grant } = watch;
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<PlaybackEngine | null>(null);
  const tokenRef = useRef(session.token?.token ?? grant.playback.token);
  const qualityRef = useRef(session.quality);
  const [generation, setGeneration] = useState(0);
  const [unsupported, setUnsupported] = useState(false);
  const [broken, setBroken] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const [paused, setPaused] = useState(true);
  const [started, setStarted] = useState(false);
  const [mutedForAutoplay, setMutedForAutoplay] = useState(false);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [fullscreen, setFullscreen] = useState(false);
  const [statsOpen, setStatsOpen] = useState(false);
  const [height, setHeight] = useState(0);
  const [reading, setReading] = useState<PlayerReading>(NO_READING);
  const mediaFaultsRef = useRef(0);
  const reconnectTriesRef = useRef(0);
  /** Loading stopped for a paused trial stream, until the resumed stream's token arrives. */
  const loadingPausedRef = useRef(false);
  const pausedTokenRef = useRef<string | null>(null);
  const metered = grant.heartbeatSeconds !== null;
  const { setWatching, setPaused: pausedChanged, renewNow, streamEnded } = session;

  const onFault = useCallback(
    (fault: PlaybackFault) => {
      if (fault === 'media') {
        mediaFaultsRef.current += 1;
        if (mediaFaultsRef.current > 2) setBroken(true);
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
    if (!session.token) return;
    tokenRef.current = session.token.token;
    engineRef.current?.setToken(session.token.token);
    if (loadingPausedRef.current && tokenRef.current !== pausedTokenRef.current) {
      loadingPausedRef.current = false;
      engineRef.current?.resumeLoading();
    }
  }, [session.token]);

  useEffect(() => {
    if (qualityRef.current === session.quality) return;
    qualityRef.current = session.quality;
    engineRef.current?.setQuality(session.quality);
  }, [session.quality]);

  // One playback engine per stream (and per reconnect). hls.js is imported on first use.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let engine: PlaybackEngine | null = null;
    void startPlayback(video, grant.playlistUrl, tokenRef.current, qualityRef.current, {
      onRendition: setHeight,
      onFault: (fault) => {
        if (!cancelled) onFault(fault);
      },
    }).then((created) => {
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
    });
    return () => {
      cancelled = true;
      engine?.destroy();
      if (engineRef.current === engine) engineRef.current = null;
    };
  }, [grant.playlistUrl, generation, onFault]);

  // Media element state → controls, heartbeats and the ended state.
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
      setReconnecting(false);
      reconnectTriesRef.current = 0;
      setPaused(false);
      watching();
    };
    const onPause = () => {
      // A paused trial stream is closed (decision 118): its token is about to be refused.
      if (metered && engineRef.current) {
        engineRef.current.pauseLoading();
        loadingPausedRef.current = true;
        pausedTokenRef.current = tokenRef.current;
      }
      setPaused(true);
      watching();
      pausedChanged(true);
    };
    const onPlay = () => {
      setPaused(false);
      pausedChanged(false);
      // Paused longer than the live window keeps: its media is gone, so resume at live.
      const engine = engineRef.current;
      if (engine && fellOutOfWindow(video.currentTime, engine.windowStart())) {
        const target = engine.liveTarget();
        if (target !== null) video.currentTime = target;
      }
    };
    const onVolume = () => {
      setMuted(video.muted);
      setVolume(video.volume);
      if (!video.muted) setMutedForAutoplay(false);
    };
    const onEnded = () => {
      watching();
      streamEnded();
    };
    const onFullscreen = () => setFullscreen(document.fullscreenElement === stageRef.current);
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
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      document.removeEventListener('visibilitychange', watching);
      document.removeEventListener('fullscreenchange', onFullscreen);
      setWatching(false);
    };
  }, [setWatching, pausedChanged, streamEnded, metered]);

  // The playhead's wall time, the live readout and the stats move with the picture.
  useEffect(() => {
    const read = () => setReading(readPlayer(videoRef.current, engineRef.current, statsOpen));
    read();
    const timer = setInterval(read, 500);
    return () => clearInterval(timer);
  }, [statsOpen]);

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
  const toggleFullscreen = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stage.requestFullscreen?.().catch(() => undefined);
  }, []);
  const togglePip = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement)
      void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture?.().catch(() => undefined);
  }, []);
  const goLive = useCallback(() => {
    const video = videoRef.current;
    const target = engineRef.current?.liveTarget();
    if (!video || target === null || target === undefined) return;
    video.currentTime = target;
    if (video.paused) void video.play().catch(() => undefined);
  }, []);

  // Space plays and pauses, f fullscreen, m mute: anywhere on the screen but in a text field.
  useEffect(() => {
    const onKey = (keyEvent: KeyboardEvent) => {
      if (keyEvent.defaultPrevented || keyEvent.altKey || keyEvent.ctrlKey || keyEvent.metaKey)
        return;
      if (isTyping(keyEvent.target)) return;
      const onButton = (keyEvent.target as HTMLElement | null)?.closest?.(
        'button, a, [role="menu"]',
      );
      if (keyEvent.key === ' ' && !onButton) {
        keyEvent.preventDefault();
        togglePlay();
      } else if (keyEvent.key === 'f' || keyEvent.key === 'F') {
        toggleFullscreen();
      } else if (keyEvent.key === 'm' || keyEvent.key === 'M') {
        toggleMute();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [togglePlay, toggleFullscreen, toggleMute]);

  const { pictureTime, position } = reading;
  const shown = useMemo(
    () => (pictureTime === null ? null : entryAt(timeline, pictureTime)),
    [timeline, pictureTime],
  );
  const playState = shown?.state.playState ?? null;
  const onBreak = playState !== null && BREAKS.includes(playState);
  const rendition = height ? renditionName(height) : null;
  const stats: StatsReading | null =
    statsOpen && reading.stats ? { ...reading.stats, rendition: rendition ?? '–' } : null;

  if (unsupported) return <UnsupportedState />;
  if (broken) {
    return (
      <FailedState
        message="The video could not be decoded on this device."
        onRetry={() => {
          mediaFaultsRef.current = 0;
          setBroken(false);
          setGeneration((g) => g + 1);
        }}
      />
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div
          ref={stageRef}
          className={`${styles.stage} ${fullscreen ? styles.fullscreen : ''}`}
          data-testid="player-stage"
        >
          <video
            ref={videoRef}
            className={styles.video}
            playsInline
            aria-label={`Live video: ${event.title}`}
            onClick={togglePlay}
            onDoubleClick={toggleFullscreen}
          />
          {!started && !reconnecting ? (
            <div className={styles.overlayCenter}>
              <Spinner label="Starting the stream" />
            </div>
          ) : null}
          {reconnecting ? (
            <div className={styles.overlayCenter} role="status">
              <div className={styles.notice}>
                <Spinner label="Connection lost. Reconnecting…" />
              </div>
            </div>
          ) : null}
          {onBreak && playState ? (
            <div className={styles.breakOverlay} role="status">
              <p className={styles.breakTitle}>{PLAY_STATE_LABELS[playState]}</p>
              {BREAK_WORDS[playState] ? (
                <p className={styles.breakText}>{BREAK_WORDS[playState]}</p>
              ) : null}
            </div>
          ) : null}
          {mutedForAutoplay ? (
            <button type="button" className={styles.unmute} onClick={toggleMute}>
              <Icon name="muted" />
              Tap to unmute
            </button>
          ) : null}
          {stats ? <StatsPanel reading={stats} /> : null}
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.control}
              onClick={togglePlay}
              aria-label={paused ? 'Play' : 'Pause'}
              aria-keyshortcuts="Space"
            >
              <Icon name={paused ? 'play' : 'pause'} />
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={toggleMute}
              aria-label={muted ? 'Unmute' : 'Mute'}
              aria-keyshortcuts="M"
            >
              <Icon name={muted || volume === 0 ? 'muted' : 'volume'} />
            </button>
            <input
              type="range"
              className={styles.volume}
              min={0}
              max={1}
              step={0.05}
              value={muted ? 0 : volume}
              aria-label="Volume"
              onChange={(change) => {
                const v = videoRef.current;
                if (!v) return;
                v.volume = Number(change.target.value);
                v.muted = v.volume === 0;
              }}
            />
            <div className={styles.live}>
              {position.atLive ? (
                <LiveBadge />
              ) : (
                <>
                  <span className={styles.behind} role="status">
                    Behind live by {formatBehind(position.behindSeconds)}
                  </span>
                  <button type="button" className={styles.goLive} onClick={goLive}>
                    Go live
                  </button>
                </>
              )}
            </div>
            <span className={styles.spacer} />
            <QualityMenu
              quality={session.quality}
              rendition={rendition}
              onChoose={session.chooseQuality}
            />
            <button
              type="button"
              className={styles.control}
              aria-pressed={statsOpen}
              aria-label="Stats for nerds"
              onClick={() => setStatsOpen((o) => !o)}
            >
              <Icon name="stats" />
            </button>
            {reading.pipAvailable ? (
              <button
                type="button"
                className={styles.control}
                aria-label="Picture in picture"
                onClick={togglePip}
              >
                <Icon name="pip" />
              </button>
            ) : null}
            <button
              type="button"
              className={styles.control}
              aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
              aria-keyshortcuts="F"
              onClick={toggleFullscreen}
            >
              <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
            </button>
          </div>
        </div>
        <p className={styles.hint}>
          <VisuallyHidden>Keyboard: </VisuallyHidden>
          Space play/pause · F full screen · M mute
        </p>
      </div>
      <MatchPanel event={event} state={shown?.state ?? null} live={grant.eventStatus === 'live'} />
    </div>
  );
}
