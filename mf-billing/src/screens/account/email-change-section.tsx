import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { emailProblem, normalizeEmail } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { requestEmailChange } from '../../api/billing-client';
import { AccountSection } from './account-section';
import { refusalText } from './data-export-section';
import { useMessages } from '../../messages';
import type { BillingMessageKey } from '../../messages';

/** The contract's English for a bad address (emailProblem), as this catalogue says it. */
const EMAIL_PROBLEMS: Readonly<Record<string, BillingMessageKey>> = {
  'Enter your email address.': 'email.empty',
  'Email addresses are at most 254 characters.': 'email.tooLong',
  'Enter an email address like name@example.com.': 'email.invalid',
};
import styles from '../account-screen.module.css';

type Phase =
  { kind: 'form'; error: string | null } | { kind: 'pending'; to: string } | { kind: 'closed' };

/**
 * "Email" on /account (issue 36 §6, decision 423): the address in use, and a form to move the
 * account to another one with the current password. The change happens only when the viewer
 * opens the link we mail to the new address; until then the page says where it went.
 */
export function EmailChangeSection({
  email,
  platform,
}: {
  email: string;
  platform: ScreenProps['platform'];
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'closed' });
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const words = useMessages();
  const { t, rich } = words;
  const emailProblemText = (text: string) => {
    const key = EMAIL_PROBLEMS[text];
    return key ? t(key) : text;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const problem = emailProblem(newEmail);
    if (problem) return setPhase({ kind: 'form', error: emailProblemText(problem) });
    if (!password) return setPhase({ kind: 'form', error: t('email.passwordEmpty') });
    inFlight.current = true;
    setBusy(true);
    try {
      await requestEmailChange(platform, { newEmail, password });
      setPassword('');
      setPhase({ kind: 'pending', to: normalizeEmail(newEmail) });
    } catch (error) {
      setPhase({ kind: 'form', error: refusalText(error, words) });
    }
    inFlight.current = false;
    setBusy(false);
  };

  return (
    <AccountSection id="account-email" title={t('email.title')}>
      <p className={styles.muted}>
        {rich('email.goesTo', {
          email,
          strong: (chunks) => (
            <strong key="email" className={styles.email}>
              {chunks}
            </strong>
          ),
        })}
      </p>
      {phase.kind === 'pending' ? (
        <Alert tone="info" title={t('email.checkMailbox')}>
          <p>
            {rich('email.linkTo', {
              to: phase.to,
              email,
              strong: (chunks) => <strong key="to">{chunks}</strong>,
            })}
          </p>
          <Button variant="secondary" onClick={() => setPhase({ kind: 'form', error: null })}>
            {t('email.another')}
          </Button>
        </Alert>
      ) : null}
      {phase.kind === 'closed' ? (
        <Button variant="secondary" onClick={() => setPhase({ kind: 'form', error: null })}>
          {t('email.change')}
        </Button>
      ) : null}
      {phase.kind === 'form' ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('email.change')}>
          <TextField
            label={t('email.newLabel')}
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            required
          />
          <TextField
            label={t('email.passwordLabel')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          {phase.error ? (
            <Alert tone="error">
              <p>{phase.error}</p>
            </Alert>
          ) : null}
          <div className={styles.actions}>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setPhase({ kind: 'closed' })}
              disabled={busy}
            >
              {t('action.cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('email.send')}
            </Button>
          </div>
        </form>
      ) : null}
    </AccountSection>
  );
}
