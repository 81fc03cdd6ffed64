import { useState } from 'react';
import type { BreakPlayState } from '@crease/contract';
import styles from './scorecard.module.css';
import { useMessages } from '../messages';
import type { PlayerMessageKey } from '../messages';

/** A line under the break's name for the breaks that need saying more. */
const BREAK_WORDS: Partial<Record<BreakPlayState, PlayerMessageKey>> = {
  rain_delay: 'break.rain_delay',
  innings_break: 'break.innings_break',
  bad_light: 'break.bad_light',
};

/**
 * Play has stopped (rain, an interval): said in a small strip under the picture, never over it
 * (issue 21 §6), and dismissible. A new break shows again.
 */
export function BreakStrip({ playState }: { playState: BreakPlayState }) {
  const { t } = useMessages();
  const [dismissed, setDismissed] = useState<BreakPlayState | null>(null);
  if (dismissed === playState) return null;
  const more = BREAK_WORDS[playState];
  const name = t(`playState.${playState}`);
  return (
    <div className={styles.strip} role="status" data-testid="break-strip">
      <p className={styles.stripText}>
        <span className={styles.stripTitle}>{name}</span>
        {more ? t(more) : null}
      </p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('break.dismiss', { state: name })}
        onClick={() => setDismissed(playState)}
      >
        ×
      </button>
    </div>
  );
}
