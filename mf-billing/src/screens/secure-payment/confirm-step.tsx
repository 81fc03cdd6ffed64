import { useEffect, useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import { Button } from '@crease/ui';
import { confirmPayment } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import { REFUSALS } from './step-props';
import type { StepProps } from './step-props';
import styles from '../secure-payment-screen.module.css';

/** The 3-D-Secure-style step: the "bank" asks the viewer to approve this one payment. */
export function ConfirmStep({ session, platform, amount, onResult, onProblem }: StepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
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
          message: error.problem.message,
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
        <p className={styles.bankName}>UPI AutoPay · {session.vpa}</p>
        <h2 id="bank-title" ref={heading} tabIndex={-1} className={styles.bankTitle}>
          Approve UPI AutoPay
        </h2>
        <p>
          Approve a UPI AutoPay mandate to {session.merchant}: <strong>{amount}</strong> today, then
          the renewal price shown before each renewal. We mail you at least 24 hours before each
          debit, with a link to cancel. A debit over ₹15,000 always asks for your approval.
        </p>
        <div className={styles.bankActions}>
          <Button
            busy={busy === 'approve'}
            disabled={busy !== null}
            onClick={() => void answer(true)}
          >
            Approve AutoPay and pay
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'refuse'}
            disabled={busy !== null}
            onClick={() => void answer(false)}
          >
            Decline
          </Button>
        </div>
      </section>
    );

  return (
    <section className={styles.bank} aria-labelledby="bank-title">
      <p className={styles.bankName}>Crease Test Bank · secure check</p>
      <h2 id="bank-title" ref={heading} tabIndex={-1} className={styles.bankTitle}>
        Confirm this payment
      </h2>
      <p>
        Your bank asks you to confirm a payment of <strong>{amount}</strong> to {session.merchant}.
      </p>
      <div className={styles.bankActions}>
        <Button
          busy={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => void answer(true)}
        >
          Confirm payment
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'refuse'}
          disabled={busy !== null}
          onClick={() => void answer(false)}
        >
          Cancel payment
        </Button>
      </div>
    </section>
  );
}
