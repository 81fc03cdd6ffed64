import type { RefObject } from 'react';
import type { CatalogEvent, MatchState } from '@crease/contract';
import { SeekBar } from '../dvr/seek-bar';
import type { Moment } from '../match/key-moments';
import { ScoreOverlay } from '../scorecard/score-overlay';
import { PlayerControls } from './player-controls';
import type { PlayerControlsProps } from './player-controls';
import { ReconnectingOverlay, StartingOverlay, UnmuteOverlay } from './player-overlays';
import { StatsPanel } from './stats-panel';
import { useIdleControls } from './use-idle-controls';
import type { IdleTimer } from './use-idle-controls';
import type { StatsReading } from './stats-panel';
import type { Playback } from './use-playback';
import type { PlayerReading } from './use-player-reading';
import chrome from './stage-chrome.module.css';
import styles from './player-view.module.css';
import { useMessages } from '../messages';

/**
 * The 16:9 stage: the video, the score drawn on it, the overlays that belong on the picture
 * (starting, reconnecting, unmute, stats), the seek bar and the control bar. Break notices are
 * not here: they sit under the picture (BreakStrip).
 */
export function PlayerStage({
  stageRef,
  videoRef,
  event,
  playback,
  reading,
  shown,
  moments,
  stats,
  controls,
  idleTimer,
}: {
  stageRef: RefObject<HTMLDivElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  event: CatalogEvent;
  /** The picture's state and actions (its refs come apart: they are not read in render). */
  playback: Omit<Playback, 'videoRef' | 'engineRef'>;
  reading: PlayerReading;
  shown: MatchState | null;
  moments: readonly Moment[];
  stats: StatsReading | null;
  controls: Omit<PlayerControlsProps, 'playback' | 'position'>;
  /** The controls' hide timer; a test passes its own. */
  idleTimer?: IdleTimer;
}) {
  const { t } = useMessages();
  const { actions } = playback;
  // Out of the way while the picture plays and nobody touches it (decision 412).
  const idle = useIdleControls(stageRef, !playback.paused, idleTimer ? { timer: idleTimer } : {});
  const stageClass = [
    styles.stage,
    controls.modes.fullscreen ? styles.fullscreen : '',
    idle.shown ? '' : chrome.idle,
  ].join(' ');
  return (
    <div
      ref={stageRef}
      className={stageClass}
      data-testid="player-stage"
      data-controls={idle.shown ? 'shown' : 'hidden'}
    >
      <video
        ref={videoRef}
        className={`${styles.video} ${chrome.captions}`}
        playsInline
        aria-label={t('video.label', { title: event.title })}
        onClick={actions.togglePlay}
        onDoubleClick={controls.modes.toggleFullscreen}
      />
      <ScoreOverlay state={shown} />
      {!playback.started && !playback.reconnecting ? <StartingOverlay /> : null}
      {playback.reconnecting ? <ReconnectingOverlay /> : null}
      {playback.mutedForAutoplay ? <UnmuteOverlay onUnmute={actions.toggleMute} /> : null}
      {stats ? <StatsPanel reading={stats} /> : null}
      {/* The seek bar with its key moments and the control bar: they hide together. */}
      <div className={chrome.chrome}>
        <SeekBar
          window={reading.window}
          currentTime={reading.currentTime}
          epochOffset={reading.epochOffset}
          moments={moments}
          onSeek={actions.seekTo}
          onSeekBy={actions.seekBy}
          onMoment={(moment) => actions.playFromMoment(moment.at)}
          replay={controls.replay}
        />
        <PlayerControls playback={playback} position={reading.position} {...controls} />
      </div>
    </div>
  );
}
