import { Spinner } from '@crease/ui';
import { Icon } from './icons';
import styles from './player-view.module.css';

/** Before the first frame. */
export function StartingOverlay() {
  return (
    <div className={styles.overlayCenter}>
      <Spinner label="Starting the stream" />
    </div>
  );
}

/** A network or token fault while a new engine is on its way. */
export function ReconnectingOverlay() {
  return (
    <div className={styles.overlayCenter} role="status">
      <div className={styles.notice}>
        <Spinner label="Connection lost. Reconnecting…" />
      </div>
    </div>
  );
}

/**
 * "Tap" for a touch screen, "Click" for a mouse or trackpad: the primary pointer decides
 * (a laptop with a touch screen still has a fine primary pointer, so it reads "Click").
 */
export function unmuteLabel(
  matchMedia: ((query: string) => Pick<MediaQueryList, 'matches'>) | undefined = typeof window !==
  'undefined'
    ? window.matchMedia?.bind(window)
    : undefined,
): string {
  const touch = matchMedia?.('(pointer: coarse)').matches ?? false;
  return touch ? 'Tap to unmute' : 'Click to unmute';
}

/** The browser refused sound without a gesture: the picture plays muted until this is pressed. */
export function UnmuteOverlay({ onUnmute }: { onUnmute(): void }) {
  return (
    <button type="button" className={styles.unmute} onClick={onUnmute}>
      <Icon name="muted" />
      {unmuteLabel()}
    </button>
  );
}
