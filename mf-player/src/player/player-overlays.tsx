import { PLAY_STATE_LABELS } from '@crease/contract';
import type { BreakPlayState } from '@crease/contract';
import { Spinner } from '@crease/ui';
import { Icon } from './icons';
import styles from './player-view.module.css';

/** A line under the break's name for the breaks that need saying more. */
const BREAK_WORDS: Partial<Record<BreakPlayState, string>> = {
  rain_delay: 'Covers are on. Play resumes when the rain stops.',
  innings_break: 'The teams change over. The second innings starts soon.',
  bad_light: 'The umpires have taken the players off for bad light.',
};

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

/** Play has stopped (rain, an interval): said over the picture, which keeps going. */
export function BreakOverlay({ playState }: { playState: BreakPlayState }) {
  const words = BREAK_WORDS[playState];
  return (
    <div className={styles.breakOverlay} role="status">
      <p className={styles.breakTitle}>{PLAY_STATE_LABELS[playState]}</p>
      {words ? <p className={styles.breakText}>{words}</p> : null}
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
