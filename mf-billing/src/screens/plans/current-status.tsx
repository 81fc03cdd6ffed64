import type { ScreenProps, Subscription } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import { useWords } from '../../format/use-format';
import styles from '../plans-screen.module.css';

/** The viewer's plan as /plans mentions it above the list: when it renews or ends. */
export function CurrentStatus({
  subscription,
  navigate,
}: {
  subscription: Subscription;
  navigate: ScreenProps['navigate'];
}) {
  const { t, date } = useWords();
  const end = subscription.periodEnd ? date(subscription.periodEnd) : '';
  const plan = subscription.planName ?? '';
  const text = (() => {
    switch (subscription.state) {
      case 'ACTIVE':
        return subscription.renews
          ? t('status.activeRenews', { plan, end })
          : t('status.activeUntil', { plan, end });
      case 'TRIAL':
        return t('status.trial', { end });
      case 'CANCELLED':
        return subscription.entitled ? t('status.cancelled', { plan, end }) : null;
      case 'EXPIRED':
        return subscription.planName
          ? t('status.expired', { plan, end })
          : t('status.expiredNoName', { end });
      default:
        return null;
    }
  })();
  if (!text) return null;
  return (
    <div className={styles.status} role="status">
      <p>{text}</p>
      <ScreenLink to="/account" navigate={navigate}>
        {t('nav.account')}
      </ScreenLink>
    </div>
  );
}
