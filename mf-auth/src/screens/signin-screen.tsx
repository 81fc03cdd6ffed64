import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ACCOUNT_DELETED_PARAM, emailProblem, normalizeEmail } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Alert, Button } from '@crease/ui';
import { ProblemError } from '@crease/contract';
import { signIn, signInWithCode } from '../api/accounts-client';
import { SignInCodePanel } from '../forms/sign-in-code-panel';
import { AuthCard } from '../forms/auth-card';
import { EmailField } from '../forms/email-field';
import { FormAlert } from '@crease/ui/forms';
import { PasswordField } from '../forms/password-field';
import { ScreenLink } from '../forms/screen-link';
import { checkAll, useField, useOutcome } from '@crease/ui/forms';
import styles from '../forms/auth-form.module.css';
import { describeProblem } from '../forms/describe-problem';
import { useMessages } from '../messages';
import { localizeText } from '../messages/contract-text';

/**
 * /signin. On success the shell stores the tokens and, seeing the session change on /signin,
 * sends the viewer back where the guard sent them from (or applies the / rule): this screen
 * does not navigate itself.
 */
/** The mailed sign-in link is /signin?email=<address>&code=<code> (decision 406). */
export function signInLinkParams(search: string): { email: string; code: string } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email');
  const code = params.get('code');
  return email && code ? { email, code } : null;
}

/** /reset-password, with the email typed so far when it looks like one. */
export function resetLinkFor(typed: string): string {
  const email = typed.trim();
  return email && !emailProblem(email)
    ? `/reset-password?email=${encodeURIComponent(email)}`
    : '/reset-password';
}

export function SignInScreen({ platform, navigate, location }: ScreenProps) {
  const form = useRef<HTMLFormElement>(null);
  // Read once: a successful sign-in removes the marker, and the notice should not flicker away
  // while the shell is still moving on.
  const [expired] = useState(() => platform.session.expired?.() ?? false);
  // Read on every render: the shell may already show /signin (its guard saw the session end)
  // when /account's navigation to /signin?deleted=1 arrives as an update of this screen.
  const deleted = new URLSearchParams(location.search).has(ACCOUNT_DELETED_PARAM);
  const messages = useMessages();
  const { t } = messages;
  const email = useField('email', emailProblem);
  const password = useField('password', (value) =>
    value === '' ? t('validation.passwordRequired') : null,
  );
  // Busy from the start when the page opened a mailed sign-in link (redeemed below).
  const [busy, setBusy] = useState(() => signInLinkParams(location.search) !== null);
  const { outcome, show } = useOutcome<{ message: string }>();
  const [held, setHeld] = useState(false);

  // The mailed sign-in link: redeem its code once, as the page opens.
  useEffect(() => {
    const link = signInLinkParams(location.search);
    if (!link) return;
    signInWithCode(platform, normalizeEmail(link.email), link.code).catch((error: unknown) => {
      const problem = error instanceof ProblemError ? error.problem : null;
      show({ message: problem ? describeProblem(problem, messages) : String(error) });
      setBusy(false);
    });
    // Read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !checkAll(form.current, [email, password])) return;
    setBusy(true);
    try {
      await signIn(platform, normalizeEmail(email.value), password.value);
      platform.analytics.track({ name: 'sign_in' });
    } catch (error) {
      const problem = error instanceof ProblemError ? error.problem : null;
      // Held (too many wrong guesses, maybe not the viewer's): the emailed code is the way in.
      if (problem?.code === 'TOO_MANY_ATTEMPTS') setHeld(true);
      show({ message: problem ? describeProblem(problem, messages) : String(error) });
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('signin.title')} lead={t('signin.lead')}>
      {deleted ? (
        <Alert tone="success" title={t('signin.deleted.title')}>
          <p>{t('signin.deleted.text')}</p>
        </Alert>
      ) : expired ? (
        // The API answers a device signed out from another one exactly as it answers an ended
        // session (401, then invalid_grant INVALID_REFRESH_TOKEN, decision 104), so the notice
        // names every cause it can be rather than claim one it cannot know (decision 200).
        <Alert tone="info" title={t('signin.expired.title')}>
          <p>{t('signin.expired.text')}</p>
        </Alert>
      ) : null}
      {outcome ? (
        <FormAlert tone="error" revision={outcome.revision}>
          <p>{localizeText(outcome.message, messages)}</p>
        </FormAlert>
      ) : null}
      <form
        ref={form}
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
        // The proof starts while the viewer types, so the submit rarely waits for it.
        onFocus={() => platform.botCheck.prepare?.('signin')}
      >
        <EmailField {...email.input} />
        <PasswordField
          {...password.input}
          label={t('field.password')}
          showLabel={t('field.showPassword')}
          autoComplete="current-password"
        />
        <p className={styles.fieldRow}>
          {/* The email typed so far comes along (issue 36 §6): the reset page starts with it. */}
          <ScreenLink to={resetLinkFor(email.value)} navigate={navigate}>
            {t('signin.forgot')}
          </ScreenLink>
        </p>
        <Button type="submit" className={styles.submit} busy={busy}>
          {t(busy ? 'signin.busy' : 'signin.submit')}
        </Button>
      </form>
      {held ? <p className={styles.fine}>{t('signin.held')}</p> : null}
      <SignInCodePanel platform={platform} email={email.value} />
      <p className={styles.switch}>
        {t('signin.new', { productName: platform.config.productName })}{' '}
        <ScreenLink to="/register" navigate={navigate}>
          {t('signin.register')}
        </ScreenLink>
      </p>
    </AuthCard>
  );
}
