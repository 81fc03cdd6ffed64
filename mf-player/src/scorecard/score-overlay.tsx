import type { TimelineState } from '@crease/contract';
import { matchPhase, overlayScore } from '../match/match-phase';
import styles from './scorecard.module.css';
import { useMessages } from '../messages';

/**
 * The score on the picture, drawn by the player from the timeline at the picture's time (the
 * picture itself carries none, issue 21 §6). Decorative: the scorecard says the same to a screen
 * reader.
 */
export function ScoreOverlay({ state }: { state: TimelineState | null }) {
  const words = useMessages();
  const score = overlayScore(state);
  if (!score) return null;
  const { interruption } = matchPhase(state, words);
  const target = state?.scorecard?.target;
  const note = interruption ?? (target ? words.t('card.target', { target }) : null);
  return (
    <div className={styles.overlay} aria-hidden="true" data-testid="score-overlay">
      {score}
      {note ? <span className={styles.overlayNote}>{note}</span> : null}
    </div>
  );
}
