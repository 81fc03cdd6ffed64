import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { SandboxCardRequest } from '@crease/contract';
import { ProblemError, SANDBOX_TEST_CARDS } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { checkAll, useField } from '@crease/ui/forms';
import { submitCard } from '../../api/billing-client';
import { useIdempotencyKey } from '../../components/use-idempotency-key';
import {
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '../../payment/card-rules';
import { REFUSALS } from './step-props';
import type { StepProps } from './step-props';
import { useMessages } from '../../messages';
import { problemText } from '../../messages/problem-text';
import styles from '../secure-payment-screen.module.css';

/** Groups of four, as a card shows its number. */
const grouped = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox's test cards (one list, in the contract), shown as providers show them in test mode. */
const TEST_CARDS = (
  [
    [SANDBOX_TEST_CARDS.success, 'testCard.succeeds'],
    [SANDBOX_TEST_CARDS.requiresConfirmation, 'testCard.confirm'],
    [SANDBOX_TEST_CARDS.declined, 'testCard.declined'],
    [SANDBOX_TEST_CARDS.insufficientFunds, 'testCard.insufficientFunds'],
    [SANDBOX_TEST_CARDS.failsAtRenewal, 'testCard.failsAtRenewal'],
  ] as const
).map(([card, what]) => [grouped(card), what] as const);

const FIELD_CODES: Readonly<Record<string, 'number' | 'expiry' | 'cvc'>> = {
  CARD_NUMBER_INVALID: 'number',
  CARD_EXPIRED: 'expiry',
  CARD_EXPIRY_INVALID: 'expiry',
  CARD_CVC_INVALID: 'cvc',
};

/** The card step: a real form's checks before the card goes to the provider. */
export function CardForm({ session, platform, amount, onResult, onProblem }: StepProps) {
  const form = useRef<HTMLFormElement>(null);
  const words = useMessages();
  const { t } = words;
  const number = useField('cardnumber', (value) => cardNumberProblem(value, words), {
    format: formatCardNumber,
  });
  const expiry = useField('exp-date', (value) => expiryProblem(value, new Date(), words), {
    format: formatExpiry,
  });
  const cvc = useField('cvc', (value) => cvcProblem(value, number.value, words), {
    format: (value) => value.replace(/\D/g, '').slice(0, 4),
  });
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const keyFor = useIdempotencyKey();
  const fields = { number, expiry, cvc };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || !checkAll(form.current, [number, expiry, cvc])) return;
    const parsed = parseExpiry(expiry.value)!;
    const card: SandboxCardRequest = {
      number: cardDigits(number.value),
      expMonth: parsed.month,
      expYear: parsed.year,
      cvc: cvc.value,
      ...(name.trim() ? { name: name.trim() } : {}),
    };
    inFlight.current = true;
    setBusy(true);
    try {
      const result = await submitCard(platform, session.sessionId, card, keyFor(card));
      onResult(result);
      if (result.status === 'REQUIRES_CONFIRMATION') {
        inFlight.current = false;
        setBusy(false);
      }
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      const problem = error instanceof ProblemError ? error.problem : null;
      if (!problem) throw error;
      const field = FIELD_CODES[problem.code];
      if (field) {
        fields[field].setError(problemText(problem, words));
        const element = form.current?.elements.namedItem(fields[field].input.name);
        if (element instanceof HTMLElement) element.focus();
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
      if (problem.code === 'SESSION_ALREADY_PAID') {
        onResult({
          status: 'SUCCEEDED',
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
      aria-label={t('card.form')}
    >
      {session.lastFailure ? (
        <Alert tone="info" title={t('pay.lastAttempt')}>
          <p>{problemText(session.lastFailure, words)}</p>
        </Alert>
      ) : null}
      <TextField
        label={t('card.name')}
        name="ccname"
        autoComplete="cc-name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        {...number.input}
        label={t('card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
      />
      <div className={styles.row}>
        <TextField
          {...expiry.input}
          className={styles.half}
          label={t('card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
          maxLength={7}
        />
        <TextField
          {...cvc.input}
          className={styles.half}
          label={t('card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </div>
      <Button type="submit" className={styles.pay} busy={busy}>
        {busy ? t('pay.processing') : t('order.pay', { amount })}
      </Button>
      <details className={styles.testCards}>
        <summary>{t('testCard.summary')}</summary>
        <ul>
          {TEST_CARDS.map(([card, what]) => (
            <li key={card}>
              <code>{card}</code> {t(what)}
            </li>
          ))}
        </ul>
      </details>
    </form>
  );
}
