import { Icon } from './icons';
import type { IconName } from './icons';
import styles from './player-view.module.css';
import { useMessages } from '../messages';

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
  const { t } = useMessages();
  return (
    <ControlButton
      label={paused ? t('control.play') : t('control.pause')}
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
  const { t } = useMessages();
  return (
    <>
      <ControlButton
        label={muted ? t('control.unmute') : t('control.mute')}
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
        aria-label={t('control.volume')}
        onChange={(change) => onVolume(Number(change.target.value))}
      />
    </>
  );
}

export function StatsButton({ open, onToggle }: { open: boolean; onToggle(): void }) {
  const { t } = useMessages();
  return (
    <ControlButton label={t('control.stats')} icon="stats" pressed={open} onClick={onToggle} />
  );
}

export function PictureInPictureButton({ onToggle }: { onToggle(): void }) {
  const { t } = useMessages();
  return <ControlButton label={t('control.pip')} icon="pip" onClick={onToggle} />;
}

export function FullscreenButton({
  fullscreen,
  onToggle,
}: {
  fullscreen: boolean;
  onToggle(): void;
}) {
  const { t } = useMessages();
  return (
    <ControlButton
      label={fullscreen ? t('control.exitFullscreen') : t('control.fullscreen')}
      icon={fullscreen ? 'exitFullscreen' : 'fullscreen'}
      keyShortcut="F"
      onClick={onToggle}
    />
  );
}
