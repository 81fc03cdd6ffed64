import { useRef, useState } from 'react';
import { BILLING_CURRENCY } from '@crease/contract';
import type { BillingErrorCode, CheckoutRequest, Plan, ScreenProps } from '@crease/contract';
import { Button, formatPercent } from '@crease/ui';
import { checkCoupon, createCheckout, listPlans } from '../api/billing-client';
import { ProblemError } from '@crease/contract';
import { FormAlert } from '@crease/ui/forms';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useIdempotencyKey } from '../components/use-idempotency-key';
import { useResource } from '../components/use-resource';
import { discounted, formatDuration, formatMoney } from '../format/formatters';
import { ConfirmingPayment } from './confirming-payment';
import { PAYMENT_QUERY, followRedirect } from './payment-paths';
import styles from './payment-screens.module.css';

interface Order {
  plan: Plan;
  couponCode: string | null;
  percentage: number;
  /** A coupon from /plans that no longer applies (said, then left out). */
  couponProblem: string | null;
}

async function loadOrder(
  platform: ScreenProps['platform'],
  planId: string,
  coupon: string | null,
): Promise<Order | null> {
  const plans = await listPlans(platform);
  const plan = plans.find((candidate) => candidate.planId === planId && candidate.active);
  if (!plan || plan.trial) return null;
  if (!coupon) return { plan, couponCode: null, percentage: 0, couponProblem: null };
  try {
    const check = await checkCoupon(platform, coupon, plan.planId);
    if (check.valid && check.percentage > 0)
      return {
        plan,
        couponCode: check.couponCode,
        percentage: check.percentage,
        couponProblem: null,
      };
    return {
      plan,
      couponCode: null,
      percentage: 0,
      couponProblem: `${coupon} does not apply to this plan.`,
    };
  } catch (error) {
    const message = error instanceof ProblemError ? error.problem.message : String(error);
    return { plan, couponCode: null, percentage: 0, couponProblem: message };
  }
}

/**
 * /payment-process. Two steps of one flow on one route:
 * - with `planId` (and `coupon`): the order summary and Pay, which creates the checkout and goes
 *   to the provider's card page;
 * - with `checkout`: back from the provider, "confirming your payment" until the provider's
 *   webhook has landed on the API (ConfirmingPayment).
 */
export function PaymentProcessScreen(props: ScreenProps) {
  const query = new URLSearchParams(props.location.search);
  const checkoutId = query.get(PAYMENT_QUERY.checkout);
  if (checkoutId) {
    return (
      <ConfirmingPayment
        {...props}
        checkoutId={checkoutId}
        expectPaid={query.get(PAYMENT_QUERY.expect) === 'paid'}
      />
    );
  }
  return (
    <OrderSummary
      {...props}
      planId={query.get(PAYMENT_QUERY.planId)}
      coupon={query.get(PAYMENT_QUERY.coupon)}
    />
  );
}

function OrderSummary({
  platform,
  navigate,
  planId,
  coupon,
}: ScreenProps & { planId: string | null; coupon: string | null }) {
  const { resource, retry } = useResource(
    () => (planId ? loadOrder(platform, planId, coupon) : Promise.resolve(null)),
    [planId, coupon],
  );
  return (
    <ScreenFrame
      width="narrow"
      titleId="payment-process-title"
      eyebrow="Checkout"
      title="Review and pay"
    >
      {resource.state === 'loading' ? <Loading label="Preparing your order…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="your order" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && resource.data === null ? (
        <EmptyState
          title="Choose a plan first"
          action={
            <ScreenLink to="/plans" navigate={navigate}>
              See the plans
            </ScreenLink>
          }
        >
          <p>That plan is not on sale, or no plan was chosen.</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data ? (
        <PayForOrder
          order={resource.data}
          platform={platform}
          navigate={navigate}
          onReload={retry}
        />
      ) : null}
    </ScreenFrame>
  );
}

type Outcome = { message: string; revision: number; reload: boolean; retry: boolean };

/** The payment provider failed: nothing was created or charged, and the same Pay may be tried again. */
const PROVIDER_FAILURES: readonly string[] = [
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
] satisfies BillingErrorCode[];

function PayForOrder({
  order,
  platform,
  navigate,
  onReload,
}: {
  order: Order;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
  onReload(): void;
}) {
  const { plan, couponCode, percentage } = order;
  const currency = BILLING_CURRENCY;
  const total = percentage ? discounted(plan.price, percentage, currency) : plan.price;
  const keyFor = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  // A second click can arrive before React has re-rendered the button as disabled.
  const inFlight = useRef(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const pay = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const request: CheckoutRequest = {
      planId: plan.planId,
      ...(couponCode ? { couponCode } : {}),
      expectedAmount: total,
    };
    try {
      const checkout = await createCheckout(platform, request, keyFor(request));
      platform.analytics.track({
        name: 'begin_checkout',
        properties: { planId: plan.planId, amount: checkout.amount },
      });
      followRedirect(checkout.redirectUrl, navigate);
    } catch (error) {
      inFlight.current = false;
      setBusy(false);
      const problem = error instanceof ProblemError ? error.problem : null;
      const reload =
        problem?.code === 'PRICE_CHANGED' || problem?.code?.startsWith('COUPON_') === true;
      setOutcome((previous) => ({
        message: problem?.message ?? String(error),
        revision: (previous?.revision ?? 0) + 1,
        reload,
        retry: PROVIDER_FAILURES.includes(problem?.code ?? ''),
      }));
    }
  };

  return (
    <>
      {order.couponProblem ? (
        <FormAlert tone="info" title="Coupon not applied" revision={0}>
          <p>{order.couponProblem}</p>
        </FormAlert>
      ) : null}
      {outcome ? (
        <FormAlert tone="error" title="We couldn’t start the payment" revision={outcome.revision}>
          <p>{outcome.message}</p>
          {outcome.retry ? (
            <p>
              <Button variant="secondary" busy={busy} onClick={() => void pay()}>
                Try again
              </Button>
            </p>
          ) : null}
          {outcome.reload ? (
            <p>
              <Button variant="secondary" onClick={onReload}>
                Show the current price
              </Button>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      <div className={styles.card}>
        <h2 className={styles.cardTitle}>{plan.planName}</h2>
        <p className={styles.muted}>
          {formatDuration(plan.duration)} · up to {plan.maxDevices}{' '}
          {plan.maxDevices === 1 ? 'device' : 'devices'}
        </p>
        <dl className={styles.summary}>
          <div>
            <dt>Price</dt>
            <dd>{formatMoney(plan.price, currency)}</dd>
          </div>
          {couponCode ? (
            <div>
              <dt>
                Coupon {couponCode} ({formatPercent(percentage)} off)
              </dt>
              <dd>−{formatMoney(plan.price - total, currency)}</dd>
            </div>
          ) : null}
          <div className={styles.total}>
            <dt>Total today</dt>
            <dd>{formatMoney(total, currency)}</dd>
          </div>
        </dl>
        <Button className={styles.wide} busy={busy} onClick={() => void pay()}>
          {busy ? 'Starting secure payment…' : `Pay ${formatMoney(total, currency)}`}
        </Button>
        <p className={styles.fine}>
          You’ll enter your card on our payment provider’s secure page. Your plan starts as soon as
          the provider confirms the payment.
        </p>
      </div>
      <p className={styles.back}>
        <ScreenLink to="/plans" navigate={navigate}>
          Back to the plans
        </ScreenLink>
      </p>
    </>
  );
}
