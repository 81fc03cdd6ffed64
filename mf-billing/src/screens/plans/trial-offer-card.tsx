import type { ScreenProps, TrialOffer } from '@crease/contract';
import { useWords } from '../../format/use-format';
import styles from '../plans-screen.module.css';

/** The free trial, offered while the account (and this device) may take one. */
export function TrialOfferCard({
  trial,
  navigate,
}: {
  trial: TrialOffer;
  navigate: ScreenProps['navigate'];
}) {
  const { t, duration, minutes } = useWords();
  const { days, overallMinutes, dailyMinutes } = trial.limits;
  return (
    <section className={styles.trial} aria-labelledby="trial-offer-title">
      <div>
        <h2 id="trial-offer-title" className={styles.trialTitle}>
          {t('trialOffer.title', { period: duration(days) })}
        </h2>
        <p className={styles.trialText}>
          {t('trialOffer.text', { overall: minutes(overallMinutes), daily: minutes(dailyMinutes) })}
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
        {t('trialOffer.start')}
      </a>
    </section>
  );
}
