import styles from './event-card.module.css';

export interface BehindLiveNoteProps {
  /** The picture's time (ms). */
  pictureTime: number;
  /** The state at that time is known (false: still loading, or it could not be read). */
  known: boolean;
  revealed: boolean;
  id: string;
}

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Says why the card shows an older score: the viewer's picture is behind live (decision 226). */
export function BehindLiveNote({ pictureTime, known, revealed, id }: BehindLiveNoteProps) {
  return (
    <p id={id} className={styles.behindLive}>
      {revealed
        ? 'Live score shown. You are watching behind live.'
        : known
          ? `You are watching behind live: the score as of ${clock(pictureTime)} in your picture.`
          : 'You are watching behind live: the live score is hidden.'}
    </p>
  );
}
