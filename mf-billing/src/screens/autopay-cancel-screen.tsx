import { useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import type { MandateCancelResult, Problem, ScreenProps } from '@crease/contract';
import { Alert, Button, ScreenLink } from '@crease/ui';
import { cancelAutopay } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { EmptyState } from '../components/screen-states';
import { useWords } from '../format/use-format';
import { problemText } from '../messages/problem-text';

/**
 * /autopay-cancel?token=…: the pre-debit notice's one-click cancel (issue 34 §2, decision 462).
 * Opening the link changes nothing (mail scanners open links too); the one button revokes the
 * UPI AutoPay mandate at the provider and turns renewal off. No sign-in is asked: cancelling is
 * as easy as buying.
 */
export function AutopayCancelScreen({ platform, navigate, location }: ScreenProps) {
  const token = new URLSearchParams(location.search).get('token');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<MandateCancelResult | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const { t, date, words } = useWords();

  const cancel = async () => {
    if (busy || !token) return;
    setBusy(true);
    setProblem(null);
    try {
      setDone(await cancelAutopay(platform, token));
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      setProblem(error.problem);
    } finally {
      setBusy(false);
      status.current?.focus();
    }
  };

  return (
    <ScreenFrame
      width="narrow"
      titleId="autopay-cancel-title"
      eyebrow={t('autopay.eyebrow')}
      title={t('autopay.title')}
    >
      {!token ? (
        <EmptyState
          title={t('autopay.noToken')}
          action={
            <ScreenLink to="/account" navigate={navigate}>
              {t('nav.goToAccount')}
            </ScreenLink>
          }
        >
          <p>{t('autopay.noTokenText')}</p>
        </EmptyState>
      ) : (
        <div ref={status} tabIndex={-1}>
          {done ? (
            <Alert tone="success" title={t('autopay.cancelled')}>
              <p>
                {done.periodEnd
                  ? t('autopay.revokedUntil', { end: date(done.periodEnd) })
                  : t('autopay.revoked')}
              </p>
            </Alert>
          ) : (
            <>
              {problem ? (
                <Alert tone="error" title={t('autopay.notCancelled')}>
                  <p>{problemText(problem, words)}</p>
                </Alert>
              ) : null}
              <p>{t('autopay.explain')}</p>
              <Button busy={busy} onClick={() => void cancel()}>
                {t('autopay.title')}
              </Button>
            </>
          )}
        </div>
      )}
    </ScreenFrame>
  );
}
