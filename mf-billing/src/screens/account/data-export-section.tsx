import { useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Button } from '@crease/ui';
import { requestDataExport } from '../../api/billing-client';
import { messageOf } from './account-data';
import { AccountSection } from './account-section';
import styles from '../account-screen.module.css';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** "in about 5 hours" / "in about 20 minutes", from a 429's Retry-After (seconds). */
export function waitPhrase(seconds: number): string {
  if (seconds >= 5400) return `in about ${Math.round(seconds / 3600)} hours`;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'in about a minute' : `in about ${minutes} minutes`;
}

/**
 * "Download my data" (issue 34 §5, decision 437): asks the API to mail a link to a JSON copy of
 * the account. One request however often the button is pressed (a ref, not only state: two
 * clicks in one frame both see the old state); a 429 says when it can be asked again.
 */
export function DataExportSection({ platform }: { platform: ScreenProps['platform'] }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inFlight = useRef(false);
  const ask = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const { email } = await requestDataExport(platform);
      setOutcome({
        tone: 'success',
        message: `We have emailed a download link to ${email}. It works once, for 24 hours.`,
      });
    } catch (error) {
      const problem = error instanceof ProblemError ? error.problem : null;
      const message =
        problem?.status === 429 && problem.retryAfter
          ? `${problem.message} You can ask again ${waitPhrase(problem.retryAfter)}.`
          : messageOf(error);
      setOutcome({ tone: 'error', message });
    }
    inFlight.current = false;
    setBusy(false);
  };
  return (
    <AccountSection id="account-data-export" title="Download my data">
      <p className={styles.muted}>
        A copy of what we hold about your account (profile, plan, payments, devices, follows and the
        mail we sent you) as a JSON file. We email you a link to it; you can ask once a day.
      </p>
      {outcome ? (
        <p role={outcome.tone === 'error' ? 'alert' : 'status'}>{outcome.message}</p>
      ) : null}
      <Button variant="secondary" busy={busy} onClick={() => void ask()}>
        Email me my data
      </Button>
    </AccountSection>
  );
}
