import { useEffect, useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import type { SandboxSessionView } from '@crease/contract';
import { Button, Spinner } from '@crease/ui';
import { cancelUpi } from '../../api/billing-client';
import type { StepProps } from './step-props';
import { useMessages } from '../../messages';
import styles from '../secure-payment-screen.module.css';

/**
 * A UPI request sent and not answered (it may never be): the viewer sees that we wait for their
 * UPI app, that nothing is charged meanwhile, and can go back to pay another way. Going back
 * gives up the request at the provider first, so it can never take money later.
 */
export function AwaitingUpi({
  session,
  platform,
  amount,
  onProblem,
  onBack,
}: Omit<StepProps, 'onResult'> & { onBack(session: SandboxSessionView): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t, rich } = useMessages();
  const [busy, setBusy] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const back = async () => {
    if (busy) return;
    setBusy(true);
    try {
      onBack(await cancelUpi(platform, session.sessionId));
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ProblemError)) throw error;
      onProblem(error.problem);
    }
  };

  return (
    <section className={styles.bank} aria-labelledby="upi-waiting-title">
      <p className={styles.bankName}>{t('upiWait.eyebrow')}</p>
      <h2 id="upi-waiting-title" ref={heading} tabIndex={-1} className={styles.bankTitle}>
        {t('upiWait.title')}
      </h2>
      <Spinner label={t('upiWait.spinner')} />
      <p>
        {rich('upiWait.sent', {
          amount,
          vpa: session.vpa ?? '',
          strong: (chunks) => <strong key={String(chunks)}>{chunks}</strong>,
        })}
      </p>
      <p>{t('upiWait.nothingCharged')}</p>
      <div className={styles.bankActions}>
        <Button variant="secondary" busy={busy} onClick={() => void back()}>
          {t('upiWait.back')}
        </Button>
      </div>
    </section>
  );
}
