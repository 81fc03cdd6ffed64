import { useState } from 'react';
import type { ScreenProps, Subscription } from '@crease/contract';
import { Button } from '@crease/ui';
import { cancelSubscription, resumeSubscription } from '../../api/billing-client';
import { dateOf, messageOf } from './account-data';
import type { ActionOutcome } from './account-data';
import styles from '../account-screen.module.css';

/**
 * Cancel (asked twice) turns a subscription's renewal off and keeps access to the period end;
 * Resume turns it back on before then. A pass never renews, so it offers neither.
 */
export function RenewalControls({
  subscription,
  platform,
  onChanged,
  show,
}: {
  subscription: Subscription;
  platform: ScreenProps['platform'];
  onChanged(subscription: Subscription): void;
  show(outcome: ActionOutcome): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const end = dateOf(subscription.periodEnd);
  const cancellable = subscription.state === 'ACTIVE' && subscription.renews;
  const resumable =
    subscription.state === 'CANCELLED' &&
    subscription.entitled &&
    subscription.kind === 'SUBSCRIPTION';

  const act = async (action: 'cancel' | 'resume') => {
    setBusy(true);
    try {
      const next =
        action === 'cancel'
          ? await cancelSubscription(platform)
          : await resumeSubscription(platform);
      setConfirming(false);
      onChanged(next);
      show({
        tone: 'success',
        message:
          action === 'cancel'
            ? `Your plan is cancelled. You can keep watching until ${dateOf(next.periodEnd)}.`
            : `Renewal is back on. Your plan renews on ${dateOf(next.periodEnd)}.`,
      });
    } catch (error) {
      show({ tone: 'error', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  if (resumable)
    return (
      <Button variant="secondary" busy={busy} onClick={() => void act('resume')}>
        Resume subscription
      </Button>
    );
  if (!cancellable) return null;
  if (!confirming)
    return (
      <Button variant="ghost" className={styles.cancel} onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
    );
  return (
    <div className={styles.confirm} role="group" aria-labelledby="cancel-question">
      <p id="cancel-question" className={styles.confirmText}>
        Cancel your subscription? You keep watching until {end}; it will not renew after that and
        your card is not charged again.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy} onClick={() => void act('cancel')}>
          Yes, cancel
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
          Keep my plan
        </Button>
      </div>
    </div>
  );
}
