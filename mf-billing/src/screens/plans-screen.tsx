import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Plan, ScreenProps, Subscription, TrialOffer } from '@crease/contract';
import { Button, TextField, formatPercent } from '@crease/ui';
import { getSubscription, getTrialOffer, listPlans } from '../api/billing-client';
import { PlanPrice } from '../components/plan-price';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useCoupon } from '../components/use-coupon';
import { useResource } from '../components/use-resource';
import { TrialUnavailableNotice } from '../components/trial-unavailable';
import { formatDate, formatMinutes, formatDuration } from '../format/formatters';
import { paymentProcessPath } from './payment-paths';
import styles from './plans-screen.module.css';

interface PlansData {
  plans: Plan[];
  /** null when it could not be read: the plans are still worth showing. */
  subscription: Subscription | null;
  trial: TrialOffer | null;
}

/** What is for sale: active, paid plans in orderNumber order (the trial is its own offer). */
export function plansForSale(plans: readonly Plan[]): Plan[] {
  return plans
    .filter((plan) => plan.active && !plan.trial)
    .sort((a, b) => a.orderNumber - b.orderNumber);
}

async function loadPlans(platform: ScreenProps['platform']): Promise<PlansData> {
  const [plans, subscription, trial] = await Promise.all([
    listPlans(platform),
    getSubscription(platform).catch(() => null),
    getTrialOffer(platform).catch(() => null),
  ]);
  return { plans: plansForSale(plans), subscription, trial };
}

/**
 * /plans. Often a viewer's first screen after sign-in (a `forwarded` viewer lands here, SPEC §2),
 * so it says what Crease is before it asks for money: the plans with their prices in the viewer's
 * own currency format, a live coupon check, and the free trial while the account may take one.
 */
export function PlansScreen({ platform, navigate }: ScreenProps) {
  const { resource, retry } = useResource(() => loadPlans(platform), []);
  return (
    <ScreenFrame
      titleId="plans-title"
      eyebrow="Plans"
      title="Watch every ball, live in HD"
      lead={
        <p>
          Pick a pass for the series you follow or the whole season. Every plan streams every live
          match; they differ in length and how many screens can watch.
        </p>
      }
    >
      {resource.state === 'loading' ? <Loading label="Loading the plans…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="the plans" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' ? (
        <PlansContent data={resource.data} platform={platform} navigate={navigate} />
      ) : null}
    </ScreenFrame>
  );
}

function PlansContent({
  data,
  platform,
  navigate,
}: {
  data: PlansData;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
}) {
  const { plans, subscription, trial } = data;
  const coupon = useCoupon(
    platform,
    plans.map((plan) => plan.planId),
  );
  const [code, setCode] = useState('');
  const couponHint = useId();
  const currentPlanId = subscription?.entitled ? subscription.planId : null;

  if (plans.length === 0) {
    return (
      <EmptyState title="No plans are on sale right now">
        <p>Plans change between seasons. Please look again soon.</p>
      </EmptyState>
    );
  }

  const onApply = (event: FormEvent) => {
    event.preventDefault();
    void coupon.check(code);
  };
  const applied = coupon.state.status === 'applied' ? coupon.state : null;

  return (
    <>
      {subscription ? <CurrentStatus subscription={subscription} navigate={navigate} /> : null}
      {trial?.available ? <TrialOfferCard trial={trial} navigate={navigate} /> : null}
      {trial?.reason && trial.reason !== 'PLAN_ALREADY_ACTIVE' ? (
        <TrialUnavailableNotice reason={trial.reason} />
      ) : null}

      <form className={styles.coupon} onSubmit={onApply} noValidate aria-label="Coupon">
        <div className={styles.couponRow}>
          <TextField
            className={styles.couponField}
            label="Coupon code"
            name="coupon"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="Have a code? Prices below update as soon as it is checked."
            {...(coupon.state.status === 'rejected' ? { error: coupon.state.message } : {})}
            onChange={(event) => {
              setCode(event.target.value);
              coupon.typed(event.target.value);
            }}
          />
          <Button
            type="submit"
            variant="secondary"
            className={styles.couponButton}
            busy={coupon.state.status === 'checking'}
          >
            Apply
          </Button>
        </div>
        <p id={couponHint} className={styles.couponStatus} role="status" aria-live="polite">
          {coupon.state.status === 'checking' ? `Checking ${coupon.state.code}…` : null}
          {applied
            ? `${applied.code} applied: ${describeDiscount(applied.percentages, plans)}`
            : null}
        </p>
      </form>

      <ul className={styles.grid} aria-label="Plans">
        {plans.map((plan) => {
          const percentage = applied?.percentages[plan.planId];
          const current = plan.planId === currentPlanId;
          const to = paymentProcessPath(
            plan.planId,
            percentage !== undefined ? applied?.code : undefined,
          );
          return (
            <li
              key={plan.planId}
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
                {...(percentage !== undefined ? { percentage } : {})}
              />
              {percentage !== undefined ? (
                <p className={styles.saving}>
                  {formatPercent(percentage)} off with {applied?.code}
                </p>
              ) : null}
              <ul className={styles.facts}>
                <li>{formatDuration(plan.duration)} of live cricket</li>
                <li>
                  {plan.maxDevices} {plan.maxDevices === 1 ? 'screen' : 'screens'} at a time
                </li>
              </ul>
              <p className={styles.description}>{plan.description}</p>
              <a
                href={to}
                className={styles.choose}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                    return;
                  event.preventDefault();
                  navigate(to);
                }}
              >
                {current ? `Extend ${plan.planName}` : `Choose ${plan.planName}`}
              </a>
            </li>
          );
        })}
      </ul>
      <p className={styles.fine}>
        Prices include tax. Payment is taken once for the whole period and your plan does not renew
        by itself. Read the{' '}
        <ScreenLink to="/refund-policy" navigate={navigate}>
          refund policy
        </ScreenLink>
        .
      </p>
    </>
  );
}

function describeDiscount(percentages: Readonly<Record<string, number>>, plans: readonly Plan[]) {
  const names = plans.filter((plan) => plan.planId in percentages).map((plan) => plan.planName);
  const values = [...new Set(Object.values(percentages))];
  const off = values.length === 1 ? `${formatPercent(values[0] ?? 0)} off` : 'a discount';
  return names.length === plans.length ? `${off} every plan.` : `${off} ${names.join(', ')}.`;
}

function CurrentStatus({
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
        return `You’re on ${subscription.planName} until ${end}. Buying again adds to it.`;
      case 'TRIAL':
        return `Your free trial runs until ${end}. Choose a plan to keep watching after it.`;
      case 'CANCELLED':
        return subscription.entitled
          ? `${subscription.planName} is cancelled and ends on ${end}. Choose a plan to keep watching.`
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

function TrialOfferCard({
  trial,
  navigate,
}: {
  trial: TrialOffer;
  navigate: ScreenProps['navigate'];
}) {
  const { days, overallMinutes, dailyMinutes } = trial.limits;
  return (
    <section className={styles.trial} aria-labelledby="trial-offer-title">
      <div>
        <h2 id="trial-offer-title" className={styles.trialTitle}>
          New here? Watch free for {formatDuration(days)}
        </h2>
        <p className={styles.trialText}>
          {formatMinutes(overallMinutes)} of live cricket in total, up to{' '}
          {formatMinutes(dailyMinutes)} a day. No card needed.
        </p>
      </div>
      <a
        href="/trial-activation"
        className={styles.trialButton}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          navigate('/trial-activation');
        }}
      >
        Start free trial
      </a>
    </section>
  );
}
