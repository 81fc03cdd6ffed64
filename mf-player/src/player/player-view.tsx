import { useEffect, useMemo, useRef, useState } from 'react';
import { isBreakPlayState, statusGroupOf } from '@crease/contract';
import type { CatalogEvent, TimelineEntry } from '@crease/contract';
import { VisuallyHidden } from '@crease/ui';
import { DvrBar } from '../dvr/dvr-bar';
import { PlaybackSettings } from './playback-settings';
import type { Moment } from '../match/key-moments';
import { usePictureTimeStore, usePictureTitle } from '../match/use-picture-time';
import { useMatchView } from '../match/use-match-view';
import { renditionName } from '../playback/quality';
import { SEEK_STEP_SECONDS, windowLength } from '../playback/seek-window';
import { useDevicePreferences } from '../preferences/use-device-preferences';
import { BreakStrip } from '../scorecard/break-strip';
import { MatchSide } from '../scorecard/match-side';
import { bringIntoView } from './bring-into-view';
import { PlayerStage } from './player-stage';
import { FailedState, UnsupportedState } from './player-states';
import type { StatsReading } from './stats-panel';
import { usePlayback } from './use-playback';
import { usePlayerKeys } from './use-player-keys';
import { usePlayerReading } from './use-player-reading';
import { useStageModes } from './use-stage-modes';
import type { StreamSession } from './use-stream-session';
import styles from './player-view.module.css';
import { useMessages } from '../messages';

type Watch = Extract<StreamSession['phase'], { kind: 'watching' }>;

interface PlayerViewProps {
  session: StreamSession;
  watch: Watch;
  event: CatalogEvent;
  timeline: TimelineEntry[];
  /** The first frame played, or the picture could not start: the extras may load (decision 372). */
  onPictureSettled(): void;
}

/** A window shorter than this is only the live edge's: Start over would change little. */
const START_OVER_MIN_SECONDS = 30;

/**
 * The video, its controls and the match beside it, for one granted stream. The view only
 * composes: playback (usePlayback), the stage's modes and keys, the playhead's reading, the
 * match as the viewer may see it (spoiler-free), and one component per part.
 */
export function PlayerView({ session, watch, event, timeline, onPictureSettled }: PlayerViewProps) {
  const { t } = useMessages();
  const { grant } = watch;
  const preferences = useDevicePreferences();
  const playback = usePlayback(session, grant, preferences);
  const { videoRef, engineRef, ...picture } = playback;
  const { actions } = picture;
  const stageRef = useRef<HTMLDivElement>(null);
  const modes = useStageModes(stageRef, videoRef);
  const [statsOpen, setStatsOpen] = useState(false);
  // A match that has ended is a replay even while its stream stays on for the wrap-up: it opens
  // from the start, spoiler-free (decision 430), not at the presentation with the result.
  const finishedOnAir = grant.eventStatus === 'live' && statusGroupOf(event.status) === 'finished';
  // On for a replay; a live viewer turns it on by starting over (decision 236).
  const [spoilerFree, setSpoilerFree] = useState(grant.eventStatus !== 'live' || finishedOnAir);
  const reading = usePlayerReading(videoRef, engineRef, statsOpen);
  const { pictureTime, position } = reading;
  const view = useMatchView(timeline, pictureTime, position.atLive, spoilerFree);
  usePictureTimeStore(event.eventId, pictureTime, position.atLive);
  usePictureTitle(event.title, view.shown);
  const { togglePlay, toggleMute, seekBy, startOver, playFromMoment } = actions;
  const pictureSettled = picture.started || playback.unsupported || playback.broken;
  useEffect(() => {
    if (pictureSettled) onPictureSettled();
  }, [pictureSettled, onPictureSettled]);
  const openedFromStart = useRef(false);
  useEffect(() => {
    if (!finishedOnAir || !picture.started || openedFromStart.current) return;
    openedFromStart.current = true;
    startOver();
  }, [finishedOnAir, picture.started, startOver]);
  const { toggleFullscreen } = modes;

  // Space plays and pauses, ←/→ seek, f fullscreen, m mute: anywhere but in a text field.
  usePlayerKeys(
    useMemo(
      () => ({
        ' ': togglePlay,
        ArrowLeft: () => seekBy(-SEEK_STEP_SECONDS),
        ArrowRight: () => seekBy(SEEK_STEP_SECONDS),
        f: toggleFullscreen,
        m: toggleMute,
      }),
      [togglePlay, seekBy, toggleFullscreen, toggleMute],
    ),
  );

  const playState = view.shown?.playState ?? null;
  const rendition = playback.height ? renditionName(playback.height) : null;
  const stats: StatsReading | null =
    statsOpen && reading.stats ? { ...reading.stats, rendition: rendition ?? '–' } : null;
  // The list may be below the fold: the moment plays where the viewer can see it (decision 413).
  const playMoment = (moment: Moment) => {
    playFromMoment(moment.at);
    bringIntoView(stageRef.current);
  };

  if (playback.unsupported) return <UnsupportedState />;
  if (playback.broken) {
    return (
      <FailedState
        message={t('page.notDecoded')}
        fallback="page.notDecoded"
        onRetry={playback.restart}
      />
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <PlayerStage
          stageRef={stageRef}
          videoRef={videoRef}
          event={event}
          playback={picture}
          reading={reading}
          shown={view.shown}
          moments={view.moments}
          stats={stats}
          controls={{
            modes,
            // Just finished, still on air for the wrap-up: a replay all the same (issue 36).
            replay: grant.eventStatus !== 'live' || finishedOnAir,
            onAir: grant.eventStatus === 'live',
            quality: session.quality,
            rendition,
            onChooseQuality: session.chooseQuality,
            statsOpen,
            onToggleStats: () => setStatsOpen((open) => !open),
            pipAvailable: reading.pipAvailable,
          }}
        />
        {isBreakPlayState(playState) ? <BreakStrip playState={playState} /> : null}
        <DvrBar
          canStartOver={windowLength(reading.window) >= START_OVER_MIN_SECONDS}
          onStartOver={() => {
            setSpoilerFree(true);
            startOver();
          }}
        >
          <PlaybackSettings tracks={playback.tracks} preferences={preferences} />
        </DvrBar>
        <p className={styles.hint}>
          <VisuallyHidden>{t('page.keyboardLabel')}</VisuallyHidden>
          {t('page.keyboard')}
        </p>
      </div>
      <MatchSide
        event={event}
        view={view}
        live={grant.eventStatus === 'live' && !finishedOnAir}
        spoilerFree={spoilerFree}
        onToggleSpoilerFree={() => setSpoilerFree((on) => !on)}
        onMoment={playMoment}
      />
    </div>
  );
}
