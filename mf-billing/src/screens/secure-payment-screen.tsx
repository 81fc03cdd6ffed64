import { useCallback, useState } from 'react';
import type {
  SandboxPaymentMethod,
  SandboxPaymentResult,
  SandboxSessionView,
  ScreenProps,
} from '@crease/contract';
import type { Problem } from '@crease/contract';
import { Alert, ScreenLink } from '@crease/ui';
import { FormAlert } from '@crease/ui/forms';
import { getSandboxSession } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { useWords } from '../format/use-format';
import { useMessages } from '../messages';
import { problemText } from '../messages/problem-text';
import { CardForm } from './secure-payment/card-form';
import { ConfirmStep } from './secure-payment/confirm-step';
import { AwaitingUpi } from './secure-payment/awaiting-upi';
import { MethodChoice } from './secure-payment/method-choice';
import { UpiForm } from './secure-payment/upi-form';
import { PAYMENT_QUERY, expectingPaid, followRedirect, sitePath } from './payment-paths';
import styles from './secure-payment-screen.module.css';

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
  const { t } = useMessages();
  return (
    <ScreenFrame
      width="narrow"
      titleId="secure-payment-title"
      eyebrow={t('secure.eyebrow')}
      title={
        resource.state === 'ready' && resource.data?.methods.includes('UPI')
          ? t('secure.titleUpi')
          : t('secure.title')
      }
    >
      {resource.state === 'loading' ? <Loading label={t('secure.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('secure.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && resource.data === null ? (
        <EmptyState
          title={t('secure.emptyTitle')}
          action={
            <ScreenLink to="/plans" navigate={navigate}>
              {t('nav.plans')}
            </ScreenLink>
          }
        >
          <p>{t('secure.emptyText')}</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data ? (
        <HostedCardPage session={resource.data} platform={platform} navigate={navigate} />
      ) : null}
    </ScreenFrame>
  );
}

type Step = 'pay' | 'confirm' | 'awaiting-upi';

const stepOf = (session: SandboxSessionView): Step =>
  session.status === 'REQUIRES_CONFIRMATION'
    ? 'confirm'
    : session.status === 'AWAITING_UPI'
      ? 'awaiting-upi'
      : 'pay';

function HostedCardPage({
  session: loaded,
  platform,
  navigate,
}: {
  session: SandboxSessionView;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
}) {
  const [session, setSession] = useState(loaded);
  const [step, setStep] = useState<Step>(stepOf(loaded));
  const [method, setMethod] = useState<SandboxPaymentMethod>(
    loaded.vpa || loaded.lastFailure?.code === 'UPI_DECLINED' ? 'UPI' : 'CARD',
  );
  const [problem, setProblem] = useState<{ problem: Problem; revision: number } | null>(null);
  const fail = useCallback(
    (next: Problem) =>
      setProblem((previous) => ({ problem: next, revision: (previous?.revision ?? 0) + 1 })),
    [],
  );
  const { t, money, words } = useWords();
  const amount = money(session.amount, session.currency);

  /** The provider's answer decides where the browser goes; the webhook decides the plan. */
  const finish = useCallback(
    (result: SandboxPaymentResult) => {
      if (result.status === 'REQUIRES_CONFIRMATION' && method === 'CARD') setStep('confirm');
      else if (result.status === 'REQUIRES_CONFIRMATION' || result.status === 'AWAITING_UPI')
        // UPI: the page shows the UPI ID and what is asked, from the provider's view of it.
        void getSandboxSession(platform, session.sessionId).then((next) => {
          setSession(next);
          setStep(stepOf(next));
        }, fail);
      else if (result.status === 'SUCCEEDED')
        followRedirect(expectingPaid(result.returnUrl), navigate);
      else followRedirect(result.returnUrl, navigate);
    },
    [navigate, platform, session.sessionId, fail, method],
  );

  if (session.status === 'SUCCEEDED') {
    return (
      <Alert tone="success" title={t('secure.alreadyPaid')}>
        <p>
          <ScreenLink to={sitePath(expectingPaid(session.returnUrl))} navigate={navigate}>
            {t('action.continue')}
          </ScreenLink>
        </p>
      </Alert>
    );
  }
  if (session.status === 'EXPIRED') {
    return (
      <EmptyState
        title={t('secure.expiredTitle')}
        action={
          <ScreenLink to="/plans" navigate={navigate}>
            {t('secure.startAgain')}
          </ScreenLink>
        }
      >
        <p>{t('secure.expiredText')}</p>
      </EmptyState>
    );
  }

  return (
    <div className={styles.provider}>
      <div className={styles.merchant}>
        <p className={styles.merchantName}>{session.merchant}</p>
        {/* The provider's description is the API's English (decision 476). */}
        <p className={styles.description} lang="en">
          {session.description}
        </p>
        <p className={styles.amount}>{amount}</p>
      </div>
      {session.savesCard ? (
        <p className={styles.note}>
          {t('secure.savesCard', { amount })}
          {session.methods.includes('UPI') ? ` ${t('secure.savesUpi')}` : null}
        </p>
      ) : null}
      {problem ? (
        <FormAlert tone="error" title={t('secure.notTaken')} revision={problem.revision}>
          <p>{problemText(problem.problem, words)}</p>
        </FormAlert>
      ) : null}
      {step === 'pay' && session.methods.includes('UPI') ? (
        <MethodChoice method={method} onChange={setMethod} />
      ) : null}
      {step === 'pay' && method === 'CARD' ? (
        <CardForm
          session={session}
          platform={platform}
          amount={amount}
          onResult={finish}
          onProblem={fail}
        />
      ) : null}
      {step === 'pay' && method === 'UPI' ? (
        <UpiForm
          session={session}
          platform={platform}
          amount={amount}
          onResult={finish}
          onProblem={fail}
        />
      ) : null}
      {step === 'awaiting-upi' ? (
        <AwaitingUpi
          session={session}
          platform={platform}
          amount={amount}
          onProblem={fail}
          onBack={(next) => {
            setSession(next);
            setStep('pay');
          }}
        />
      ) : null}
      {step === 'confirm' ? (
        <ConfirmStep
          session={session}
          platform={platform}
          amount={amount}
          onResult={finish}
          onProblem={fail}
        />
      ) : null}
      <p className={styles.secured}>
        <svg className={styles.lock} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>{' '}
        {t('secure.straightToProvider', { merchant: session.merchant })}
      </p>
    </div>
  );
}
