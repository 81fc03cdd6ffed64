import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ProblemError, SANDBOX_TEST_VPAS } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { submitUpi } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import { REFUSALS } from './step-props';
import type { StepProps } from './step-props';
import { useMessages } from '../../messages';
import { problemText } from '../../messages/problem-text';
import styles from '../secure-payment-screen.module.css';

/** A UPI ID as NPCI writes it: a handle, @, the bank or app (checked again by the provider). */
const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/i;

const TEST_VPAS = [
  [SANDBOX_TEST_VPAS.success, 'testVpa.approves'],
  [SANDBOX_TEST_VPAS.failure, 'testVpa.declines'],
  [SANDBOX_TEST_VPAS.neverAnswers, 'testVpa.neverAnswers'],
] as const;

/**
 * The UPI step (issue 34 §2): the viewer's UPI ID gets a collect request; their UPI app
 * approves, declines, or does not answer. A subscription then asks to approve UPI AutoPay.
 */
export function UpiForm({ session, platform, amount, onResult, onProblem }: StepProps) {
  const form = useRef<HTMLFormElement>(null);
  const words = useMessages();
  const { t } = words;
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
      setError(t('upi.invalid'));
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
        setError(problemText(problem, words));
        focusField();
        return;
      }
      if (REFUSALS.has(problem.code)) {
        onResult({
          status: 'FAILED',
          failureCode: null,
          message: problemText(problem, words),
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
      aria-label={t('upi.form')}
    >
      {session.lastFailure ? (
        <Alert tone="info" title={t('pay.lastAttempt')}>
          <p>{problemText(session.lastFailure, words)}</p>
        </Alert>
      ) : null}
      <TextField
        label={t('upi.id')}
        name="vpa"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('upi.placeholder')}
        hint={t('upi.hint')}
        error={error ?? undefined}
        value={vpa}
        onChange={(event) => setVpa(event.target.value)}
      />
      <Button type="submit" className={styles.pay} busy={busy}>
        {busy
          ? t('upi.sending')
          : session.savesCard
            ? t('upi.setUpAutopay', { amount })
            : t('upi.pay', { amount })}
      </Button>
      <details className={styles.testCards}>
        <summary>{t('testVpa.summary')}</summary>
        <ul>
          {TEST_VPAS.map(([id, what]) => (
            <li key={id}>
              <code>{id}</code> {t(what)}
            </li>
          ))}
        </ul>
      </details>
    </form>
  );
}
