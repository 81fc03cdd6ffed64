import type { Checkout, ScreenProps, Subscription } from '@crease/contract';
import { getCheckout, getSubscription } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { formatDate, formatMoney } from '../format/formatters';
import { PAYMENT_QUERY, confirmingPath } from './payment-paths';
import styles from './payment-screens.module.css';

interface Paid {
  checkout: Checkout;
  subscription: Subscription;
}

async function loadPaid(platform: ScreenProps['platform'], checkoutId: string): Promise<Paid> {
  const [checkout, subscription] = await Promise.all([
    getCheckout(platform, checkoutId),
    getSubscription(platform),
  ]);
  return { checkout, subscription };
}

/**
 * /payment-success?checkout=…: shown once the API has the provider's confirmation. It reads the
 * checkout again rather than trusting the URL, so a typed-in address cannot claim a payment.
 */
export function PaymentSuccessScreen({ platform, navigate, location }: ScreenProps) {
  const checkoutId = new URLSearchParams(location.search).get(PAYMENT_QUERY.checkout);
  const { resource, retry } = useResource(
    () => (checkoutId ? loadPaid(platform, checkoutId) : Promise.resolve(null)),
    [checkoutId],
  );
  const paid = resource.state === 'ready' && resource.data?.checkout.status === 'PAID';
  return (
    <ScreenFrame
      width="narrow"
      titleId="payment-success-title"
      eyebrow="Payment complete"
      title={paid ? 'You’re in. Enjoy the cricket!' : 'Payment'}
    >
      {resource.state === 'loading' ? <Loading label="Loading your payment…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="your payment" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && (!resource.data || !paid) ? (
        <EmptyState
          title="This payment is not confirmed"
          action={
            resource.data ? (
              <ScreenLink
                to={confirmingPath(resource.data.checkout.checkoutId)}
                navigate={navigate}
              >
                Check its status
              </ScreenLink>
            ) : (
              <ScreenLink to="/plans" navigate={navigate}>
                See the plans
              </ScreenLink>
            )
          }
        >
          <p>We have no confirmed payment for this page.</p>
        </EmptyState>
      ) : null}
      {resource.state === 'ready' && resource.data && paid ? (
        <Receipt paid={resource.data} navigate={navigate} />
      ) : null}
    </ScreenFrame>
  );
}

function Receipt({ paid, navigate }: { paid: Paid; navigate: ScreenProps['navigate'] }) {
  const { checkout, subscription } = paid;
  const end = subscription.periodEnd ? formatDate(new Date(subscription.periodEnd)) : null;
  return (
    <div className={styles.card} role="status">
      <div className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true">
        ✓
      </div>
      <p className={styles.cardTitle}>{checkout.planName} is active</p>
      <p className={styles.muted}>
        We received {formatMoney(checkout.amount, checkout.currency)}
        {checkout.renewal
          ? `. It renews on ${formatDate(new Date(checkout.renewal.at))} for ${formatMoney(checkout.renewal.amount, checkout.renewal.currency)}, until you cancel.`
          : end
            ? `. Your plan runs until ${end}.`
            : '.'}{' '}
        A receipt is in your payment history.
      </p>
      <div className={styles.actions}>
        <a
          href="/events"
          className={styles.primaryLink}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate('/events');
          }}
        >
          Watch live cricket
        </a>
        <ScreenLink to="/payment-history" navigate={navigate}>
          Payment history
        </ScreenLink>
        <ScreenLink to="/account" navigate={navigate}>
          Your account
        </ScreenLink>
      </div>
    </div>
  );
}
