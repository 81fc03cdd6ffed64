import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Plan, ScreenProps, Subscription, TrialOffer, WelcomeOffer } from '@crease/contract';
import { Button, TextField } from '@crease/ui';
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
import { useWords } from '../format/use-format';
import { useMessages } from '../messages';
import type { BillingMessageKey } from '../messages';
import type { Translator } from '@crease/ui/i18n';
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
  const { t } = useMessages();
  return (
    <ScreenFrame
      titleId="plans-title"
      eyebrow={t('plans.eyebrow')}
      title={t('plans.title')}
      lead={<p>{t('plans.lead')}</p>}
    >
      {resource.state === 'loading' ? <Loading label={t('plans.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('plans.what')} problem={resource.problem} onRetry={retry} />
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
  const words = useWords();
  const { t, rich } = words;
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
      <EmptyState title={t('plans.emptyTitle')}>
        <p>{t('plans.emptyText')}</p>
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
            {t('plans.welcomeTitle', { percent: words.percent(welcome.percentage) })}
          </p>
          <p className={styles.welcomeText}>
            {rich('plans.welcomeText', {
              code: welcome.code,
              strong: (chunks) => <strong key="code">{chunks}</strong>,
            })}
          </p>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setCode(welcome.code);
              void coupon.check(welcome.code);
            }}
          >
            {t('plans.welcomeUse', { code: welcome.code })}
          </Button>
        </aside>
      ) : null}
      <form
        className={styles.coupon}
        onSubmit={onApply}
        noValidate
        aria-label={t('plans.couponForm')}
      >
        <div className={styles.couponRow}>
          <TextField
            className={styles.couponField}
            label={t('plans.couponLabel')}
            name="coupon"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint={t('plans.couponHint')}
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
            {t('plans.couponApply')}
          </Button>
        </div>
        <p id={couponHint} className={styles.couponStatus} role="status" aria-live="polite">
          {coupon.state.status === 'checking'
            ? t('plans.couponChecking', { code: coupon.state.code })
            : null}
          {applied ? describeDiscount(applied.code, applied.percentages, plans, words) : null}
        </p>
      </form>

      <ul className={styles.grid} aria-label={t('plans.list')}>
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
        {rich('plans.fine', {
          refund: (chunks) => (
            <ScreenLink key="refund" to="/refund-policy" navigate={navigate}>
              {chunks}
            </ScreenLink>
          ),
        })}
      </p>
    </>
  );
}

/** "WELCOME20 applied: 20% off every plan." (or the plans it applies to). */
function describeDiscount(
  code: string,
  percentages: Readonly<Record<string, number>>,
  plans: readonly Plan[],
  words: Pick<Translator<BillingMessageKey>, 't'> & { percent(value: number): string },
) {
  const names = plans.filter((plan) => plan.planId in percentages).map((plan) => plan.planName);
  const values = [...new Set(Object.values(percentages))];
  const off =
    values.length === 1
      ? words.t('plans.percentOff', { percent: words.percent(values[0] ?? 0) })
      : words.t('plans.aDiscount');
  return names.length === plans.length
    ? words.t('plans.couponAppliedAll', { code, off })
    : words.t('plans.couponAppliedSome', { code, off, plans: names.join(', ') });
}
