import type { ScreenProps } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import { AccountSection } from './account-section';
import { EmailConfirmation } from './email-confirmation';
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
  return (
    <AccountSection id="account-security" title="Sign-in">
      <p className={styles.muted}>
        Signed in as <strong className={styles.email}>{email}</strong>
      </p>
      {platform ? <EmailConfirmation platform={platform} /> : null}
      <ScreenLink to="/change-password" navigate={navigate} className={styles.link}>
        Change password
      </ScreenLink>
    </AccountSection>
  );
}
