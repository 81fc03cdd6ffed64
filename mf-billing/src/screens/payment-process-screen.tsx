import type { ReactNode } from 'react';
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
import { useMessages } from '../messages';
import type { BillingMessageKey } from '../messages';

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

/** What a summary's frame says while it loads, when it fails, and when nothing was chosen. */
interface SummaryWords {
  loading: BillingMessageKey;
  what: BillingMessageKey;
  emptyTitle: BillingMessageKey;
  emptyText: BillingMessageKey;
  chooseAt: '/plans' | '/events';
  chooseLabel: BillingMessageKey;
}

/**
 * The checkout's frame around one thing to pay for (a plan or a pass): loading, failed with
 * Retry, "choose one first" when there is nothing to pay for, else `children` with what loaded.
 */
function SummaryFrame<T>({
  load,
  deps,
  words,
  navigate,
  children,
}: {
  load: () => Promise<T | null>;
  deps: readonly unknown[];
  words: SummaryWords;
  navigate: ScreenProps['navigate'];
  children: (data: T, reload: () => void) => ReactNode;
}) {
  const { resource, retry } = useResource(load, deps);
  const { t } = useMessages();
  return (
    <ScreenFrame
      width="narrow"
      titleId="payment-process-title"
      eyebrow={t('checkout.eyebrow')}
      title={t('checkout.title')}
    >
      {resource.state === 'loading' ? <Loading label={t(words.loading)} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t(words.what)} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && resource.data === null ? (
        <EmptyState
          title={t(words.emptyTitle)}
          action={
            <ScreenLink to={words.chooseAt} navigate={navigate}>
              {t(words.chooseLabel)}
            </ScreenLink>
          }
        >
          <p>{t(words.emptyText)}</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data ? children(resource.data, retry) : null}
    </ScreenFrame>
  );
}

const ORDER_WORDS: SummaryWords = {
  loading: 'checkout.order.loading',
  what: 'checkout.order.what',
  emptyTitle: 'checkout.order.emptyTitle',
  emptyText: 'checkout.order.emptyText',
  chooseAt: '/plans',
  chooseLabel: 'nav.plans',
};

const PASS_WORDS: SummaryWords = {
  loading: 'checkout.pass.loading',
  what: 'checkout.pass.what',
  emptyTitle: 'checkout.pass.emptyTitle',
  emptyText: 'checkout.pass.emptyText',
  chooseAt: '/events',
  chooseLabel: 'nav.matches',
};

function OrderSummary({
  platform,
  navigate,
  planId,
  coupon,
}: ScreenProps & { planId: string | null; coupon: string | null }) {
  return (
    <SummaryFrame
      load={() => (planId ? loadOrder(platform, planId, coupon) : Promise.resolve(null))}
      deps={[planId, coupon]}
      words={ORDER_WORDS}
      navigate={navigate}
    >
      {(order, reload) => (
        <PayForOrder order={order} platform={platform} navigate={navigate} onReload={reload} />
      )}
    </SummaryFrame>
  );
}

function PassOrderSummary({
  platform,
  navigate,
  scope,
  id,
}: ScreenProps & { scope: PassScope; id: string | null }) {
  return (
    <SummaryFrame
      load={() => (id ? getPassOffer(platform, scope, id) : Promise.resolve(null))}
      deps={[scope, id]}
      words={PASS_WORDS}
      navigate={navigate}
    >
      {(offer, reload) => (
        <PayForPass offer={offer} platform={platform} navigate={navigate} onReload={reload} />
      )}
    </SummaryFrame>
  );
}
