import { useState } from 'react';
import type { ScreenProps, Subscription } from '@crease/contract';
import { Button } from '@crease/ui';
import { cancelSubscription, resumeSubscription } from '../../api/billing-client';
import { dateOf, messageOf } from './account-data';
import type { ActionOutcome } from './account-data';
import { useWords } from '../../format/use-format';
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
  const words = useWords();
  const { t } = words;
  const end = dateOf(subscription.periodEnd, words) ?? '';
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
            ? t('renewal.cancelled', { end: dateOf(next.periodEnd, words) ?? '' })
            : t('renewal.resumed', { end: dateOf(next.periodEnd, words) ?? '' }),
      });
    } catch (error) {
      show({ tone: 'error', message: messageOf(error, words) });
    } finally {
      setBusy(false);
    }
  };

  if (resumable)
    return (
      <Button variant="secondary" busy={busy} onClick={() => void act('resume')}>
        {t('renewal.resume')}
      </Button>
    );
  if (!cancellable) return null;
  if (!confirming)
    return (
      <Button variant="ghost" className={styles.cancel} onClick={() => setConfirming(true)}>
        {t('renewal.cancel')}
      </Button>
    );
  return (
    <div className={styles.confirm} role="group" aria-labelledby="cancel-question">
      <p id="cancel-question" className={styles.confirmText}>
        {t('renewal.question', { end })}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy} onClick={() => void act('cancel')}>
          {t('renewal.yes')}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
          {t('renewal.keep')}
        </Button>
      </div>
    </div>
  );
}
