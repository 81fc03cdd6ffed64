import { useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import type { MandateCancelResult, Problem, ScreenProps } from '@crease/contract';
import { Alert, Button, ScreenLink } from '@crease/ui';
import { cancelAutopay } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { EmptyState } from '../components/screen-states';
import { formatDate } from '../format/formatters';

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
      eyebrow="UPI AutoPay"
      title="Cancel UPI AutoPay"
    >
      {!token ? (
        <EmptyState
          title="This link has no cancel code"
          action={
            <ScreenLink to="/account" navigate={navigate}>
              Go to your account
            </ScreenLink>
          }
        >
          <p>Open the link from the mail again, or cancel your plan on your account page.</p>
        </EmptyState>
      ) : (
        <div ref={status} tabIndex={-1}>
          {done ? (
            <Alert tone="success" title="UPI AutoPay is cancelled">
              <p>
                The mandate is revoked and nothing more will be debited.
                {done.periodEnd
                  ? ` You keep watching until ${formatDate(new Date(done.periodEnd))}.`
                  : null}
              </p>
            </Alert>
          ) : (
            <>
              {problem ? (
                <Alert tone="error" title="Not cancelled">
                  <p>{problem.message}</p>
                </Alert>
              ) : null}
              <p>
                This revokes your UPI AutoPay mandate for Crease and turns off the renewal. Nothing
                more is debited, and you keep watching until your paid period ends.
              </p>
              <Button busy={busy} onClick={() => void cancel()}>
                Cancel UPI AutoPay
              </Button>
            </>
          )}
        </div>
      )}
    </ScreenFrame>
  );
}
