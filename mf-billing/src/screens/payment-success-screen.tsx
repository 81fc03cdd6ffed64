import type { Checkout, ScreenProps, Subscription } from '@crease/contract';
import { getCheckout, getSubscription } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { useWords } from '../format/use-format';
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
  const { t } = useWords();
  return (
    <ScreenFrame
      width="narrow"
      titleId="payment-success-title"
      eyebrow={t('success.eyebrow')}
      title={paid ? t('success.title') : t('success.titlePlain')}
    >
      {resource.state === 'loading' ? <Loading label={t('payment.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('payment.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && (!resource.data || !paid) ? (
        <EmptyState
          title={t('success.notConfirmed')}
          action={
            resource.data ? (
              <ScreenLink
                to={confirmingPath(resource.data.checkout.checkoutId)}
                navigate={navigate}
              >
                {t('success.checkStatus')}
              </ScreenLink>
            ) : (
              <ScreenLink to="/plans" navigate={navigate}>
                {t('nav.plans')}
              </ScreenLink>
            )
          }
        >
          <p>{t('success.noPayment')}</p>
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
  const { t, money, date } = useWords();
  const end = subscription.periodEnd ? date(subscription.periodEnd) : null;
  const received = money(checkout.amount, checkout.currency);
  // A pass goes to what it plays: its match's page, or its league's matches.
  const watchPath = checkout.pass ? passHomePath(checkout.pass) : '/events';
  return (
    <div className={styles.card} role="status">
      <div className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true">
        ✓
      </div>
      <p className={styles.cardTitle}>
        {checkout.pass
          ? t(
              checkout.pass.scope === 'MATCH'
                ? 'success.matchPassReady'
                : 'success.seasonPassReady',
              {
                title: checkout.pass.title,
              },
            )
          : t('success.active', { plan: checkout.planName })}
      </p>
      <p className={styles.muted}>
        {checkout.renewal
          ? t('success.receivedRenews', {
              amount: received,
              date: date(checkout.renewal.at),
              renewal: money(checkout.renewal.amount, checkout.renewal.currency),
            })
          : checkout.pass
            ? t('success.receivedPass', { amount: received })
            : end
              ? t('success.receivedUntil', { amount: received, end })
              : t('success.received', { amount: received })}{' '}
        {t('success.receiptInHistory')}
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
          {checkout.pass?.scope === 'MATCH' ? t('nav.watchMatch') : t('nav.watchLive')}
        </a>
        <ScreenLink to="/payment-history" navigate={navigate}>
          {t('nav.paymentHistory')}
        </ScreenLink>
        <ScreenLink to="/account" navigate={navigate}>
          {t('nav.account')}
        </ScreenLink>
      </div>
    </div>
  );
}
