import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ProblemError, emailProblem, normalizeEmail } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import { requestEmailChange } from '../../api/billing-client';
import { messageOf } from './account-data';
import { AccountSection } from './account-section';
import { waitPhrase } from './data-export-section';
import styles from '../account-screen.module.css';

type Phase =
  { kind: 'form'; error: string | null } | { kind: 'pending'; to: string } | { kind: 'closed' };

/** What a refused ask says: the API's message, and when to try again after too many asks. */
function refusal(error: unknown): string {
  const problem = error instanceof ProblemError ? error.problem : null;
  if (problem?.status === 429 && problem.retryAfter)
    return `${problem.message} You can ask again ${waitPhrase(problem.retryAfter)}.`;
  return messageOf(error);
}

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const problem = emailProblem(newEmail);
    if (problem) return setPhase({ kind: 'form', error: problem });
    if (!password) return setPhase({ kind: 'form', error: 'Enter your current password.' });
    inFlight.current = true;
    setBusy(true);
    try {
      await requestEmailChange(platform, { newEmail, password });
      setPassword('');
      setPhase({ kind: 'pending', to: normalizeEmail(newEmail) });
    } catch (error) {
      setPhase({ kind: 'form', error: refusal(error) });
    }
    inFlight.current = false;
    setBusy(false);
  };

  return (
    <AccountSection id="account-email" title="Email">
      <p className={styles.muted}>
        Receipts, sign-in notices and match reminders go to{' '}
        <strong className={styles.email}>{email}</strong>, and you sign in with it.
      </p>
      {phase.kind === 'pending' ? (
        <Alert tone="info" title="Check your new mailbox">
          <p>
            We sent a link to <strong>{phase.to}</strong>. Open it within an hour to finish the
            change; until then your account keeps {email}. No mail? Check the address and ask again.
          </p>
          <Button variant="secondary" onClick={() => setPhase({ kind: 'form', error: null })}>
            Use another address
          </Button>
        </Alert>
      ) : null}
      {phase.kind === 'closed' ? (
        <Button variant="secondary" onClick={() => setPhase({ kind: 'form', error: null })}>
          Change email
        </Button>
      ) : null}
      {phase.kind === 'form' ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change email">
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            required
          />
          <TextField
            label="Current password"
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
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Send confirmation link
            </Button>
          </div>
        </form>
      ) : null}
    </AccountSection>
  );
}
