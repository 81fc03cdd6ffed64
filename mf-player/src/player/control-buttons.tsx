import { Icon } from './icons';
import type { IconName } from './icons';
import styles from './player-view.module.css';

/** One icon button of the bar: its accessible name, its key, and whether it is switched on. */
function ControlButton({
  label,
  icon,
  onClick,
  keyShortcut,
  pressed,
}: {
  label: string;
  icon: IconName;
  onClick(): void;
  /** As aria-keyshortcuts spells it ("Space", "F"); the key itself is usePlayerKeys'. */
  keyShortcut?: string;
  /** For a toggle that stays on (the stats panel). */
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      className={styles.control}
      onClick={onClick}
      aria-label={label}
      aria-keyshortcuts={keyShortcut}
      aria-pressed={pressed}
    >
      <Icon name={icon} />
    </button>
  );
}

export function PlayButton({ paused, onToggle }: { paused: boolean; onToggle(): void }) {
  return (
    <ControlButton
      label={paused ? 'Play' : 'Pause'}
      icon={paused ? 'play' : 'pause'}
      keyShortcut="Space"
      onClick={onToggle}
    />
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
      <ControlButton
        label={muted ? 'Unmute' : 'Mute'}
        icon={muted || volume === 0 ? 'muted' : 'volume'}
        keyShortcut="M"
        onClick={onToggleMute}
      />
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
  return <ControlButton label="Stats for nerds" icon="stats" pressed={open} onClick={onToggle} />;
}

export function PictureInPictureButton({ onToggle }: { onToggle(): void }) {
  return <ControlButton label="Picture in picture" icon="pip" onClick={onToggle} />;
}

export function FullscreenButton({
  fullscreen,
  onToggle,
}: {
  fullscreen: boolean;
  onToggle(): void;
}) {
  return (
    <ControlButton
      label={fullscreen ? 'Exit full screen' : 'Full screen'}
      icon={fullscreen ? 'exitFullscreen' : 'fullscreen'}
      keyShortcut="F"
      onClick={onToggle}
    />
  );
}
