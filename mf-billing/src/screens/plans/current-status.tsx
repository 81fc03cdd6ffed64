import type { ScreenProps, Subscription } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import { formatDate } from '../../format/formatters';
import styles from '../plans-screen.module.css';

/** The viewer's plan as /plans mentions it above the list: when it renews or ends. */
export function CurrentStatus({
  subscription,
  navigate,
}: {
  subscription: Subscription;
  navigate: ScreenProps['navigate'];
}) {
  const end = subscription.periodEnd ? formatDate(new Date(subscription.periodEnd)) : null;
  const text = (() => {
    switch (subscription.state) {
      case 'ACTIVE':
        return subscription.renews
          ? `You’re on ${subscription.planName}; it renews on ${end}. Change or cancel it on your account page.`
          : `You’re on ${subscription.planName} until ${end}. Buying again adds to it.`;
      case 'TRIAL':
        return `Your free trial runs until ${end}. Choose a plan to keep watching after it.`;
      case 'CANCELLED':
        return subscription.entitled
          ? `${subscription.planName} is cancelled and ends on ${end}. Resume it on your account page, or choose a plan.`
          : null;
      case 'EXPIRED':
        return `Your ${subscription.planName ?? 'plan'} ended on ${end}. Choose a plan to watch again.`;
      default:
        return null;
    }
  })();
  if (!text) return null;
  return (
    <div className={styles.status} role="status">
      <p>{text}</p>
      <ScreenLink to="/account" navigate={navigate}>
        Your account
      </ScreenLink>
    </div>
  );
}
