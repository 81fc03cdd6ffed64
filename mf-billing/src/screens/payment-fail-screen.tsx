import type { Checkout, PaymentFailureCode, ScreenProps } from '@crease/contract';
import { getCheckout } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { PAYMENT_QUERY, outcomePath, paymentProcessPath, securePaymentPath } from './payment-paths';
import { useMessages } from '../messages';
import type { BillingMessageKey } from '../messages';
import type { Translator } from '@crease/ui/i18n';
import styles from './payment-screens.module.css';

/** A coupon that could not be used: another card on the same page cannot bring it back. */
const COUPON_GONE: readonly (PaymentFailureCode | null)[] = [
  'COUPON_UNAVAILABLE',
  'COUPON_REFUNDED',
  'PASS_ALREADY_OWNED',
];

/** What the provider's failure means to the viewer, and what to do about it (`failure.<code>`). */
export function failureReason(
  checkout: Checkout,
  { t }: Pick<Translator<BillingMessageKey>, 't'>,
): string {
  if (checkout.failureCode) return t(`failure.${checkout.failureCode}`);
  return checkout.failureMessage ?? t('failure.unknown');
}

/** Try again on the same provider session while it is open; an expired one needs a new checkout. */
function tryAgainPath(checkout: Checkout): string {
  // Another card on the same page cannot bring a coupon back: start again without it.
  if (COUPON_GONE.includes(checkout.failureCode)) return paymentProcessPath(checkout.planId);
  if (checkout.status === 'FAILED' && checkout.failureCode !== 'SESSION_EXPIRED')
    return securePaymentPath(checkout.sessionId);
  return paymentProcessPath(checkout.planId, checkout.couponCode ?? undefined);
}

/** /payment-fail?checkout=…: why the payment failed (as the provider reported it), and a way on. */
export function PaymentFailScreen({ platform, navigate, location }: ScreenProps) {
  const checkoutId = new URLSearchParams(location.search).get(PAYMENT_QUERY.checkout);
  const { resource, retry } = useResource(
    () => (checkoutId ? getCheckout(platform, checkoutId) : Promise.resolve(null)),
    [checkoutId],
  );
  const words = useMessages();
  const { t } = words;
  return (
    <ScreenFrame
      width="narrow"
      titleId="payment-fail-title"
      eyebrow={t('secure.notTaken')}
      title={t('fail.title')}
    >
      {resource.state === 'loading' ? <Loading label={t('payment.loading')} /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what={t('payment.what')} problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && !resource.data ? (
        <EmptyState
          title={t('fail.nothing')}
          action={
            <ScreenLink to="/plans" navigate={navigate}>
              {t('nav.plans')}
            </ScreenLink>
          }
        />
      ) : null}
      {resource.state === 'ready' && resource.data?.status === 'PAID' ? (
        <EmptyState
          title={t('fail.wentThrough')}
          action={
            <ScreenLink to={outcomePath('success', resource.data.checkoutId)} navigate={navigate}>
              {t('fail.seePlan')}
            </ScreenLink>
          }
        />
      ) : null}
      {resource.state === 'ready' && resource.data && resource.data.status !== 'PAID' ? (
        <div className={styles.card}>
          <div className={`${styles.icon} ${styles.iconFail}`} aria-hidden="true">
            !
          </div>
          <div role="alert">
            <p className={styles.cardTitle}>
              {t('fail.planFailed', { plan: resource.data.planName })}
            </p>
            <p className={styles.muted}>{failureReason(resource.data, words)}</p>
          </div>
          <p className={styles.muted}>{t('fail.notCharged')}</p>
          <div className={styles.actions}>
            <a
              href={tryAgainPath(resource.data)}
              className={styles.primaryLink}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                navigate(tryAgainPath(resource.data!));
              }}
            >
              {t('action.tryAgain')}
            </a>
            <ScreenLink to="/plans" navigate={navigate}>
              {t('fail.another')}
            </ScreenLink>
          </div>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
