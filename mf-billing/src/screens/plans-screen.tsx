import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Plan, ScreenProps, Subscription, TrialOffer, WelcomeOffer } from '@crease/contract';
import { Button, TextField, formatPercent } from '@crease/ui';
import { getSubscription, getTrialOffer, getWelcomeOffer, listPlans } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useCoupon } from '../components/use-coupon';
import { useResource } from '../components/use-resource';
import { TrialUnavailableNotice } from '../components/trial-unavailable';
import { CurrentStatus } from './plans/current-status';
import { PlanCard, runningPlan } from './plans/plan-card';
import { TrialOfferCard } from './plans/trial-offer-card';
import styles from './plans-screen.module.css';

interface PlansData {
  plans: Plan[];
  /** null when it could not be read: the plans are still worth showing. */
  subscription: Subscription | null;
  trial: TrialOffer | null;
  /** The welcome coupon for an account that has never paid; null when there is none. */
  welcome: WelcomeOffer['coupon'];
}

/** What is for sale: active, paid plans in orderNumber order (the trial is its own offer). */
export function plansForSale(plans: readonly Plan[]): Plan[] {
  return plans
    .filter((plan) => plan.active && !plan.trial)
    .sort((a, b) => a.orderNumber - b.orderNumber);
}

async function loadPlans(platform: ScreenProps['platform']): Promise<PlansData> {
  const [plans, subscription, trial, welcome] = await Promise.all([
    listPlans(platform),
    getSubscription(platform).catch(() => null),
    getTrialOffer(platform).catch(() => null),
    // An extra: if it cannot be read, the page simply does not offer it.
    getWelcomeOffer(platform).then(
      (offer) => offer.coupon,
      () => null,
    ),
  ]);
  return { plans: plansForSale(plans), subscription, trial, welcome };
}

/**
 * /plans. Often a viewer's first screen after sign-in (a `forwarded` viewer lands here, docs/product.md §2),
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
          Subscribe monthly or yearly, or buy a pass for a day or the season. Every plan streams
          every live match; they differ in length, whether they renew, and how many screens can
          watch.
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
  const { plans, subscription, trial, welcome } = data;
  const coupon = useCoupon(
    platform,
    plans.map((plan) => plan.planId),
  );
  const [code, setCode] = useState('');
  const couponHint = useId();
  const currentPlanId = subscription?.entitled ? subscription.planId : null;
  const running = runningPlan(subscription, plans);

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

      {welcome && !applied ? (
        <aside className={styles.welcome} aria-labelledby="welcome-offer-title">
          <p id="welcome-offer-title" className={styles.welcomeTitle}>
            New to Crease? {welcome.percentage}% off your first payment
          </p>
          <p className={styles.welcomeText}>
            Use the code <strong>{welcome.code}</strong> with any plan. Renewals are at the usual
            price.
          </p>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setCode(welcome.code);
              void coupon.check(welcome.code);
            }}
          >
            Use {welcome.code}
          </Button>
        </aside>
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
          const amount = applied?.amounts[plan.planId];
          return (
            <PlanCard
              key={plan.planId}
              plan={plan}
              current={plan.planId === currentPlanId}
              subscription={subscription}
              running={running}
              navigate={navigate}
              {...(percentage !== undefined && amount !== undefined && applied
                ? {
                    coupon: {
                      code: applied.code,
                      percentage,
                      amount,
                      taxBreakdown: applied.taxBreakdowns[plan.planId] ?? null,
                    },
                  }
                : {})}
            />
          );
        })}
      </ul>
      <p className={styles.fine}>
        Prices include tax. Monthly and Annual are subscriptions: your card is saved and charged
        again at the end of each period until you cancel, which you can do at any time on your
        account page (you keep watching until the end of the period you paid for). Passes are paid
        once and simply end. A plan bought while another runs starts when it ends; one that would
        give you less (fewer screens, or a pass in place of a subscription) is not offered. Read the{' '}
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
