import { useState } from 'react';
import type { FormEvent } from 'react';
import { ProblemError, emailProblem, normalizeEmail } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Button, TextField } from '@crease/ui';
import { FormAlert, useOutcome } from '@crease/ui/forms';
import { requestSignInCode, signInWithCode } from '../api/accounts-client';
import { describeProblem } from './describe-problem';
import { useMessages } from '../messages';
import { localizeText } from '../messages/contract-text';
import styles from './auth-form.module.css';

export interface SignInCodePanelProps {
  platform: ScreenProps['platform'];
  /** The address typed in the sign-in form: the code goes there. */
  email: string;
}

/**
 * "Email me a sign-in code" (decision 406): the owner's way in when sign-ins from new networks
 * are paused after many wrong guesses, or when the password is forgotten for a moment. The code
 * arrives by mail; typed here (or the mailed link opened), it signs in through the shell.
 */
export function SignInCodePanel({ platform, email }: SignInCodePanelProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { outcome, show } = useOutcome<{ tone: 'error' | 'success'; message: string }>();
  const messages = useMessages();
  const { t } = messages;

  const fail = (error: unknown) => {
    const problem = error instanceof ProblemError ? error.problem : null;
    show({ tone: 'error', message: problem ? describeProblem(problem, messages) : String(error) });
  };

  const send = async () => {
    const problem = emailProblem(email);
    if (problem) return show({ tone: 'error', message: t('code.emailFirst') });
    setBusy(true);
    try {
      const address = normalizeEmail(email);
      show({ tone: 'success', message: await requestSignInCode(platform, address) });
      setSentTo(address);
    } catch (error) {
      fail(error);
    }
    setBusy(false);
  };

  const redeem = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !sentTo || code.trim() === '') return;
    setBusy(true);
    try {
      await signInWithCode(platform, sentTo, code.trim());
      platform.analytics.track({ name: 'sign_in', properties: { method: 'email-code' } });
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  };

  return (
    <section className={styles.fine} aria-label={t('code.label')}>
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{localizeText(outcome.message, messages)}</p>
        </FormAlert>
      ) : null}
      {sentTo ? (
        <form className={styles.form} noValidate onSubmit={redeem}>
          <TextField
            name="signInCode"
            label={t('code.field')}
            value={code}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" busy={busy}>
            {t(busy ? 'signin.busy' : 'code.submit')}
          </Button>
        </form>
      ) : (
        <Button variant="secondary" busy={busy} onClick={() => void send()}>
          {t('code.send')}
        </Button>
      )}
    </section>
  );
}
