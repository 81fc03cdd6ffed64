import type { CatalogEvent } from '@crease/contract';
import { playedOnText } from './match-time';
import { useMessages } from '../messages';
import styles from './event-card.module.css';

export interface FinishedDetailsProps {
  event: CatalogEvent;
  /** A replay keeps its result to itself until the viewer asks (decision 227). */
  hidden: boolean;
  /** The result's element id (the spoiler toggle controls it). */
  resultId: string;
}

/** A finished match: its result (or "Result hidden" on a replay) and the day it was played. */
export function FinishedDetails({ event, hidden, resultId }: FinishedDetailsProps) {
  const words = useMessages();
  return (
    <>
      {hidden ? (
        <p id={resultId} className={styles.muted}>
          {words.t('card.resultHidden')}
        </p>
      ) : (
        <p id={resultId} className={styles.result}>
          {event.result ?? words.t(`status.${event.status}`)}
        </p>
      )}
      <p className={styles.muted}>
        <time dateTime={event.startTime}>{playedOnText(event.startTime, undefined, words)}</time>
      </p>
    </>
  );
}
