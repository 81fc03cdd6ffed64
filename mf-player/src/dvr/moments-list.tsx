import type { Moment } from '../match/key-moments';
import { clockText } from '../playback/seek-window';
import styles from './dvr.module.css';
import { useMessages } from '../messages';

/**
 * The key moments beside the player, newest first; pressing one plays from a few seconds before
 * it. Spoiler-free says that later ones are hidden, never how many.
 */
export function MomentsList({
  moments,
  hidingLater,
  onMoment,
}: {
  moments: readonly Moment[];
  hidingLater: boolean;
  onMoment(moment: Moment): void;
}) {
  const { t, locale } = useMessages();
  return (
    <section className={styles.moments} aria-labelledby="key-moments-title">
      <h2 id="key-moments-title" className={styles.momentsTitle}>
        {t('moments.title')}
      </h2>
      {moments.length ? (
        <ol className={styles.momentList} reversed>
          {[...moments].reverse().map((moment) => (
            <li key={moment.seq}>
              <button
                type="button"
                className={styles.momentButton}
                onClick={() => onMoment(moment)}
              >
                <span className={styles.momentTag} aria-hidden="true">
                  {t(`tag.${moment.kind}`)}
                </span>
                <span>{moment.label}</span>
                <time className={styles.momentTime} dateTime={new Date(moment.at).toISOString()}>
                  {clockText(moment.at, locale)}
                </time>
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.note}>{t('moments.none')}</p>
      )}
      {hidingLater ? <p className={styles.note}>{t('moments.hidingLater')}</p> : null}
    </section>
  );
}
