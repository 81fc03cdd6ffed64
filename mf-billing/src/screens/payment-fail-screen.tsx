import type { Checkout, PaymentFailureCode, ScreenProps } from '@crease/contract';
import { getCheckout } from '../api/billing-client';
import { ScreenFrame } from '../components/screen-frame';
import { ScreenLink } from '@crease/ui';
import { EmptyState, LoadFailed, Loading } from '../components/screen-states';
import { useResource } from '../components/use-resource';
import { PAYMENT_QUERY, outcomePath, paymentProcessPath, securePaymentPath } from './payment-paths';
import styles from './payment-screens.module.css';

/** What each provider failure means to the viewer, and what to do about it. */
const REASONS: Readonly<Record<PaymentFailureCode, string>> = {
  CARD_DECLINED: 'Your card was declined. Try another card, or ask your bank why.',
  INSUFFICIENT_FUNDS: 'The card has insufficient funds. Try another card.',
  AUTHENTICATION_FAILED: 'The payment was not confirmed with your bank. Try again and confirm it.',
  SESSION_EXPIRED: 'The payment page expired before the payment was made. Start again.',
  COUPON_UNAVAILABLE:
    'The coupon could no longer be used for this payment, so nothing was charged. Go back to the plans to pay without it.',
  ACCOUNT_CLOSED: 'This account has been deleted, so nothing was charged.',
  COUPON_REFUNDED:
    'The coupon could no longer be used for this payment, so the whole payment has been refunded to your card. Go back to the plans to pay without it.',
  UPI_DECLINED:
    'Your UPI app or bank declined the payment. Nothing was charged. Try again, or pay by card.',
  MANDATE_INACTIVE:
    'Your UPI AutoPay mandate is paused or revoked, so nothing was charged. Pay again to renew.',
  AUTHENTICATION_REQUIRED:
    'This renewal needs your approval (over ₹15,000), so it was not charged. Pay again to approve it.',
  PASS_ALREADY_OWNED:
    'You already have this pass (it was paid in another tab or window), so this payment was not kept. Your pass plays the match.',
};

/** A coupon that could not be used: another card on the same page cannot bring it back. */
const COUPON_GONE: readonly (PaymentFailureCode | null)[] = [
  'COUPON_UNAVAILABLE',
  'COUPON_REFUNDED',
  'PASS_ALREADY_OWNED',
];

export function failureReason(checkout: Checkout): string {
  if (checkout.failureCode) return REASONS[checkout.failureCode];
  return checkout.failureMessage ?? 'The payment did not go through.';
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
  return (
    <ScreenFrame
      width="narrow"
      titleId="payment-fail-title"
      eyebrow="Payment not taken"
      title="Your payment didn’t go through"
    >
      {resource.state === 'loading' ? <Loading label="Loading your payment…" /> : null}
      {resource.state === 'failed' ? (
        <LoadFailed what="your payment" problem={resource.problem} onRetry={retry} />
      ) : null}
      {resource.state === 'ready' && !resource.data ? (
        <EmptyState
          title="There is no payment to show"
          action={
            <ScreenLink to="/plans" navigate={navigate}>
              See the plans
            </ScreenLink>
          }
        />
      ) : null}
      {resource.state === 'ready' && resource.data?.status === 'PAID' ? (
        <EmptyState
          title="Good news: this payment went through"
          action={
            <ScreenLink to={outcomePath('success', resource.data.checkoutId)} navigate={navigate}>
              See your plan
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
            <p className={styles.cardTitle}>{resource.data.planName}: payment failed</p>
            <p className={styles.muted}>{failureReason(resource.data)}</p>
          </div>
          <p className={styles.muted}>You have not been charged.</p>
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
              Try again
            </a>
            <ScreenLink to="/plans" navigate={navigate}>
              Choose another plan
            </ScreenLink>
          </div>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
