/** The payment flow's own URLs, built in one place so the screens agree on their parameters. */

export const PAYMENT_QUERY = {
  planId: 'planId',
  coupon: 'coupon',
  checkout: 'checkout',
  session: 'session',
  /** 'paid' when the provider took the card: an earlier failed attempt is not the answer. */
  expect: 'expect',
} as const;

/** The order summary for a plan (and a coupon the viewer applied on /plans). */
export function paymentProcessPath(planId: string, coupon?: string): string {
  const query = new URLSearchParams({ [PAYMENT_QUERY.planId]: planId });
  if (coupon) query.set(PAYMENT_QUERY.coupon, coupon);
  return `/payment-process?${query}`;
}

/** "Confirming your payment": polls this checkout until the provider's webhook has landed. */
export function confirmingPath(checkoutId: string): string {
  return `/payment-process?${new URLSearchParams({ [PAYMENT_QUERY.checkout]: checkoutId })}`;
}

export function outcomePath(outcome: 'success' | 'fail', checkoutId: string): string {
  return `/payment-${outcome}?${new URLSearchParams({ [PAYMENT_QUERY.checkout]: checkoutId })}`;
}

export function securePaymentPath(sessionId: string): string {
  return `/secure-payment?${new URLSearchParams({ [PAYMENT_QUERY.session]: sessionId })}`;
}

/**
 * Where the provider sends the browser back to. Our own pages move through the shell's router;
 * another origin (a real provider's hosted page) is a full page load.
 */
export function followRedirect(
  url: string,
  navigate: (to: string) => void,
  here: string = window.location.href,
): void {
  const target = new URL(url, here);
  if (target.origin === new URL(here).origin) navigate(`${target.pathname}${target.search}`);
  else window.location.assign(target.href);
}

/** The provider took the card: the confirming step waits for PAID (see ConfirmingPayment). */
export function expectingPaid(returnUrl: string, here: string = window.location.href): string {
  const url = new URL(returnUrl, here);
  url.searchParams.set(PAYMENT_QUERY.expect, 'paid');
  return url.href;
}

/** A same-site URL as the router path it names. */
export function sitePath(url: string, here: string = window.location.href): string {
  const target = new URL(url, here);
  return `${target.pathname}${target.search}`;
}
