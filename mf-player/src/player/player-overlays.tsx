import { Spinner } from '@crease/ui';
import { Icon } from './icons';
import styles from './player-view.module.css';
import { englishWords, useMessages } from '../messages';
import type { PlayerWords } from '../messages';

/** Before the first frame. */
export function StartingOverlay() {
  const { t } = useMessages();
  return (
    <div className={styles.overlayCenter}>
      <Spinner label={t('state.starting')} />
    </div>
  );
}

/** A network or token fault while a new engine is on its way. */
export function ReconnectingOverlay() {
  const { t } = useMessages();
  return (
    <div className={styles.overlayCenter} role="status">
      <div className={styles.notice}>
        <Spinner label={t('state.reconnecting')} />
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
  words: PlayerWords = englishWords(),
): string {
  const touch = matchMedia?.('(pointer: coarse)').matches ?? false;
  return words.t(touch ? 'state.tapUnmute' : 'state.clickUnmute');
}

/** The browser refused sound without a gesture: the picture plays muted until this is pressed. */
export function UnmuteOverlay({ onUnmute }: { onUnmute(): void }) {
  const words = useMessages();
  return (
    <button type="button" className={styles.unmute} onClick={onUnmute}>
      <Icon name="muted" />
      {unmuteLabel(undefined, words)}
    </button>
  );
}
