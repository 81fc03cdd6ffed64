/**
 * What the simulated provider says to the outside: the merchant on its hosted page, where its
 * webhooks go, the event types it sends, and a card as the viewer types it.
 */
export const SANDBOX_MERCHANT = 'Crease';
export const SANDBOX_WEBHOOK_PATH = '/api/v1/billing/webhooks/sandbox';

export const EVENT_COMPLETED = 'checkout.session.completed';
export const EVENT_FAILED = 'checkout.session.payment_failed';
export const EVENT_EXPIRED = 'checkout.session.expired';
/** Stripe's event for money given back on a charge (decision 351). */
export const EVENT_REFUNDED = 'charge.refunded';

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}
