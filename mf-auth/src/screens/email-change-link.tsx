import { useEffect, useState } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, ButtonLink } from '@crease/ui';
import { confirmEmailChange } from '../api/accounts-client';
import type { EmailChangeOutcome } from '../api/accounts-client';
import { AuthCard } from '../forms/auth-card';
import { useSignedIn } from '../forms/use-signed-in';
import styles from '../forms/auth-form.module.css';

function changeLinkParams(search: string): { email: string; token: string } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email');
  const token = params.get('token');
  return email && token ? { email, token } : null;
}

const FAILURES: Record<Exclude<EmailChangeOutcome, 'changed'>, string> = {
  'link-expired':
    'This link has expired or was already used. Your email was not changed by it: ask again on your account page.',
  unavailable:
    'This address cannot be used for your account any more, so your email was not changed.',
  failed: 'We could not check this link. Please try again later.',
};

/**
 * /verify-email?change=1&email=…&token=…: the link mailed to the address an account is moving
 * to (decision 423). Opened once, as the page loads; the account then signs in with it.
 */
export function EmailChangeLink({ platform, navigate, location }: ScreenProps) {
  const link = changeLinkParams(location.search);
  const signedIn = useSignedIn(platform.session);
  const [outcome, setOutcome] = useState<EmailChangeOutcome | 'checking'>(
    link ? 'checking' : 'link-expired',
  );

  useEffect(() => {
    if (!link) return;
    let live = true;
    void confirmEmailChange(platform, link.email, link.token).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
    // The link is read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const next = signedIn ? '/account' : '/signin';
  const action = (
    <div className={styles.actions}>
      <ButtonLink
        href={next}
        onClick={(event) => {
          event.preventDefault();
          navigate(next);
        }}
      >
        {signedIn ? 'Go to your account' : 'Sign in'}
      </ButtonLink>
    </div>
  );

  if (outcome === 'checking')
    return (
      <AuthCard title="Changing your email">
        <p role="status">Checking your link…</p>
      </AuthCard>
    );
  if (outcome === 'changed')
    return (
      <AuthCard title="Email changed">
        <Alert tone="success" title="Done">
          <p>
            Your account now uses {link?.email}. Sign in with it from now on; receipts, sign-in
            notices and match reminders go there.
          </p>
        </Alert>
        {action}
      </AuthCard>
    );
  return (
    <AuthCard title="Change your email">
      <Alert tone="error" title="This link does not work">
        <p>{FAILURES[outcome]}</p>
      </Alert>
      {action}
    </AuthCard>
  );
}
