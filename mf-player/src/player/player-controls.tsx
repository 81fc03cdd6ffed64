import type { VideoQuality } from '@crease/contract';
import type { LivePosition } from '../playback/live-position';
import {
  FullscreenButton,
  PictureInPictureButton,
  PlayButton,
  StatsButton,
  VolumeControl,
} from './control-buttons';
import { LiveControl } from './live-control';
import { QualityMenu } from './quality-menu';
import type { Playback } from './use-playback';
import type { StageModes } from './use-stage-modes';
import styles from './player-view.module.css';

export interface PlayerControlsProps {
  playback: Pick<Playback, 'paused' | 'muted' | 'volume' | 'actions'>;
  modes: Pick<StageModes, 'fullscreen' | 'toggleFullscreen' | 'togglePictureInPicture'>;
  position: LivePosition;
  /** A finished match: never "Behind live"; Go to live only while its wrap-up is on air. */
  replay: boolean;
  /** The stream has a live edge (a finished match's wrap-up may still have one). */
  onAir: boolean;
  quality: VideoQuality;
  /** The rendition on screen ("720p"), null until known. */
  rendition: string | null;
  onChooseQuality(quality: VideoQuality): void;
  statsOpen: boolean;
  onToggleStats(): void;
  pipAvailable: boolean;
}

/** The bar under the picture: left, what plays and how loud; right, how it is shown. */
export function PlayerControls({
  playback,
  modes,
  position,
  replay,
  onAir,
  quality,
  rendition,
  onChooseQuality,
  statsOpen,
  onToggleStats,
  pipAvailable,
}: PlayerControlsProps) {
  const { actions } = playback;
  return (
    <div className={styles.controls}>
      <PlayButton paused={playback.paused} onToggle={actions.togglePlay} />
      <VolumeControl
        muted={playback.muted}
        volume={playback.volume}
        onToggleMute={actions.toggleMute}
        onVolume={actions.setVolume}
      />
      <LiveControl position={position} replay={replay} onAir={onAir} onGoLive={actions.goLive} />
      <span className={styles.spacer} />
      <QualityMenu quality={quality} rendition={rendition} onChoose={onChooseQuality} />
      <StatsButton open={statsOpen} onToggle={onToggleStats} />
      {pipAvailable ? <PictureInPictureButton onToggle={modes.togglePictureInPicture} /> : null}
      <FullscreenButton fullscreen={modes.fullscreen} onToggle={modes.toggleFullscreen} />
    </div>
  );
}
