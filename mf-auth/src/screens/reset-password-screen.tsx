import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { emailProblem, normalizeEmail, passwordProblem } from '@crease/contract';
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
import { useMessages } from '../messages';
import { localizeText } from '../messages/contract-text';

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
  const messages = useMessages();
  const { t } = messages;

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
        error instanceof ProblemError
          ? describeProblem(error.problem, messages)
          : t('message.genericError');
    }
    show({ tone, message });
    setBusy(false);
  };

  if (outcome?.tone === 'success') {
    return (
      <AuthCard title={t('reset.sent.title')}>
        <FormAlert tone="success" revision={outcome.revision}>
          <p>{localizeText(outcome.message, messages)}</p>
        </FormAlert>
        <p className={styles.fine}>{t('reset.sent.text')}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={clear}>
            {t('reset.sent.again')}
          </Button>
        </div>
        <p className={styles.switch}>
          <ScreenLink to="/signin" navigate={navigate}>
            {t('reset.back')}
          </ScreenLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
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
        onFocus={() => platform.botCheck.prepare?.('reset')}
      >
        <EmailField {...email.input} />
        <Button type="submit" className={styles.submit} busy={busy}>
          {t(busy ? 'reset.busy' : 'reset.submit')}
        </Button>
      </form>
      <p className={styles.switch}>
        {t('reset.remembered')}{' '}
        <ScreenLink to="/signin" navigate={navigate}>
          {t('reset.signIn')}
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
  const { t, rich } = useMessages();

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
      <AuthCard title={t('reset.done.title')}>
        <FormAlert tone="success" revision={outcome.revision}>
          <p>{t('reset.done.text')}</p>
        </FormAlert>
        <div className={styles.actions}>
          <ButtonLink
            href="/signin"
            onClick={(event) => {
              event.preventDefault();
              navigate('/signin');
            }}
          >
            {t('reset.done.signIn')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (outcome?.kind === 'link-expired') {
    return (
      <AuthCard title={t('reset.choose.title')}>
        {/* docs/product.md §8, word for word (in English; its translation otherwise). */}
        <FormAlert tone="error" revision={outcome.revision}>
          <p>{t('message.resetLinkExpired')}</p>
        </FormAlert>
        <div className={styles.actions}>
          <ButtonLink
            href={requestLinkPath(email)}
            onClick={(event) => {
              event.preventDefault();
              navigate(requestLinkPath(email));
            }}
          >
            {t('reset.newLink')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('reset.choose.title')}
      lead={rich<ReactNode>('reset.choose.for', {
        email: (chunks) => (
          <span key="email" className={styles.email}>
            {chunks}
          </span>
        ),
        // The address itself: never parsed as message syntax.
        address: email,
      })}
    >
      {outcome?.kind === 'failed' ? (
        <FormAlert tone="error" revision={outcome.revision}>
          {/* docs/product.md §8: any other answer than 200 or 208. */}
          <p>{t('message.genericError')}</p>
        </FormAlert>
      ) : null}
      <form ref={form} className={styles.form} noValidate onSubmit={onSubmit}>
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordField {...password.input} label={t('field.newPassword')} />
        <Button type="submit" className={styles.submit} busy={busy}>
          {t(busy ? 'reset.choose.busy' : 'reset.choose.submit')}
        </Button>
      </form>
      <p className={styles.switch}>
        <ScreenLink to="/signin" navigate={navigate}>
          {t('reset.back')}
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
