import type { ScreenProps } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import { AccountSection } from './account-section';
import { EmailConfirmation } from './email-confirmation';
import { useMessages } from '../../messages';
import styles from '../account-screen.module.css';

/** Who is signed in, and the way to change the password. */
export function SecuritySection({
  email,
  navigate,
  platform,
}: {
  email: string;
  navigate: ScreenProps['navigate'];
  /** For the email confirmation state (decision 405); optional for older callers. */
  platform?: ScreenProps['platform'];
}) {
  const { t, rich } = useMessages();
  return (
    <AccountSection id="account-security" title={t('security.title')}>
      <p className={styles.muted}>
        {rich('security.signedInAs', {
          email,
          strong: (chunks) => (
            <strong key="email" className={styles.email}>
              {chunks}
            </strong>
          ),
        })}
      </p>
      {platform ? <EmailConfirmation platform={platform} /> : null}
      <ScreenLink to="/change-password" navigate={navigate} className={styles.link}>
        {t('security.changePassword')}
      </ScreenLink>
    </AccountSection>
  );
}
