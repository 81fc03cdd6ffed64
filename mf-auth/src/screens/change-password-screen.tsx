import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
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
import { describeProblem } from '../forms/describe-problem';
import { useMessages } from '../messages';

const SIGN_IN_AND_RETURN = `/signin?${new URLSearchParams({ returnTo: '/change-password' })}`;

/**
 * /change-password. The route is public (docs/product.md §2), but changing a password needs a session:
 * a signed-out viewer is offered sign-in (returning here) or a reset by email.
 */
export function ChangePasswordScreen({ platform, navigate }: ScreenProps) {
  const form = useRef<HTMLFormElement>(null);
  const signedIn = useSignedIn(platform.session);
  const messages = useMessages();
  const { t, rich } = messages;
  const current = useField('oldPassword', (value) =>
    value === '' ? t('change.currentRequired') : null,
  );
  const next = useField('newPassword', (value) =>
    value !== '' && value === current.value ? t('change.sameAsCurrent') : passwordProblem(value),
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
        message: t('change.done'),
      });
    } catch (error) {
      const problem = error instanceof ProblemError ? error.problem : null;
      const message = problem ? describeProblem(problem, messages) : String(error);
      if (problem?.code === 'INVALID_OLD_PASSWORD') current.setError(message);
      if (problem?.code === 'WEAK_PASSWORD') next.setError(message);
      show({ tone: 'error', message });
    } finally {
      setBusy(false);
    }
  };

  if (!signedIn) {
    return (
      <AuthCard title={t('change.title')}>
        <Alert tone="info" title={t('change.signedOut.title')}>
          <p>
            {rich<ReactNode>('change.signedOut.text', {
              reset: (chunks) => (
                <ScreenLink key="reset" to="/reset-password" navigate={navigate}>
                  {chunks}
                </ScreenLink>
              ),
            })}
          </p>
        </Alert>
        <div className={styles.actions}>
          <Button onClick={() => navigate(SIGN_IN_AND_RETURN)}>{t('change.signIn')}</Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('change.title')} lead={t('change.lead')}>
      {outcome ? (
        <FormAlert tone={outcome.tone} revision={outcome.revision}>
          <p>{outcome.message}</p>
        </FormAlert>
      ) : null}
      <form ref={form} className={styles.form} noValidate onSubmit={onSubmit}>
        <PasswordField
          {...current.input}
          label={t('change.current')}
          showLabel={t('change.showCurrent')}
          autoComplete="current-password"
        />
        <NewPasswordField {...next.input} label={t('field.newPassword')} />
        <Button type="submit" className={styles.submit} busy={busy}>
          {t(busy ? 'change.busy' : 'change.submit')}
        </Button>
      </form>
      {/* The way back where the viewer came from, before and after a change (issue 23 §4). */}
      <p className={styles.switch}>
        <ScreenLink to="/account" navigate={navigate}>
          {t('change.back')}
        </ScreenLink>
      </p>
    </AuthCard>
  );
}
