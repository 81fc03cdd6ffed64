import { useEffect, useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import { Button } from '@crease/ui';
import { confirmPayment } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import { REFUSALS } from './step-props';
import type { StepProps } from './step-props';
import { useMessages } from '../../messages';
import { problemText } from '../../messages/problem-text';
import styles from '../secure-payment-screen.module.css';

/** The 3-D-Secure-style step: the "bank" asks the viewer to approve this one payment. */
export function ConfirmStep({ session, platform, amount, onResult, onProblem }: StepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const words = useMessages();
  const { t, rich } = words;
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null);
  const keyFor = useIdempotencyKey();
  useEffect(() => heading.current?.focus(), []);

  const answer = async (approve: boolean) => {
    if (busy) return;
    setBusy(approve ? 'approve' : 'refuse');
    try {
      onResult(await confirmPayment(platform, session.sessionId, approve, keyFor({ approve })));
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      if (REFUSALS.has(error.problem.code)) {
        onResult({
          status: 'FAILED',
          failureCode: null,
          message: problemText(error.problem, words),
          returnUrl: session.returnUrl,
        });
        return;
      }
      setBusy(null);
      onProblem(error.problem);
    }
  };

  if (session.confirming === 'UPI_MANDATE')
    return (
      <section className={styles.bank} aria-labelledby="bank-title">
        <p className={styles.bankName}>{t('mandate.eyebrow', { vpa: session.vpa ?? '' })}</p>
        <h2 id="bank-title" ref={heading} tabIndex={-1} className={styles.bankTitle}>
          {t('mandate.title')}
        </h2>
        <p>
          {rich('mandate.text', {
            merchant: session.merchant,
            amount,
            strong: (chunks) => <strong key="amount">{chunks}</strong>,
          })}
        </p>
        <div className={styles.bankActions}>
          <Button
            busy={busy === 'approve'}
            disabled={busy !== null}
            onClick={() => void answer(true)}
          >
            {t('mandate.approve')}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'refuse'}
            disabled={busy !== null}
            onClick={() => void answer(false)}
          >
            {t('mandate.decline')}
          </Button>
        </div>
      </section>
    );

  return (
    <section className={styles.bank} aria-labelledby="bank-title">
      <p className={styles.bankName}>{t('bank.name')}</p>
      <h2 id="bank-title" ref={heading} tabIndex={-1} className={styles.bankTitle}>
        {t('bank.title')}
      </h2>
      <p>
        {rich('bank.text', {
          merchant: session.merchant,
          amount,
          strong: (chunks) => <strong key="amount">{chunks}</strong>,
        })}
      </p>
      <div className={styles.bankActions}>
        <Button
          busy={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => void answer(true)}
        >
          {t('bank.confirm')}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'refuse'}
          disabled={busy !== null}
          onClick={() => void answer(false)}
        >
          {t('bank.cancel')}
        </Button>
      </div>
    </section>
  );
}
