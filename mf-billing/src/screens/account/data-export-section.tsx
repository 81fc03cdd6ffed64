import { useRef, useState } from 'react';
import { ProblemError } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Button } from '@crease/ui';
import { requestDataExport } from '../../api/billing-client';
import { messageOf } from './account-data';
import { AccountSection } from './account-section';
import type { Translator } from '@crease/ui/i18n';
import { useMessages } from '../../messages';
import type { BillingMessageKey } from '../../messages';
import { problemText } from '../../messages/problem-text';
import styles from '../account-screen.module.css';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** "in about 5 hours" / "in about 20 minutes", from a 429's Retry-After (seconds). */
export function waitPhrase(
  seconds: number,
  { t }: Pick<Translator<BillingMessageKey>, 't'>,
): string {
  if (seconds >= 5400) return t('wait.hours', { hours: Math.round(seconds / 3600) });
  return t('wait.minutes', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
}

/** A refusal with when to ask again (a 429 with Retry-After), or the problem alone. */
export function refusalText(
  error: unknown,
  words: Pick<Translator<BillingMessageKey>, 'language' | 't'>,
): string {
  const problem = error instanceof ProblemError ? error.problem : null;
  if (problem?.status === 429 && problem.retryAfter)
    return words.t('wait.askAgain', {
      message: problemText(problem, words),
      wait: waitPhrase(problem.retryAfter, words),
    });
  return messageOf(error, words);
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
  const words = useMessages();
  const { t } = words;
  const ask = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setOutcome(null);
    try {
      const { email } = await requestDataExport(platform);
      setOutcome({
        tone: 'success',
        message: t('export.sent', { email }),
      });
    } catch (error) {
      setOutcome({ tone: 'error', message: refusalText(error, words) });
    }
    inFlight.current = false;
    setBusy(false);
  };
  return (
    <AccountSection id="account-data-export" title={t('export.title')}>
      <p className={styles.muted}>{t('export.text')}</p>
      {outcome ? (
        <p role={outcome.tone === 'error' ? 'alert' : 'status'}>{outcome.message}</p>
      ) : null}
      <Button variant="secondary" busy={busy} onClick={() => void ask()}>
        {t('export.button')}
      </Button>
    </AccountSection>
  );
}
