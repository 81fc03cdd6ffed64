import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type {
  SandboxCardRequest,
  SandboxPaymentResult,
  SandboxSessionView,
  ScreenProps,
} from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { confirmPayment, getSandboxSession, submitCard } from '../api/billing-client';
import { ProblemError } from '@crease/contract';
import type { Problem } from '@crease/contract';
import { FormAlert } from '@crease/ui/forms';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { checkAll, useField } from '@crease/ui/forms';
import { useIdempotencyKey } from '../components/use-idempotency-key';
import { useResource } from '../components/use-resource';
import { formatMoney } from '../format/formatters';
import {
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '../payment/card-rules';
import { PAYMENT_QUERY, expectingPaid, followRedirect, sitePath } from './payment-paths';
import styles from './secure-payment-screen.module.css';

/** The sandbox's well-known test cards, shown the way providers show them in test mode. */
const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0027 6000 3184', 'asks you to confirm with your bank'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0000 0000 9995', 'fails: insufficient funds'],
] as const;

/**
 * /secure-payment?session=…: the sandbox payment provider's hosted card page. It validates the
 * card (Luhn, expiry, CVC) before sending it, hands it to the provider, runs the provider's
 * 3-D-Secure-style confirmation step when asked, and then returns to the provider's returnUrl.
 * It never decides that the payment succeeded: the provider's webhook to the API does.
 */
export function SecurePaymentScreen({ platform, navigate, location }: ScreenProps) {
  const sessionId = new URLSearchParams(location.search).get(PAYMENT_QUERY.session);
  const { resource, retry } = useResource(
    () => (sessionId ? getSandboxSession(platform, sessionId) : Promise.resolve(null)),
    [sessionId],
  );
  return (
    <ScreenFrame
      width="narrow"
      titleId="secure-payment-title"
      eyebrow="Secure payment · test mode"
      title="Pay by card"
    >
      {resource.state === 'loading' ? <Loading label="Opening the secure payment page…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="the payment page" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && resource.data === null ? (
        <EmptyState
          title="There is no payment to make here"
          action={
            <ScreenLink to="/plans" navigate={navigate}>
              See the plans
            </ScreenLink>
          }
        >
          <p>This page opens from a plan’s Pay button.</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data ? (
        <HostedCardPage session={resource.data} platform={platform} navigate={navigate} />
      ) : null}
    </ScreenFrame>
  );
}

type Step = 'card' | 'confirm';

function HostedCardPage({
  session,
  platform,
  navigate,
}: {
  session: SandboxSessionView;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
}) {
  const [step, setStep] = useState<Step>(
    session.status === 'REQUIRES_CONFIRMATION' ? 'confirm' : 'card',
  );
  const [problem, setProblem] = useState<{ problem: Problem; revision: number } | null>(null);
  const fail = useCallback(
    (next: Problem) =>
      setProblem((previous) => ({ problem: next, revision: (previous?.revision ?? 0) + 1 })),
    [],
  );
  const amount = formatMoney(session.amount, session.currency);

  /** The provider's answer decides where the browser goes; the webhook decides the plan. */
  const finish = useCallback(
    (result: SandboxPaymentResult) => {
      if (result.status === 'REQUIRES_CONFIRMATION') setStep('confirm');
      else if (result.status === 'SUCCEEDED')
        followRedirect(expectingPaid(result.returnUrl), navigate);
      else followRedirect(result.returnUrl, navigate);
    },
    [navigate],
  );

  if (session.status === 'SUCCEEDED') {
    return (
      <Alert tone="success" title="This payment is already complete">
        <p>
          <ScreenLink to={sitePath(expectingPaid(session.returnUrl))} navigate={navigate}>
            Continue
          </ScreenLink>
        </p>
      </Alert>
    );
  }
  if (session.status === 'EXPIRED') {
    return (
      <EmptyState
        title="This payment page has expired"
        action={
          <ScreenLink to="/plans" navigate={navigate}>
            Start again from the plans
          </ScreenLink>
        }
      >
        <p>Nothing was charged. Choose your plan again to get a new payment page.</p>
      </EmptyState>
    );
  }

  return (
    <div className={styles.provider}>
      <div className={styles.merchant}>
        <p className={styles.merchantName}>{session.merchant}</p>
        <p className={styles.description}>{session.description}</p>
        <p className={styles.amount}>{amount}</p>
      </div>
      {problem ? (
        <FormAlert tone="error" title="Payment not taken" revision={problem.revision}>
          <p>{problem.problem.message}</p>
        </FormAlert>
      ) : null}
      {step === 'card' ? (
        <CardForm
          session={session}
          platform={platform}
          amount={amount}
          onResult={finish}
          onProblem={fail}
        />
      ) : (
        <ConfirmStep
          session={session}
          platform={platform}
          amount={amount}
          onResult={finish}
          onProblem={fail}
        />
      )}
      <p className={styles.secured}>
        <svg className={styles.lock} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>{' '}
        Card details go straight to the payment provider. {session.merchant} never sees your full
        card number.
      </p>
    </div>
  );
}

interface StepProps {
  session: SandboxSessionView;
  platform: ScreenProps['platform'];
  amount: string;
  onResult(result: SandboxPaymentResult): void;
  onProblem(problem: Problem): void;
}

/**
 * The provider refused the payment (402). Like a real hosted page, this one hands the browser
 * back to the merchant, whose page learns the outcome from the provider's webhook.
 */
const REFUSALS = new Set(['CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'AUTHENTICATION_FAILED']);

const FIELD_CODES: Readonly<Record<string, 'number' | 'expiry' | 'cvc'>> = {
  CARD_NUMBER_INVALID: 'number',
  CARD_EXPIRED: 'expiry',
  CARD_EXPIRY_INVALID: 'expiry',
  CARD_CVC_INVALID: 'cvc',
};

function CardForm({ session, platform, amount, onResult, onProblem }: StepProps) {
  const form = useRef<HTMLFormElement>(null);
  const number = useField('cardnumber', cardNumberProblem, { format: formatCardNumber });
  const expiry = useField('exp-date', (value) => expiryProblem(value), { format: formatExpiry });
  const cvc = useField('cvc', (value) => cvcProblem(value, number.value), {
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
        fields[field].setError(problem.message);
        const element = form.current?.elements.namedItem(fields[field].input.name);
        if (element instanceof HTMLElement) element.focus();
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
      aria-label="Card details"
    >
      {session.lastFailure ? (
        <Alert tone="info" title="Your last attempt did not go through">
          <p>{session.lastFailure.message}</p>
        </Alert>
      ) : null}
      <TextField
        label="Name on card"
        name="ccname"
        autoComplete="cc-name"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        {...number.input}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
      />
      <div className={styles.row}>
        <TextField
          {...expiry.input}
          className={styles.half}
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
        />
        <TextField
          {...cvc.input}
          className={styles.half}
          label="Security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </div>
      <Button type="submit" className={styles.pay} busy={busy}>
        {busy ? 'Processing…' : `Pay ${amount}`}
      </Button>
      <details className={styles.testCards}>
        <summary>Test cards (any future expiry, any CVC)</summary>
        <ul>
          {TEST_CARDS.map(([card, what]) => (
            <li key={card}>
              <code>{card}</code> {what}
            </li>
          ))}
        </ul>
      </details>
    </form>
  );
}

/** The 3-D-Secure-style step: the "bank" asks the viewer to approve this one payment. */
function ConfirmStep({ session, platform, amount, onResult, onProblem }: StepProps) {
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
