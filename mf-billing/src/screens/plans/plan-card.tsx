import { stackingRefusal } from '@crease/contract';
import { BILLING_CURRENCY } from '@crease/contract';
import type { Plan, RunningPlan, ScreenProps, Subscription, TaxBreakdown } from '@crease/contract';
import { PlanPrice } from '../../components/plan-price';
import { TaxBreakdownLine } from '../../components/tax-breakdown';
import { useWords } from '../../format/use-format';
import { everyPeriod } from '../../messages/wording';
import { paymentProcessPath } from '../payment-paths';
import styles from '../plans-screen.module.css';

/** Where a plan's button goes, and what it says. */
function action(
  plan: Plan,
  current: boolean,
  subscription: Subscription | null,
  couponCode: string | undefined,
): { to: string; label: 'plan.manage' | 'plan.changeTo' | 'plan.extend' | 'plan.choose' } {
  const onSubscription = subscription?.state === 'ACTIVE' && subscription.renews;
  // A running subscription is changed (with credit) or managed on /account, not bought again.
  if (onSubscription && plan.renews)
    return current
      ? { to: '/account', label: 'plan.manage' }
      : { to: '/account', label: 'plan.changeTo' };
  return {
    to: paymentProcessPath(plan.planId, couponCode),
    label: current ? 'plan.extend' : 'plan.choose',
  };
}

/**
 * The viewer's paid plan in force, as the stacking rule needs it (decision 391), or null: no
 * running paid period, or its plan is no longer listed.
 */
export function runningPlan(
  subscription: Subscription | null,
  plans: readonly Plan[],
): RunningPlan | null {
  if (!subscription?.entitled || !subscription.periodEnd) return null;
  if (subscription.state !== 'ACTIVE' && subscription.state !== 'CANCELLED') return null;
  const plan = plans.find((p) => p.planId === subscription.planId);
  if (!plan) return null;
  return {
    planName: plan.planName,
    maxDevices: plan.maxDevices,
    renewing: subscription.state === 'ACTIVE' && subscription.renews,
    periodEnd: subscription.periodEnd,
  };
}

/** Why the plan is not sold on top of the running one, said where its button would be. */
function NotOffered({ running, plan }: { running: RunningPlan; plan: Plan }) {
  const onSale = { planName: plan.planName, maxDevices: plan.maxDevices, renews: plan.renews };
  const { t, date } = useWords();
  const refusal = stackingRefusal(running, onSale);
  if (!refusal) return null;
  const values = {
    running: running.planName,
    runningScreens: running.maxDevices,
    target: plan.planName,
    targetScreens: plan.maxDevices,
    end: date(running.periodEnd),
  };
  return (
    <p className={styles.notOffered}>
      <strong>{t('plan.notOffered')}</strong> {t(`plan.refusal.${refusal}`, values)}
    </p>
  );
}

/** One plan on /plans: price (with a coupon), whether it renews, length, screens at a time. */
export function PlanCard({
  plan,
  current,
  subscription,
  running,
  coupon,
  navigate,
}: {
  plan: Plan;
  current: boolean;
  subscription: Subscription | null;
  /** The paid plan in force: a plan that would lower it is not offered (decision 391). */
  running: RunningPlan | null;
  /** A coupon that applies, with the server's price for this plan (decision 397). */
  coupon?: {
    code: string;
    percentage: number;
    amount: number;
    taxBreakdown?: TaxBreakdown | null;
  };
  navigate: ScreenProps['navigate'];
}) {
  const words = useWords();
  const { t } = words;
  const { to, label } = action(plan, current, subscription, coupon?.code);
  // The currency of the viewer's region, as the API priced the plan (decision 421).
  const currency = plan.currency ?? BILLING_CURRENCY;
  const refused =
    running && !to.startsWith('/account')
      ? stackingRefusal(running, {
          planName: plan.planName,
          maxDevices: plan.maxDevices,
          renews: plan.renews,
        })
      : null;
  return (
    <li
      className={current ? `${styles.plan} ${styles.current}` : styles.plan}
      aria-labelledby={`plan-${plan.planId}`}
    >
      <div className={styles.planHead}>
        <h2 id={`plan-${plan.planId}`} className={styles.planName}>
          {plan.planName}
        </h2>
        {current ? <span className={styles.badge}>{t('plan.yours')}</span> : null}
      </div>
      <PlanPrice
        price={plan.price}
        duration={plan.duration}
        currency={currency}
        {...(coupon ? { amount: coupon.amount } : {})}
      />
      <TaxBreakdownLine
        breakdown={coupon ? coupon.taxBreakdown : plan.taxBreakdown}
        currency={currency}
      />
      {coupon ? (
        <p className={styles.saving}>
          {t(plan.renews ? 'plan.savingFirst' : 'plan.saving', {
            percent: words.percent(coupon.percentage),
            code: coupon.code,
          })}
        </p>
      ) : null}
      <ul className={styles.facts}>
        <li>
          {plan.renews
            ? t('plan.subscription', { every: everyPeriod(plan.duration, words) })
            : t('plan.pass', { period: words.duration(plan.duration) })}
        </li>
        <li>{t('plan.screens', { screens: plan.maxDevices })}</li>
      </ul>
      {/* The API's catalogue text is English (decision 476): marked so, for screen readers. */}
      <p className={styles.description} lang="en">
        {plan.description}
      </p>
      {refused && running ? <NotOffered running={running} plan={plan} /> : null}
      {refused ? null : (
        <a
          href={to}
          className={styles.choose}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate(to);
          }}
        >
          {t(label, { plan: plan.planName })}
        </a>
      )}
    </li>
  );
}
