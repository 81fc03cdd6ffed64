import { useState } from 'react';
import type { ScreenProps, Subscription } from '@crease/contract';
import { Button, ScreenLink } from '@crease/ui';
import { FormAlert, useOutcome } from '@crease/ui/forms';
import { cancelSubscription } from '../../api/billing-client';
import { formatMinutes } from '../../format/formatters';
import { SUBSCRIPTION_STATE_LABELS } from '../../format/labels';
import { dateOf, messageOf } from './account-data';
import type { AccountData, ActionOutcome } from './account-data';
import { AccountSection } from './account-section';
import styles from '../account-screen.module.css';

/** "Active until …", "Trial ends on …": the plan's state and its date in local time. */
function dateLine(subscription: Subscription, end: string | null): string {
  switch (subscription.state) {
    case 'ACTIVE':
      return `Active until ${end}`;
    case 'TRIAL':
      return `Trial ends on ${end}`;
    case 'CANCELLED':
      return subscription.entitled ? `Cancelled: you can watch until ${end}` : `Ended on ${end}`;
    case 'EXPIRED':
      return `Ended on ${end}`;
    default:
      return 'Choose a plan or start a free trial to watch.';
  }
}

/** The plan, its state and dates, trial time left, and cancelling (asked twice). */
export function PlanSection({
  data,
  platform,
  navigate,
  onCancelled,
}: {
  data: AccountData;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
  onCancelled(subscription: Subscription): void;
}) {
  const { subscription } = data.statics;
  const { entitlement } = data;
  const end = dateOf(subscription.periodEnd);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { outcome, show } = useOutcome<ActionOutcome>();

  const cancel = async () => {
    setBusy(true);
    try {
      const next = await cancelSubscription(platform);
      setConfirming(false);
      onCancelled(next);
      show({
        tone: 'success',
        message: `Your plan is cancelled. You can keep watching until ${dateOf(next.periodEnd)}.`,
      });
    } catch (error) {
      show({ tone: 'error', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

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
      <p className={styles.muted}>{dateLine(subscription, end)}</p>
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
          {subscription.state === 'ACTIVE' ? 'Extend or change plan' : 'See the plans'}
        </ScreenLink>
        <ScreenLink to="/payment-history" navigate={navigate} className={styles.link}>
          Payment history
        </ScreenLink>
      </div>
      {subscription.state === 'ACTIVE' && !confirming ? (
        <Button variant="ghost" className={styles.cancel} onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      ) : null}
      {subscription.state === 'ACTIVE' && confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby="cancel-question">
          <p id="cancel-question" className={styles.confirmText}>
            Cancel your subscription? You keep watching until {end}; it will not renew after that.
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" busy={busy} onClick={() => void cancel()}>
              Yes, cancel
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
          </div>
        </div>
      ) : null}
    </AccountSection>
  );
}
