import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  RETURN_TO_PARAM,
  emailProblem,
  normalizeEmail,
  passwordProblem,
  returnToFrom,
} from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Alert, Button } from '@crease/ui';
import { ProblemError } from '@crease/contract';
import { register, signIn } from '../api/accounts-client';
import { AuthCard } from '../forms/auth-card';
import { EmailField } from '../forms/email-field';
import { FormAlert } from '@crease/ui/forms';
import { NewPasswordField } from '../forms/password-field';
import { ScreenLink } from '../forms/screen-link';
import { checkAll, useField, useOutcome } from '@crease/ui/forms';
import { useSignedIn } from '../forms/use-signed-in';
import styles from '../forms/auth-form.module.css';
import { describeProblem } from '../forms/describe-problem';
import { useMessages } from '../messages';

/** Where a new viewer continues (issue 3: "After registration … continues to /plans"). */
export const AFTER_REGISTRATION = '/plans';

type Outcome = { tone: 'error'; title?: string; body: ReactNode };

/**
 * /register. Creates the account, signs the viewer in through the shell's session, and
 * continues to a safe `returnTo` (the storefront's chosen plan's payment, a live match: issue 22
 * §3), else to /plans. The password rules shown are the ones the API enforces (one source:
 * @crease/contract).
 */
export function RegisterScreen({ platform, navigate, location }: ScreenProps) {
  const returnTo = returnToFrom(location.search);
  // "Sign in" instead keeps the same destination: the shell sends a signed-in viewer there.
  const signInPath = returnTo
    ? `/signin?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`
    : '/signin';
  const form = useRef<HTMLFormElement>(null);
  const signedIn = useSignedIn(platform.session);
  const email = useField('email', emailProblem);
  const password = useField('password', (value) => passwordProblem(value, email.value));
  const [emailSubscribe, setEmailSubscribe] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set once the account exists: the session turns signed-in before the move to /plans, and
  // the "already signed in" panel must not flash in between.
  const [completing, setCompleting] = useState(false);
  const { outcome, show } = useOutcome<Outcome>();
  const messages = useMessages();
  const { t, rich } = messages;
  const links = {
    signin: (chunks: ReactNode[]) => (
      <ScreenLink key="signin" to={signInPath} navigate={navigate}>
        {chunks}
      </ScreenLink>
    ),
    reset: (chunks: ReactNode[]) => (
      <ScreenLink key="reset" to="/reset-password" navigate={navigate}>
        {chunks}
      </ScreenLink>
    ),
  };

  const fail = (body: ReactNode, title?: string) =>
    show({ tone: 'error', body, ...(title ? { title } : {}) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !checkAll(form.current, [email, password])) return;
    setBusy(true);
    const address = normalizeEmail(email.value);
    // The sign-in proof of work runs while the account is being created.
    const signInProof = platform.botCheck.token('signin');
    signInProof.catch(() => undefined);
    try {
      await register(platform, { email: address, password: password.value, emailSubscribe });
    } catch (error) {
      setBusy(false);
      const problem = error instanceof ProblemError ? error.problem : null;
      const message = problem ? describeProblem(problem, messages) : String(error);
      if (problem?.code === 'EMAIL_ALREADY_REGISTERED') {
        email.setError(message);
        fail(<p>{rich<ReactNode>('register.exists', { message, ...links })}</p>);
      } else if (problem?.code === 'INVALID_EMAIL') {
        email.setError(message);
        fail(<p>{message}</p>);
      } else if (problem?.code === 'WEAK_PASSWORD') {
        password.setError(message);
        fail(<p>{message}</p>);
      } else {
        fail(<p>{message}</p>);
      }
      return;
    }
    setCompleting(true);
    platform.analytics.track({ name: 'sign_up', properties: { emailSubscribe } });
    try {
      await signIn(platform, address, password.value, signInProof);
      navigate(returnTo ?? AFTER_REGISTRATION);
    } catch (error) {
      setCompleting(false);
      setBusy(false);
      const message =
        error instanceof ProblemError ? describeProblem(error.problem, messages) : String(error);
      fail(
        <p>{rich<ReactNode>('register.signInFailed.text', { message, signin: links.signin })}</p>,
        t('register.signInFailed.title'),
      );
    }
  };

  if (signedIn && !completing) {
    return (
      <AuthCard title={t('register.title')}>
        <Alert tone="info" title={t('register.signedIn.title')}>
          <p>{t('register.signedIn.text')}</p>
        </Alert>
        <div className={styles.actions}>
          <Button onClick={() => navigate('/')}>{t('register.continue')}</Button>
          <Button variant="secondary" onClick={() => platform.session.signOut()}>
            {t('register.signOut')}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} lead={t('register.lead')}>
      {outcome ? (
        <FormAlert
          tone={outcome.tone}
          revision={outcome.revision}
          {...(outcome.title ? { title: outcome.title } : {})}
        >
          {outcome.body}
        </FormAlert>
      ) : null}
      <form
        ref={form}
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
        // Both proofs start while the viewer types, so the submit rarely waits for them.
        onFocus={() => {
          platform.botCheck.prepare?.('register');
          platform.botCheck.prepare?.('signin');
        }}
      >
        <EmailField {...email.input} />
        <NewPasswordField {...password.input} label={t('field.password')} />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="emailSubscribe"
            checked={emailSubscribe}
            onChange={(event) => setEmailSubscribe(event.target.checked)}
          />
          <span>{t('register.subscribe')}</span>
        </label>
        <Button type="submit" className={styles.submit} busy={busy}>
          {t(busy ? 'register.busy' : 'register.submit')}
        </Button>
        <p className={styles.fine}>
          {rich<ReactNode>('register.terms', {
            terms: (chunks) => (
              <ScreenLink key="terms" to="/terms-of-service" navigate={navigate}>
                {chunks}
              </ScreenLink>
            ),
            privacy: (chunks) => (
              <ScreenLink key="privacy" to="/privacy-policy" navigate={navigate}>
                {chunks}
              </ScreenLink>
            ),
          })}
        </p>
      </form>
      <p className={styles.switch}>
        {t('register.haveAccount')}{' '}
        <ScreenLink to={signInPath} navigate={navigate}>
          {t('register.signIn')}
        </ScreenLink>
      </p>
    </AuthCard>
  );
}
