import type { ScreenProps } from '@crease/contract';
import { getEntitlement } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { useWords } from '../format/use-format';
import styles from './payment-screens.module.css';

/** /trial-activation-success: the trial is on; how much of it there is; on to the events. */
export function TrialActivationSuccessScreen({ platform, navigate }: ScreenProps) {
  const { resource, retry } = useResource(() => getEntitlement(platform), []);
  const onTrial = resource.state === 'ready' && resource.data.state === 'TRIAL';
  const { t, minutes, date } = useWords();
  return (
    <ScreenFrame
      width="narrow"
      titleId="trial-success-title"
      eyebrow={t('trial.eyebrow')}
      title={onTrial ? t('trialStarted.title') : t('trial.eyebrow')}
    >
      {resource.state === 'loading' ? <Loading label={t('trialStarted.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('trialStarted.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && !onTrial ? (
        <EmptyState
          title={t('trialStarted.notOnTrial')}
          action={
            <ScreenLink to="/trial-activation" navigate={navigate}>
              {t('trialStarted.about')}
            </ScreenLink>
          }
        />
      ) : null}
      {resource.state === 'ready' && onTrial ? (
        <div className={styles.card} role="status">
          <div className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true">
            ✓
          </div>
          <p className={styles.cardTitle}>{t('trialStarted.enjoy')}</p>
          <dl className={styles.summary}>
            {resource.data.trialSecondsLeft !== null ? (
              <div>
                <dt>{t('trialStarted.left')}</dt>
                <dd>{minutes(resource.data.trialSecondsLeft / 60)}</dd>
              </div>
            ) : null}
            {resource.data.trialTodaySecondsLeft !== null ? (
              <div>
                <dt>{t('trialStarted.leftToday')}</dt>
                <dd>{minutes(resource.data.trialTodaySecondsLeft / 60)}</dd>
              </div>
            ) : null}
            {resource.data.periodEnd ? (
              <div>
                <dt>{t('trialStarted.ends')}</dt>
                <dd>{date(resource.data.periodEnd)}</dd>
              </div>
            ) : null}
          </dl>
          <ScreenLink to="/events" navigate={navigate} className={styles.primaryLink}>
            {t('nav.watchLive')}
          </ScreenLink>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
