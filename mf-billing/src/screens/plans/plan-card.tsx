import type { Plan, ScreenProps, Subscription } from '@crease/contract';
import { formatPercent } from '@crease/ui';
import { PlanPrice } from '../../components/plan-price';
import { formatDuration } from '../../format/formatters';
import { paymentProcessPath } from '../payment-paths';
import styles from '../plans-screen.module.css';

/** Where a plan's button goes, and what it says. */
function action(
  plan: Plan,
  current: boolean,
  subscription: Subscription | null,
  couponCode: string | undefined,
): { to: string; label: string } {
  const onSubscription = subscription?.state === 'ACTIVE' && subscription.renews;
  // A running subscription is changed (with credit) or managed on /account, not bought again.
  if (onSubscription && plan.renews)
    return current
      ? { to: '/account', label: `Manage ${plan.planName}` }
      : { to: '/account', label: `Change to ${plan.planName}` };
  return {
    to: paymentProcessPath(plan.planId, couponCode),
    label: current ? `Extend ${plan.planName}` : `Choose ${plan.planName}`,
  };
}

/** One plan on /plans: price (with a coupon), whether it renews, length, screens at a time. */
export function PlanCard({
  plan,
  current,
  subscription,
  coupon,
  navigate,
}: {
  plan: Plan;
  current: boolean;
  subscription: Subscription | null;
  /** A coupon that applies, with the server's price for this plan (decision 397). */
  coupon?: { code: string; percentage: number; amount: number };
  navigate: ScreenProps['navigate'];
}) {
  const { to, label } = action(plan, current, subscription, coupon?.code);
  return (
    <li
      className={current ? `${styles.plan} ${styles.current}` : styles.plan}
      aria-labelledby={`plan-${plan.planId}`}
    >
      <div className={styles.planHead}>
        <h2 id={`plan-${plan.planId}`} className={styles.planName}>
          {plan.planName}
        </h2>
        {current ? <span className={styles.badge}>Your plan</span> : null}
      </div>
      <PlanPrice
        price={plan.price}
        duration={plan.duration}
        {...(coupon ? { amount: coupon.amount } : {})}
      />
      {coupon ? (
        <p className={styles.saving}>
          {formatPercent(coupon.percentage)} off with {coupon.code}
          {plan.renews ? ' (first payment)' : ''}
        </p>
      ) : null}
      <ul className={styles.facts}>
        <li>
          {plan.renews
            ? `Subscription: renews every ${formatDuration(plan.duration)} until you cancel`
            : `Pass: ${formatDuration(plan.duration)} of live cricket, never renews`}
        </li>
        <li>
          {plan.maxDevices} {plan.maxDevices === 1 ? 'screen' : 'screens'} at a time
        </li>
      </ul>
      <p className={styles.description}>{plan.description}</p>
      <a
        href={to}
        className={styles.choose}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          navigate(to);
        }}
      >
        {label}
      </a>
    </li>
  );
}
