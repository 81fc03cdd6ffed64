import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ProblemError, SANDBOX_TEST_VPAS } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { submitUpi } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import { REFUSALS } from './step-props';
import type { StepProps } from './step-props';
import styles from '../secure-payment-screen.module.css';

/** A UPI ID as NPCI writes it: a handle, @, the bank or app (checked again by the provider). */
const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/i;

const TEST_VPAS: ReadonlyArray<readonly [vpa: string, what: string]> = [
  [SANDBOX_TEST_VPAS.success, 'approves'],
  [SANDBOX_TEST_VPAS.failure, 'declines'],
  [SANDBOX_TEST_VPAS.neverAnswers, 'never answers (you can go back and pay another way)'],
];

/**
 * The UPI step (issue 34 §2): the viewer's UPI ID gets a collect request; their UPI app
 * approves, declines, or does not answer. A subscription then asks to approve UPI AutoPay.
 */
export function UpiForm({ session, platform, amount, onResult, onProblem }: StepProps) {
  const form = useRef<HTMLFormElement>(null);
  const focusField = () => {
    const field = form.current?.elements.namedItem('vpa');
    if (field instanceof HTMLElement) field.focus();
  };
  const [vpa, setVpa] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keyFor = useIdempotencyKey();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = vpa.trim();
    if (!VPA.test(value)) {
      setError('Enter your UPI ID, like name@bank (for example success@razorpay).');
      focusField();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onResult(await submitUpi(platform, session.sessionId, value, keyFor({ vpa: value })));
      setBusy(false);
    } catch (caught) {
      setBusy(false);
      const problem = caught instanceof ProblemError ? caught.problem : null;
      if (!problem) throw caught;
      if (problem.code === 'VPA_INVALID') {
        setError(problem.message);
        focusField();
        return;
      }
      if (REFUSALS.has(problem.code)) {
        onResult({
          status: 'FAILED',
          failureCode: null,
          message: problem.message,
          returnUrl: session.returnUrl,
        });
        return;
      }
      onProblem(problem);
    }
  };

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={onSubmit}
      aria-label="UPI payment"
    >
      {session.lastFailure ? (
        <Alert tone="info" title="Your last attempt did not go through">
          <p>{session.lastFailure.message}</p>
        </Alert>
      ) : null}
      <TextField
        label="UPI ID"
        name="vpa"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="name@bank"
        hint="We send a request to your UPI app. Approve it there."
        error={error ?? undefined}
        value={vpa}
        onChange={(event) => setVpa(event.target.value)}
      />
      <Button type="submit" className={styles.pay} busy={busy}>
        {busy
          ? 'Sending…'
          : session.savesCard
            ? `Set up UPI AutoPay · ${amount}`
            : `Pay ${amount} by UPI`}
      </Button>
      <details className={styles.testCards}>
        <summary>Test UPI IDs</summary>
        <ul>
          {TEST_VPAS.map(([id, what]) => (
            <li key={id}>
              <code>{id}</code> {what}
            </li>
          ))}
        </ul>
      </details>
    </form>
  );
}
