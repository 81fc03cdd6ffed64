import { Icon } from './icons';
import styles from './player-view.module.css';

/** Each control is its own component with its own accessible name, so a new one is an addition. */

export function PlayButton({ paused, onToggle }: { paused: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      className={styles.control}
      onClick={onToggle}
      aria-label={paused ? 'Play' : 'Pause'}
      aria-keyshortcuts="Space"
    >
      <Icon name={paused ? 'play' : 'pause'} />
    </button>
  );
}

export function VolumeControl({
  muted,
  volume,
  onToggleMute,
  onVolume,
}: {
  muted: boolean;
  volume: number;
  onToggleMute(): void;
  onVolume(volume: number): void;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.control}
        onClick={onToggleMute}
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
        onChange={(change) => onVolume(Number(change.target.value))}
      />
    </>
  );
}

export function StatsButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-pressed={open}
      aria-label="Stats for nerds"
      onClick={onToggle}
    >
      <Icon name="stats" />
    </button>
  );
}

export function PictureInPictureButton({ onToggle }: { onToggle(): void }) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-label="Picture in picture"
      onClick={onToggle}
    >
      <Icon name="pip" />
    </button>
  );
}

export function FullscreenButton({
  fullscreen,
  onToggle,
}: {
  fullscreen: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      className={styles.control}
      aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
      aria-keyshortcuts="F"
      onClick={onToggle}
    >
      <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
    </button>
  );
}
