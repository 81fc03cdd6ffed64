import { useMemo, useRef, useState } from 'react';
import { isBreakPlayState } from '@crease/contract';
import type { CatalogEvent, TimelineEntry } from '@crease/contract';
import { VisuallyHidden } from '@crease/ui';
import { entryAt } from '../match/score-at';
import { renditionName } from '../playback/quality';
import { MatchPanel } from './match-panel';
import { PlayerControls } from './player-controls';
import {
  BreakOverlay,
  ReconnectingOverlay,
  StartingOverlay,
  UnmuteOverlay,
} from './player-overlays';
import { FailedState, UnsupportedState } from './player-states';
import { StatsPanel } from './stats-panel';
import type { StatsReading } from './stats-panel';
import { usePlayback } from './use-playback';
import { usePlayerKeys } from './use-player-keys';
import { usePlayerReading } from './use-player-reading';
import { useStageModes } from './use-stage-modes';
import type { StreamSession } from './use-stream-session';
import styles from './player-view.module.css';

type Watch = Extract<StreamSession['phase'], { kind: 'watching' }>;

interface PlayerViewProps {
  session: StreamSession;
  watch: Watch;
  event: CatalogEvent;
  timeline: TimelineEntry[];
}

/**
 * The video, its controls and the match beside it, for one granted stream. The view only
 * composes: playback (usePlayback), the stage's modes and keys, the playhead's reading, and
 * one component per overlay and per control.
 */
export function PlayerView({ session, watch, event, timeline }: PlayerViewProps) {
  const { grant } = watch;
  const playback = usePlayback(session, grant);
  const { videoRef, engineRef, actions } = playback;
  const stageRef = useRef<HTMLDivElement>(null);
  const modes = useStageModes(stageRef, videoRef);
  const [statsOpen, setStatsOpen] = useState(false);
  const reading = usePlayerReading(videoRef, engineRef, statsOpen);
  const { togglePlay, toggleMute } = actions;
  const { toggleFullscreen } = modes;

  // Space plays and pauses, f fullscreen, m mute: anywhere on the screen but in a text field.
  usePlayerKeys(
    useMemo(
      () => ({ ' ': togglePlay, f: toggleFullscreen, m: toggleMute }),
      [togglePlay, toggleFullscreen, toggleMute],
    ),
  );

  const { pictureTime } = reading;
  const shown = useMemo(
    () => (pictureTime === null ? null : entryAt(timeline, pictureTime)),
    [timeline, pictureTime],
  );
  const playState = shown?.state.playState ?? null;
  const rendition = playback.height ? renditionName(playback.height) : null;
  const stats: StatsReading | null =
    statsOpen && reading.stats ? { ...reading.stats, rendition: rendition ?? '–' } : null;

  if (playback.unsupported) return <UnsupportedState />;
  if (playback.broken) {
    return (
      <FailedState
        message="The video could not be decoded on this device."
        onRetry={playback.restart}
      />
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div
          ref={stageRef}
          className={`${styles.stage} ${modes.fullscreen ? styles.fullscreen : ''}`}
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
          {!playback.started && !playback.reconnecting ? <StartingOverlay /> : null}
          {playback.reconnecting ? <ReconnectingOverlay /> : null}
          {isBreakPlayState(playState) ? <BreakOverlay playState={playState} /> : null}
          {playback.mutedForAutoplay ? <UnmuteOverlay onUnmute={toggleMute} /> : null}
          {stats ? <StatsPanel reading={stats} /> : null}
          <PlayerControls
            playback={playback}
            modes={modes}
            position={reading.position}
            quality={session.quality}
            rendition={rendition}
            onChooseQuality={session.chooseQuality}
            statsOpen={statsOpen}
            onToggleStats={() => setStatsOpen((open) => !open)}
            pipAvailable={reading.pipAvailable}
          />
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
