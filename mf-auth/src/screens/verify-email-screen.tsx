import { useEffect, useState } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, Button, ButtonLink } from '@crease/ui';
import { ProblemError } from '@crease/contract';
import { resendVerification, verifyEmail } from '../api/accounts-client';
import type { VerifyOutcome } from '../api/accounts-client';
import { AuthCard } from '../forms/auth-card';
import { useSignedIn } from '../forms/use-signed-in';
import styles from '../forms/auth-form.module.css';
import { describeProblem } from '../forms/describe-problem';
import { EmailChangeLink } from './email-change-link';
import { useMessages } from '../messages';

/** The emailed link is /verify-email?email=<address>&token=<token> (decision 405). */
export function verifyLinkParams(search: string): { email: string; token: string } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email');
  const token = params.get('token');
  return email && token ? { email, token } : null;
}

/**
 * /verify-email: the link mailed at sign-up, or (with `change=1`) the one mailed to a new address
 * an account is moving to (decision 423). Both are opened without a sign-in.
 */
export function VerifyEmailScreen(props: ScreenProps) {
  return new URLSearchParams(props.location.search).get('change') ? (
    <EmailChangeLink {...props} />
  ) : (
    <VerifyEmailLink {...props} />
  );
}

/**
 * Opens the confirmation link once, as the page loads (no sign-in needed: the link may be opened
 * on another device). A spent or expired link offers a new one to a signed-in viewer; a
 * signed-out one is told where to ask.
 */
function VerifyEmailLink({ platform, navigate, location }: ScreenProps) {
  const link = verifyLinkParams(location.search);
  const signedIn = useSignedIn(platform.session);
  const [outcome, setOutcome] = useState<VerifyOutcome | 'checking'>(link ? 'checking' : 'failed');
  const [resent, setResent] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const messages = useMessages();
  const { t } = messages;

  useEffect(() => {
    if (!link) return;
    let live = true;
    void verifyEmail(platform, link.email, link.token).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
    // The link is read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const go = (path: string) => (event: { preventDefault(): void }) => {
    event.preventDefault();
    navigate(path);
  };

  const resend = async () => {
    try {
      setResent({ tone: 'success', message: await resendVerification(platform) });
    } catch (error) {
      const problem = error instanceof ProblemError ? error.problem : null;
      setResent({
        tone: 'error',
        message: problem ? describeProblem(problem, messages) : String(error),
      });
    }
  };

  if (outcome === 'checking')
    return (
      <AuthCard title={t('verify.checking.title')}>
        <p role="status">{t('verify.checking.text')}</p>
      </AuthCard>
    );

  if (outcome === 'verified')
    return (
      <AuthCard title={t('verify.done.title')}>
        <Alert tone="success" title={t('verify.done.alert')}>
          <p>{t('verify.done.text')}</p>
        </Alert>
        <div className={styles.actions}>
          <ButtonLink
            href={signedIn ? '/events' : '/signin'}
            onClick={go(signedIn ? '/events' : '/signin')}
          >
            {t(signedIn ? 'verify.watch' : 'verify.signIn')}
          </ButtonLink>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title={t('verify.failed.title')}>
      <Alert tone="error" title={t('verify.failed.alert')}>
        <p>
          {t(outcome === 'link-expired' ? 'verify.failed.expired' : 'verify.failed.unknown')}{' '}
          {t(signedIn ? 'verify.failed.resendHere' : 'verify.failed.resendAccount')}
        </p>
      </Alert>
      {resent ? (
        <Alert
          tone={resent.tone === 'success' ? 'success' : 'error'}
          title={t(resent.tone === 'success' ? 'verify.sent' : 'verify.notSent')}
        >
          <p>{resent.message}</p>
        </Alert>
      ) : null}
      <div className={styles.actions}>
        {signedIn ? (
          <Button onClick={() => void resend()}>{t('verify.resend')}</Button>
        ) : (
          <ButtonLink href="/signin" onClick={go('/signin')}>
            {t('verify.signIn')}
          </ButtonLink>
        )}
      </div>
    </AuthCard>
  );
}
