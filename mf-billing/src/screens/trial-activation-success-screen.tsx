import type { ScreenProps } from '@crease/contract';
import { getEntitlement } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { formatDate, formatMinutes } from '../format/formatters';
import styles from './payment-screens.module.css';

/** /trial-activation-success: the trial is on; how much of it there is; on to the events. */
export function TrialActivationSuccessScreen({ platform, navigate }: ScreenProps) {
  const { resource, retry } = useResource(() => getEntitlement(platform), []);
  const onTrial = resource.state === 'ready' && resource.data.state === 'TRIAL';
  return (
    <ScreenFrame
      width="narrow"
      titleId="trial-success-title"
      eyebrow="Free trial"
      title={onTrial ? 'Your free trial has started' : 'Free trial'}
    >
      {resource.state === 'loading' ? <Loading label="Loading your trial…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="your trial" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && !onTrial ? (
        <EmptyState
          title="You are not on a free trial"
          action={
            <ScreenLink to="/trial-activation" navigate={navigate}>
              About the free trial
            </ScreenLink>
          }
        />
      ) : null}
      {resource.state === 'ready' && onTrial ? (
        <div className={styles.card} role="status">
          <div className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true">
            ✓
          </div>
          <p className={styles.cardTitle}>Enjoy the cricket</p>
          <dl className={styles.summary}>
            {resource.data.trialSecondsLeft !== null ? (
              <div>
                <dt>Watching time left</dt>
                <dd>{formatMinutes(resource.data.trialSecondsLeft / 60)}</dd>
              </div>
            ) : null}
            {resource.data.trialTodaySecondsLeft !== null ? (
              <div>
                <dt>Left today</dt>
                <dd>{formatMinutes(resource.data.trialTodaySecondsLeft / 60)}</dd>
              </div>
            ) : null}
            {resource.data.periodEnd ? (
              <div>
                <dt>Trial ends</dt>
                <dd>{formatDate(new Date(resource.data.periodEnd))}</dd>
              </div>
            ) : null}
          </dl>
          <ScreenLink to="/events" navigate={navigate} className={styles.primaryLink}>
            Watch live cricket
          </ScreenLink>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
