import type { Checkout, ScreenProps, Subscription } from '@crease/contract';
import { getCheckout, getSubscription } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { formatDate, formatMoney } from '../format/formatters';
import { PAYMENT_QUERY, confirmingPath } from './payment-paths';
import { passHomePath } from './payment-process/pay-for-pass';
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
  // A pass goes to what it plays: its match's page, or its league's matches.
  const watchPath = checkout.pass ? passHomePath(checkout.pass) : '/events';
  return (
    <div className={styles.card} role="status">
      <div className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true">
        ✓
      </div>
      <p className={styles.cardTitle}>
        {checkout.pass
          ? `Your ${checkout.planName.toLowerCase()} for ${checkout.pass.title} is ready`
          : `${checkout.planName} is active`}
      </p>
      <p className={styles.muted}>
        We received {formatMoney(checkout.amount, checkout.currency)}
        {checkout.renewal
          ? `. It renews on ${formatDate(new Date(checkout.renewal.at))} for ${formatMoney(checkout.renewal.amount, checkout.renewal.currency)}, until you cancel.`
          : checkout.pass
            ? '. It is paid once and never renews.'
            : end
              ? `. Your plan runs until ${end}.`
              : '.'}{' '}
        A receipt is in your payment history.
      </p>
      <div className={styles.actions}>
        <a
          href={watchPath}
          className={styles.primaryLink}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate(watchPath);
          }}
        >
          {checkout.pass?.scope === 'MATCH' ? 'Watch the match' : 'Watch live cricket'}
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
