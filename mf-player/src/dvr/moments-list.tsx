import type { Moment } from '../match/key-moments';
import { MOMENT_TAGS } from '../match/key-moments';
import { clockText } from '../playback/seek-window';
import styles from './dvr.module.css';

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
  return (
    <section className={styles.moments} aria-labelledby="key-moments-title">
      <h2 id="key-moments-title" className={styles.momentsTitle}>
        Key moments
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
                  {MOMENT_TAGS[moment.kind]}
                </span>
                <span>{moment.label}</span>
                <time className={styles.momentTime} dateTime={new Date(moment.at).toISOString()}>
                  {clockText(moment.at)}
                </time>
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.note}>No key moments yet.</p>
      )}
      {hidingLater ? (
        <p className={styles.note}>Spoiler-free: moments after the picture are hidden.</p>
      ) : null}
    </section>
  );
}
