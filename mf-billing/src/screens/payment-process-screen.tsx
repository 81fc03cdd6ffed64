import type { PassScope, ScreenProps } from '@crease/contract';
import { ScreenLink } from '@crease/ui';
import { ScreenFrame } from '../components/screen-frame';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { ConfirmingPayment } from './confirming-payment';
import { PAYMENT_QUERY } from './payment-paths';
import { loadOrder } from './payment-process/load-order';
import { PayForOrder } from './payment-process/pay-for-order';
import { PayForPass } from './payment-process/pay-for-pass';
import { getPassOffer } from '../api/billing-client';

/**
 * /payment-process. Two steps of one flow on one route:
 * - with `planId` (and `coupon`): the order summary and Pay, which creates the checkout and goes
 *   to the provider's card page;
 * - with `pass` (MATCH and `event`, or SEASON and `league`): the pass's summary and Pay (issue 34
 *   §3), through the same checkout;
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
  const pass = query.get('pass');
  if (pass === 'MATCH' || pass === 'SEASON')
    return (
      <PassOrderSummary
        {...props}
        scope={pass}
        id={query.get(pass === 'MATCH' ? 'event' : 'league')}
      />
    );
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

function PassOrderSummary({
  platform,
  navigate,
  scope,
  id,
}: ScreenProps & { scope: PassScope; id: string | null }) {
  const { resource, retry } = useResource(
    () => (id ? getPassOffer(platform, scope, id) : Promise.resolve(null)),
    [scope, id],
  );
  return (
    <ScreenFrame
      width="narrow"
      titleId="payment-process-title"
      eyebrow="Checkout"
      title="Review and pay"
    >
      {resource.state === 'loading' ? <Loading label="Preparing your pass…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="this pass" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && resource.data === null ? (
        <EmptyState
          title="Choose a match first"
          action={
            <ScreenLink to="/events" navigate={navigate}>
              See the matches
            </ScreenLink>
          }
        >
          <p>No match or league was named for this pass.</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data ? (
        <PayForPass
          offer={resource.data}
          platform={platform}
          navigate={navigate}
          onReload={retry}
        />
      ) : null}
    </ScreenFrame>
  );
}
