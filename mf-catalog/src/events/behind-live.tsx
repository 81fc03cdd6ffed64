import { useMessages } from '../messages';
import styles from './event-card.module.css';

export interface BehindLiveNoteProps {
  /** The picture's time (ms). */
  pictureTime: number;
  /** The state at that time is known (false: still loading, or it could not be read). */
  known: boolean;
  revealed: boolean;
  id: string;
}

/** Says why the card shows an older score: the viewer's picture is behind live (decision 226). */
export function BehindLiveNote({ pictureTime, known, revealed, id }: BehindLiveNoteProps) {
  const { t, date } = useMessages();
  return (
    <p id={id} className={styles.behindLive}>
      {revealed
        ? t('card.behindRevealed')
        : known
          ? t('card.behindKnown', {
              time: date(new Date(pictureTime), { hour: '2-digit', minute: '2-digit' }),
            })
          : t('card.behindHidden')}
    </p>
  );
}
