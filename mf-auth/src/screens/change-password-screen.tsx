import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { passwordProblem } from '@crease/contract';
import type { ScreenProps } from '@crease/contract';
import { Alert, Button } from '@crease/ui';
import { ProblemError } from '@crease/contract';
import { changePassword } from '../api/accounts-client';
import { AuthCard } from '../forms/auth-card';
import { FormAlert } from '@crease/ui/forms';
import { NewPasswordField, PasswordField } from '../forms/password-field';
import { ScreenLink } from '../forms/screen-link';
import { checkAll, useField, useOutcome } from '@crease/ui/forms';
import { useSignedIn } from '../forms/use-signed-in';
import styles from '../forms/auth-form.module.css';

const SIGN_IN_AND_RETURN = `/signin?${new URLSearchParams({ returnTo: '/change-password' })}`;

const currentRequired = (value: string) => (value === '' ? 'Enter your current password.' : null);

/**
 * /change-password. The route is public (docs/product.md §2), but changing a password needs a session:
 * a signed-out viewer is offered sign-in (returning here) or a reset by email.
 */
export function ChangePasswordScreen({ platform, navigate }: ScreenProps) {
  const form = useRef<HTMLFormElement>(null);
  const signedIn = useSignedIn(platform.session);
  const current = useField('oldPassword', currentRequired);
  const next = useField('newPassword', (value) =>
    value !== '' && value === current.value
      ? 'Choose a password different from your current one.'
      : passwordProblem(value),
  );
  const [busy, setBusy] = useState(false);
  const { outcome, show } = useOutcome<{ tone: 'error' | 'success'; message: string }>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !checkAll(form.current, [current, next])) return;
    setBusy(true);
    try {
      await changePassword(platform, current.value, next.value);
      current.reset();
      next.reset();
      show({
        tone: 'success',
        message: 'Your password has been changed. Use it the next time you sign in.',
      });
    } catch (error) {
      const problem = error instanceof ProblemError ? error.problem : null;
      if (problem?.code === 'INVALID_OLD_PASSWORD') current.setError(problem.message);
      if (problem?.code === 'WEAK_PASSWORD') next.setError(problem.message);
      show({ tone: 'error', message: problem?.message ?? String(error) });
    } finally {
      setBusy(false);
    }
  };

  if (!signedIn) {
    return (
      <AuthCard title="Change your password">
        <Alert tone="info" title="Sign in to change your password">
          <p>
            Changing your password needs your current one.{' '}
            <ScreenLink to="/reset-password" navigate={navigate}>
              Forgot it? Reset it by email
            </ScreenLink>
            .
          </p>
        </Alert>
        <div className={styles.actions}>
          <Button onClick={() => navigate(SIGN_IN_AND_RETURN)}>Sign in</Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Change your password" lead="Enter your current password, then a new one.">
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      <form ref={form} className={styles.form} noValidate onSubmit={onSubmit}>
        <PasswordField
          {...current.input}
          label="Current password"
          autoComplete="current-password"
        />
        <NewPasswordField {...next.input} label="New password" />
        <Button type="submit" className={styles.submit} busy={busy}>
          {busy ? 'Changing password…' : 'Change password'}
        </Button>
      </form>
      {/* The way back where the viewer came from, before and after a change (issue 23 §4). */}
      <p className={styles.switch}>
        <ScreenLink to="/account" navigate={navigate}>
          Back to Account
        </ScreenLink>
      </p>
    </AuthCard>
  );
}
