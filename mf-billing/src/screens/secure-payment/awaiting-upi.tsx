import { useEffect, useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import type { SandboxSessionView } from '@crease/contract';
import { Button, Spinner } from '@crease/ui';
import { cancelUpi } from '../../api/billing-client';
import type { StepProps } from './step-props';
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
      <p className={styles.bankName}>UPI · waiting for your app</p>
      <h2 id="upi-waiting-title" ref={heading} tabIndex={-1} className={styles.bankTitle}>
        Approve the request in your UPI app
      </h2>
      <Spinner label="Waiting for your UPI app…" />
      <p>
        We sent a request for <strong>{amount}</strong> to <strong>{session.vpa}</strong>. Open your
        UPI app and approve it.
      </p>
      <p>
        Nothing is charged until you approve it. If it does not arrive, go back and pay another way:
        the request is then withdrawn, so you are never charged twice.
      </p>
      <div className={styles.bankActions}>
        <Button variant="secondary" busy={busy} onClick={() => void back()}>
          Choose another way to pay
        </Button>
      </div>
    </section>
  );
}
