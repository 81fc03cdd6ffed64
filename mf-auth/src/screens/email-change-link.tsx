import { useEffect, useState } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Alert, ButtonLink } from '@crease/ui';
import { confirmEmailChange } from '../api/accounts-client';
import type { EmailChangeOutcome } from '../api/accounts-client';
import { AuthCard } from '../forms/auth-card';
import { useSignedIn } from '../forms/use-signed-in';
import styles from '../forms/auth-form.module.css';
import { useMessages } from '../messages';

function changeLinkParams(search: string): { email: string; token: string } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email');
  const token = params.get('token');
  return email && token ? { email, token } : null;
}

/**
 * /verify-email?change=1&email=…&token=…: the link mailed to the address an account is moving
 * to (decision 423). Opened once, as the page loads; the account then signs in with it.
 */
export function EmailChangeLink({ platform, navigate, location }: ScreenProps) {
  const link = changeLinkParams(location.search);
  const signedIn = useSignedIn(platform.session);
  const { t } = useMessages();
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
        {t(signedIn ? 'emailChange.account' : 'emailChange.signIn')}
      </ButtonLink>
    </div>
  );

  if (outcome === 'checking')
    return (
      <AuthCard title={t('emailChange.checking.title')}>
        <p role="status">{t('verify.checking.text')}</p>
      </AuthCard>
    );
  if (outcome === 'changed')
    return (
      <AuthCard title={t('emailChange.done.title')}>
        <Alert tone="success" title={t('emailChange.done.alert')}>
          <p>{t('emailChange.done.text', { address: link?.email ?? '' })}</p>
        </Alert>
        {action}
      </AuthCard>
    );
  return (
    <AuthCard title={t('emailChange.failed.title')}>
      <Alert tone="error" title={t('emailChange.failed.alert')}>
        <p>{t(`emailChange.failed.${outcome}`)}</p>
      </Alert>
      {action}
    </AuthCard>
  );
}
