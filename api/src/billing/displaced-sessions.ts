/**
 * A checkout whose coupon place was taken over must not stay payable (decision 203): otherwise a
 * viewer who pays both sessions uses the coupon once more than its per-account limit. So every
 * takeover ends the displaced checkouts' provider sessions, after the takeover's transaction
 * committed (the account row lock is never held across a provider call).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from './providers/payment-provider';

/** A checkout a takeover displaced: what its provider needs to end its session. */
export interface DisplacedCheckout {
  id: string;
  sessionId: string;
  paymentSystem: string;
}

/**
 * Ends each displaced checkout's provider session. A failure is logged, never thrown: the
 * viewer's new checkout (or the payment being applied) stands, and the old session then ends
 * at its own expiry; a payment on it meanwhile claims the coupon's place back if it can, and is refunded if not
 * (claimCheckoutPayment, decision 392).
 */
export async function expireDisplacedSessions(
  provider: PaymentProvider,
  displaced: readonly DisplacedCheckout[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const checkout of displaced) {
    const context = { checkoutId: checkout.id, sessionId: checkout.sessionId };
    // A session of the provider used before a switch: this provider cannot end it.
    if (checkout.paymentSystem !== provider.system) {
      log.warn(
        { ...context, paymentSystem: checkout.paymentSystem },
        'a displaced checkout belongs to another payment provider; its session stays open until it expires',
      );
      continue;
    }
    try {
      await provider.expireCheckoutSession(checkout.sessionId);
    } catch (error) {
      log.warn(
        { ...context, err: error },
        'could not expire a displaced checkout session; it stays payable until it expires',
      );
    }
  }
}
