import type { ScreenProps, Subscription } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import { FormAlert, useOutcome } from '@crease/ui/forms';
import { formatMinutes } from '../../format/formatters';
import { SUBSCRIPTION_STATE_LABELS } from '../../format/labels';
import type { AccountData, ActionOutcome } from './account-data';
import { AccountSection } from './account-section';
import { PlanChangeOffer } from './plan-change-offer';
import { statusLine, statusNote } from './plan-status';
import { RenewalControls } from './renewal-controls';
import styles from '../account-screen.module.css';

/**
 * The plan, its state and dates, trial time left, and what the viewer can do with it: cancel or
 * resume renewal, change to another subscription. A pass shows when it ends and offers neither.
 */
export function PlanSection({
  data,
  platform,
  navigate,
  onChanged,
}: {
  data: AccountData;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
  onChanged(subscription: Subscription): void;
}) {
  const { subscription } = data.statics;
  const { entitlement } = data;
  const { outcome, show } = useOutcome<ActionOutcome>();
  const note = statusNote(subscription);
  const changeable =
    subscription.state === 'ACTIVE' &&
    subscription.kind === 'SUBSCRIPTION' &&
    subscription.renews &&
    subscription.renewalFailures === 0;

  return (
    <AccountSection id="account-plan" title="Plan">
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      <div className={styles.planLine}>
        <p className={styles.planName}>{subscription.planName ?? 'No plan yet'}</p>
        <span className={`${styles.state} ${styles[`state${subscription.state}`] ?? ''}`}>
          {SUBSCRIPTION_STATE_LABELS[subscription.state]}
        </span>
      </div>
      <p className={styles.muted}>{statusLine(subscription)}</p>
      {note ? <p className={styles.muted}>{note}</p> : null}
      {subscription.state === 'TRIAL' && entitlement ? (
        <dl className={styles.facts}>
          <div>
            <dt>Trial time left</dt>
            <dd>{formatMinutes((entitlement.trialSecondsLeft ?? 0) / 60)}</dd>
          </div>
          <div>
            <dt>Left today</dt>
            <dd>{formatMinutes((entitlement.trialTodaySecondsLeft ?? 0) / 60)}</dd>
          </div>
        </dl>
      ) : null}
      <div className={styles.actions}>
        <ScreenLink to="/plans" navigate={navigate} className={styles.link}>
          {subscription.state === 'ACTIVE' ? 'See all plans' : 'See the plans'}
        </ScreenLink>
        <ScreenLink to="/payment-history" navigate={navigate} className={styles.link}>
          Payment history
        </ScreenLink>
      </div>
      {changeable ? (
        <PlanChangeOffer
          subscription={subscription}
          platform={platform}
          onChanged={onChanged}
          show={show}
        />
      ) : null}
      <RenewalControls
        subscription={subscription}
        platform={platform}
        onChanged={onChanged}
        show={show}
      />
    </AccountSection>
  );
}
