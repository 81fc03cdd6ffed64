import type { ScreenProps, TrialOffer } from '@crease/contract';
import { formatDuration, formatMinutes } from '../../format/formatters';
import styles from '../plans-screen.module.css';

/** The free trial, offered while the account (and this device) may take one. */
export function TrialOfferCard({
  trial,
  navigate,
}: {
  trial: TrialOffer;
  navigate: ScreenProps['navigate'];
}) {
  const { days, overallMinutes, dailyMinutes } = trial.limits;
  return (
    <section className={styles.trial} aria-labelledby="trial-offer-title">
      <div>
        <h2 id="trial-offer-title" className={styles.trialTitle}>
          New here? Watch free for {formatDuration(days)}
        </h2>
        <p className={styles.trialText}>
          {formatMinutes(overallMinutes)} of live cricket in total, up to{' '}
          {formatMinutes(dailyMinutes)} a day. No card needed, and nothing is charged when it ends.
        </p>
      </div>
      <a
        href="/trial-activation"
        className={styles.trialButton}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          navigate('/trial-activation');
        }}
      >
        Start free trial
      </a>
    </section>
  );
}
