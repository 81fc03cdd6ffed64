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
      if (problem?.code === 'EMAIL_ALREADY_REGISTERED') {
        email.setError(problem.message);
        fail(
          <p>
            {problem.message}{' '}
            <ScreenLink to={signInPath} navigate={navigate}>
              Sign in
            </ScreenLink>{' '}
            or{' '}
            <ScreenLink to="/reset-password" navigate={navigate}>
              reset your password
            </ScreenLink>
            .
          </p>,
        );
      } else if (problem?.code === 'INVALID_EMAIL') {
        email.setError(problem.message);
        fail(<p>{problem.message}</p>);
      } else if (problem?.code === 'WEAK_PASSWORD') {
        password.setError(problem.message);
        fail(<p>{problem.message}</p>);
      } else {
        fail(<p>{problem ? describeProblem(problem) : String(error)}</p>);
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
        error instanceof ProblemError ? describeProblem(error.problem) : String(error);
      fail(
        <p>
          We could not sign you in: {message}{' '}
          <ScreenLink to={signInPath} navigate={navigate}>
            Sign in
          </ScreenLink>{' '}
          to continue.
        </p>,
        'Your account is ready',
      );
    }
  };

  if (signedIn && !completing) {
    return (
      <AuthCard title="Create your account">
        <Alert tone="info" title="You are already signed in">
          <p>Sign out first if you want to create another account.</p>
        </Alert>
        <div className={styles.actions}>
          <Button onClick={() => navigate('/')}>Continue</Button>
          <Button variant="secondary" onClick={() => platform.session.signOut()}>
            Sign out
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      lead="Every ball, live in HD. Choose a plan or start a trial next."
    >
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
        <NewPasswordField {...password.input} label="Password" />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="emailSubscribe"
            checked={emailSubscribe}
            onChange={(event) => setEmailSubscribe(event.target.checked)}
          />
          <span>Email me match alerts and offers. You can unsubscribe at any time.</span>
        </label>
        <Button type="submit" className={styles.submit} busy={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <p className={styles.fine}>
          By creating an account you agree to the{' '}
          <ScreenLink to="/terms-of-service" navigate={navigate}>
            Terms of service
          </ScreenLink>{' '}
          and the{' '}
          <ScreenLink to="/privacy-policy" navigate={navigate}>
            Privacy policy
          </ScreenLink>
          .
        </p>
      </form>
      <p className={styles.switch}>
        Already have an account?{' '}
        <ScreenLink to={signInPath} navigate={navigate}>
          Sign in
        </ScreenLink>
      </p>
    </AuthCard>
  );
}
