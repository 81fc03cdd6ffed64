import { useEffect, useState } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Button, Spinner } from '@crease/ui';
import { getCheckout, getEntitlement } from '../api/billing-client';
import { problemOf } from '@crease/contract';
import type { Problem } from '@crease/contract';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { outcomePath } from './payment-paths';
import { useMessages } from '../messages';
import { problemText } from '../messages/problem-text';
import styles from './payment-screens.module.css';

/** Between two looks at the checkout: the provider's webhook usually lands within a second. */
export const POLL_INTERVAL_MS = 1000;
/** After this many looks the screen says it is taking longer and stops asking on its own. */
export const POLL_ATTEMPTS = 45;
/** Consecutive failed looks (the shell has already retried each) before the error state. */
const FAILED_LOOKS = 3;

type Waiting = { state: 'polling' } | { state: 'slow' } | { state: 'failed'; problem: Problem };

export interface ConfirmingPaymentProps extends ScreenProps {
  checkoutId: string;
  /**
   * The provider took the card: wait for PAID, since a FAILED status can be the webhook of an
   * earlier attempt on the same session.
   */
  expectPaid: boolean;
}

/**
 * "Confirming your payment". Money is confirmed by the provider's signed webhook to the API,
 * never by the browser (docs/architecture.md §8): this screen only watches the checkout and the
 * entitlement until the API says the plan is active (success) or the payment failed (fail).
 */
export function ConfirmingPayment({
  platform,
  navigate,
  checkoutId,
  expectPaid,
}: ConfirmingPaymentProps) {
  const words = useMessages();
  const { t } = words;
  const [waiting, setWaiting] = useState<Waiting>({ state: 'polling' });
  const [round, setRound] = useState(0);
  const lookAgain = () => {
    setWaiting({ state: 'polling' });
    setRound((n) => n + 1);
  };

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let looks = 0;
    let failedLooks = 0;
    const again = () => {
      looks += 1;
      if (looks >= POLL_ATTEMPTS) setWaiting({ state: 'slow' });
      else timer = setTimeout(() => void look(), POLL_INTERVAL_MS);
    };
    const look = async () => {
      try {
        const checkout = await getCheckout(platform, checkoutId);
        if (stopped) return;
        failedLooks = 0;
        if (checkout.status === 'PAID') {
          // A paid pass plays its match at once (granted with the payment); it is no plan, so
          // the account-wide entitlement does not change for it (decision 453).
          const entitled = checkout.pass ? true : (await getEntitlement(platform)).entitled;
          if (stopped) return;
          if (entitled) {
            platform.analytics.track({
              name: 'purchase',
              properties: { planId: checkout.planId, amount: checkout.amount },
            });
            navigate(outcomePath('success', checkoutId), { replace: true });
            return;
          }
        } else if (
          checkout.status === 'EXPIRED' ||
          (checkout.status === 'FAILED' && (!expectPaid || looks >= POLL_ATTEMPTS - 1))
        ) {
          navigate(outcomePath('fail', checkoutId), { replace: true });
          return;
        }
        again();
      } catch (error) {
        const problem = await problemOf(error);
        if (stopped) return;
        failedLooks += 1;
        // Not ours, or gone: nothing will ever land, so say so instead of waiting.
        if (problem.status === 404 || failedLooks >= FAILED_LOOKS) {
          setWaiting({ state: 'failed', problem });
          return;
        }
        again();
      }
    };
    void look();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [platform, navigate, checkoutId, expectPaid, round]);

  return (
    <ScreenFrame
      width="narrow"
      titleId="confirming-title"
      eyebrow={t('checkout.eyebrow')}
      title={t('confirming.title')}
    >
      <div className={styles.card}>
        {waiting.state === 'polling' ? (
          <>
            <Spinner label={t('confirming.waiting')} />
            <p className={styles.muted}>{t('confirming.keepOpen')}</p>
          </>
        ) : null}
        {waiting.state === 'slow' ? (
          <div role="status">
            <p className={styles.cardTitle}>{t('confirming.slow')}</p>
            <p className={styles.muted}>{t('confirming.slowText')}</p>
            <div className={styles.actions}>
              <Button onClick={lookAgain}>{t('confirming.checkAgain')}</Button>
              <ScreenLink to="/payment-history" navigate={navigate}>
                {t('nav.paymentHistory')}
              </ScreenLink>
            </div>
          </div>
        ) : null}
        {waiting.state === 'failed' ? (
          <div role="alert">
            <p className={styles.cardTitle}>{t('confirming.failed')}</p>
            <p className={styles.muted}>{problemText(waiting.problem, words)}</p>
            <div className={styles.actions}>
              <Button onClick={lookAgain}>{t('action.retry')}</Button>
              <ScreenLink to="/plans" navigate={navigate}>
                {t('nav.backToPlans')}
              </ScreenLink>
            </div>
          </div>
        ) : null}
      </div>
    </ScreenFrame>
  );
}
