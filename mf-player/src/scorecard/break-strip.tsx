import { useState } from 'react';
import type { BreakPlayState } from '@crease/contract';
import { PLAY_STATE_LABELS } from '@crease/contract';
import styles from './scorecard.module.css';

/** A line under the break's name for the breaks that need saying more. */
const BREAK_WORDS: Partial<Record<BreakPlayState, string>> = {
  rain_delay: 'Covers are on. Play resumes when the rain stops.',
  innings_break: 'The teams change over. The second innings starts soon.',
  bad_light: 'The umpires have taken the players off for bad light.',
};

/**
 * Play has stopped (rain, an interval): said in a small strip under the picture, never over it
 * (issue 21 §6), and dismissible. A new break shows again.
 */
export function BreakStrip({ playState }: { playState: BreakPlayState }) {
  const [dismissed, setDismissed] = useState<BreakPlayState | null>(null);
  if (dismissed === playState) return null;
  const words = BREAK_WORDS[playState];
  return (
    <div className={styles.strip} role="status" data-testid="break-strip">
      <p className={styles.stripText}>
        <span className={styles.stripTitle}>{PLAY_STATE_LABELS[playState]}</span>
        {words}
      </p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={`Dismiss: ${PLAY_STATE_LABELS[playState]}`}
        onClick={() => setDismissed(playState)}
      >
        ×
      </button>
    </div>
  );
}
