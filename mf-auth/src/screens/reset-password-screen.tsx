import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { MESSAGES, emailProblem, normalizeEmail, passwordProblem } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Button, ButtonLink } from '@crease/ui';
import { ProblemError } from '@crease/contract';
import { requestReset, resetPassword } from '../api/accounts-client';
import { AuthCard } from '../forms/auth-card';
import { EmailField } from '../forms/email-field';
import { FormAlert } from '@crease/ui/forms';
import { NewPasswordField } from '../forms/password-field';
import { ScreenLink } from '../forms/screen-link';
import { checkAll, useField, useOutcome } from '@crease/ui/forms';
import styles from '../forms/auth-form.module.css';
import { describeProblem } from '../forms/describe-problem';

/** The emailed link is /reset-password?email=<address>&token=<token>. */
export function resetLinkParams(search: string): { email: string; token: string } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email');
  const token = params.get('token');
  return email && token ? { email, token } : null;
}

function requestLinkPath(email: string): string {
  return `/reset-password?${new URLSearchParams({ email })}`;
}

/** Step 1: "send me a link". The answer is the same whether or not the account exists. */
function RequestLinkStep({ platform, navigate, location }: ScreenProps) {
  const form = useRef<HTMLFormElement>(null);
  const email = useField('email', emailProblem, {
    initial: new URLSearchParams(location.search).get('email') ?? '',
  });
  const [busy, setBusy] = useState(false);
  const { outcome, show, clear } = useOutcome<{ tone: 'error' | 'success'; message: string }>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !checkAll(form.current, [email])) return;
    setBusy(true);
    let tone: 'error' | 'success' = 'success';
    let message: string;
    try {
      message = await requestReset(platform, normalizeEmail(email.value));
    } catch (error) {
      tone = 'error';
      message =
        error instanceof ProblemError ? describeProblem(error.problem) : MESSAGES.genericError;
    }
    show({ tone, message });
    setBusy(false);
  };

  if (outcome?.tone === 'success') {
    return (
      <AuthCard title="Check your email">
        <FormAlert tone="success" revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
        <p className={styles.fine}>
          The link works once and expires. Nothing arrived? Check your spam folder, or send another
          link.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={clear}>
            Send another link
          </Button>
        </div>
        <p className={styles.switch}>
          <ScreenLink to="/signin" navigate={navigate}>
            Back to sign in
          </ScreenLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {outcome ? (
        <FormAlert tone="error" revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      <form
        ref={form}
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
        onFocus={() => platform.botCheck.prepare?.('reset')}
      >
        <EmailField {...email.input} />
        <Button type="submit" className={styles.submit} busy={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
      <p className={styles.switch}>
        Remembered it?{' '}
        <ScreenLink to="/signin" navigate={navigate}>
          Sign in
        </ScreenLink>
      </p>
    </AuthCard>
  );
}

/** Step 2, opened by the emailed link: choose the new password. */
function ChoosePasswordStep({
  platform,
  navigate,
  email,
  token,
}: ScreenProps & { email: string; token: string }) {
  const form = useRef<HTMLFormElement>(null);
  const password = useField('newPassword', (value) => passwordProblem(value, email));
  const [busy, setBusy] = useState(false);
  const { outcome, show } = useOutcome<{ kind: 'reset' | 'link-expired' | 'failed' }>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !checkAll(form.current, [password])) return;
    setBusy(true);
    const kind = await resetPassword(platform, { email, token, newPassword: password.value });
    show({ kind });
    setBusy(false);
  };

  if (outcome?.kind === 'reset') {
    return (
      <AuthCard title="Password reset">
        <FormAlert tone="success" revision={outcome.revision}>
          <p>Your password has been reset. Sign in with your new password.</p>
        </FormAlert>
        <div className={styles.actions}>
          <ButtonLink
            href="/signin"
            onClick={(event) => {
              event.preventDefault();
              navigate('/signin');
            }}
          >
            Sign in
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (outcome?.kind === 'link-expired') {
    return (
      <AuthCard title="Choose a new password">
        {/* docs/product.md §8, word for word. */}
        <FormAlert tone="error" revision={outcome.revision}>
          <p>{MESSAGES.resetLinkExpired}</p>
        </FormAlert>
        <div className={styles.actions}>
          <ButtonLink
            href={requestLinkPath(email)}
            onClick={(event) => {
              event.preventDefault();
              navigate(requestLinkPath(email));
            }}
          >
            Request a new link
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      lead={
        <>
          For <span className={styles.email}>{email}</span>
        </>
      }
    >
      {outcome?.kind === 'failed' ? (
        <FormAlert tone="error" revision={outcome.revision}>
          {/* docs/product.md §8: any other answer than 200 or 208. */}
          <p>{MESSAGES.genericError}</p>
        </FormAlert>
      ) : null}
      <form ref={form} className={styles.form} noValidate onSubmit={onSubmit}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordField {...password.input} label="New password" />
        <Button type="submit" className={styles.submit} busy={busy}>
          {busy ? 'Saving…' : 'Save new password'}
        </Button>
      </form>
      <p className={styles.switch}>
        <ScreenLink to="/signin" navigate={navigate}>
          Back to sign in
        </ScreenLink>
      </p>
    </AuthCard>
  );
}

/** /reset-password: step 1 without a link's parameters, step 2 with them. */
export function ResetPasswordScreen(props: ScreenProps) {
  const link = resetLinkParams(props.location.search);
  return link ? (
    <ChoosePasswordStep key={`${link.email}\n${link.token}`} {...props} {...link} />
  ) : (
    <RequestLinkStep {...props} />
  );
}
