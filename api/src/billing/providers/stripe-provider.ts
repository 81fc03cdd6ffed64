/**
 * The Stripe adapter (CREASE_PAYMENTS=stripe): Stripe Checkout Sessions through the official
 * `stripe` package, and webhooks verified with `stripe.webhooks.constructEvent` over the raw
 * body (its own timing-safe compare and tolerance). Stripe hosts the card page; our
 * /secure-payment screen is then never shown.
 */
import Stripe from 'stripe';
import type { BillingConfig } from '../../platform/billing-config';
import { epochSeconds } from '../../platform/clock';
import type { Clock } from '../../platform/clock';
import type { MandateState } from '@crease/contract';
import type {
  CheckoutSession,
  CheckoutSessionInput,
  PaymentProvider,
  ProviderEvent,
} from './payment-provider';
import {
  PaymentProviderError,
  RefundRefusedError,
  WebhookVerificationError,
} from './payment-provider';
import type {
  CardFacts,
  RefundInput,
  SavedCardCharge,
  SavedCardChargeInput,
} from './payment-provider';

/** The card of an expanded charge (`payment_method_details.card`). */
function chargeCard(charge: string | Stripe.Charge | null | undefined): CardFacts | null {
  const card = typeof charge === 'object' ? charge?.payment_method_details?.card : null;
  return card ? { brand: card.brand ?? 'unknown', last4: card.last4 ?? '' } : null;
}

/** The card of a PaymentMethod (a card error's `payment_method`). */
function methodCard(method: Stripe.PaymentMethod | undefined): CardFacts | null {
  return method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
}
import { toProviderEvent } from './stripe-events';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * Per attempt, and how many times the client tries again itself (with Stripe's idempotency key):
 * at most about 2 × 8 s before the viewer is told, inside the shell's 30 s request timeout.
 */
const STRIPE_TIMEOUT_MS = 8_000;
const STRIPE_NETWORK_RETRIES = 1;
/** Expiring a displaced session: at most about 2 × 4 s more after the create (same retries). */
const STRIPE_EXPIRE_TIMEOUT_MS = 4_000;

/**
 * What a failed Stripe call means for us (decision 105). No answer, Stripe's own failure (5xx) or
 * its rate limit: unavailable, try again later. Anything else Stripe answered (a bad key, a bad
 * parameter, a conflicting idempotency key): refused, our fault.
 */
export function providerErrorOf(error: unknown): PaymentProviderError {
  const message = error instanceof Error ? error.message : String(error);
  const transient =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);
  const known = error instanceof Stripe.errors.StripeError;
  return new PaymentProviderError(
    transient || !known ? 'unavailable' : 'refused',
    `Stripe: ${message}`,
    { cause: error },
  );
}

type StripeSettings = NonNullable<BillingConfig['stripe']>;

export class StripeProvider implements PaymentProvider {
  readonly system = 'STRIPE' as const;
  readonly webhookName = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    private readonly settings: StripeSettings,
    private readonly toleranceSeconds: number,
    private readonly clock: Clock,
  ) {
    const base = settings.apiBase ? new URL(settings.apiBase) : null;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: STRIPE_NETWORK_RETRIES,
      timeout: STRIPE_TIMEOUT_MS,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  start(): void {}

  async stop(): Promise<void> {}

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.openSession(input);
    } catch (error) {
      throw providerErrorOf(error);
    }
    if (!session.url)
      throw new PaymentProviderError('refused', 'Stripe returned a checkout session without a URL');
    return { sessionId: session.id, redirectUrl: session.url };
  }

  /**
   * `checkout.sessions.expire` (decision 203): Stripe's page then refuses the session and Stripe
   * sends `checkout.session.expired`. A shorter budget than a create: the viewer's new checkout
   * is already made and only waits for this so its old page is dead when the answer comes.
   */
  async expireCheckoutSession(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(
        sessionId,
        {},
        { idempotencyKey: `crease-expire-${sessionId}`, timeout: STRIPE_EXPIRE_TIMEOUT_MS },
      );
    } catch (error) {
      throw providerErrorOf(error);
    }
  }

  /**
   * An upgrade's prorated charge to the subscription's saved card: a PaymentIntent confirmed
   * off-session, with our renewal key as Stripe's idempotency key (decision 247).
   */
  async chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          payment_method: input.paymentMethod,
          ...(input.customerId ? { customer: input.customerId } : {}),
          off_session: true,
          confirm: true,
          description: input.description,
          // The charge comes back with it, and with the charge the card (receipts, history).
          expand: ['latest_charge'],
        },
        { idempotencyKey: `crease-${input.idempotencyKey}` },
      );
      const card = chargeCard(intent.latest_charge);
      if (intent.status === 'succeeded')
        return { status: 'SUCCEEDED', providerReference: intent.id, card };
      return {
        card,
        status: 'FAILED',
        failureCode: 'AUTHENTICATION_FAILED',
        failureMessage: 'Your bank asked to confirm this payment. Pay with your card again.',
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return {
          card: methodCard(error.payment_method),
          status: 'FAILED',
          failureCode: error.code === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
          failureMessage: error.message,
        };
      throw providerErrorOf(error);
    }
  }

  /** A payment intent's card (checkout.session.completed names only the intent); null if unknown. */
  async cardOf(providerReference: string): Promise<CardFacts | null> {
    if (!providerReference.startsWith('pi_')) return null;
    try {
      const intent = await this.stripe.paymentIntents.retrieve(providerReference, {
        expand: ['latest_charge'],
      });
      return chargeCard(intent.latest_charge);
    } catch {
      return null;
    }
  }

  /** Cancel at period end, or resume before it: Stripe's own `cancel_at_period_end`. */
  /** Stripe renews its own subscriptions (India's card mandates included): no UPI mandate here. */
  async mandateState(): Promise<MandateState> {
    throw new PaymentProviderError('refused', 'Stripe keeps no UPI AutoPay mandate for this API.');
  }

  async revokeMandate(): Promise<void> {
    throw new PaymentProviderError('refused', 'Stripe keeps no UPI AutoPay mandate for this API.');
  }

  async setRenewal(providerSubscriptionId: string, renew: boolean): Promise<void> {
    try {
      await this.stripe.subscriptions.update(providerSubscriptionId, {
        cancel_at_period_end: !renew,
      });
    } catch (error) {
      throw providerErrorOf(error);
    }
  }

  /**
   * What a refund names: a payment intent as it is, or, for a subscription's first payment (its
   * reference is the invoice, `in_…`), the payment intent that paid the invoice.
   */
  private async refundTarget(
    providerReference: string,
  ): Promise<{ payment_intent?: string; charge?: string }> {
    if (!providerReference.startsWith('in_')) return { payment_intent: providerReference };
    const invoice = await this.stripe.invoices.retrieve(providerReference, {
      expand: ['payments'],
    });
    const paid = invoice.payments?.data.find((payment) => payment.status === 'paid')?.payment;
    const intent =
      typeof paid?.payment_intent === 'string' ? paid.payment_intent : paid?.payment_intent?.id;
    if (intent) return { payment_intent: intent };
    const charge = typeof paid?.charge === 'string' ? paid.charge : paid?.charge?.id;
    if (charge) return { charge };
    throw new RefundRefusedError('NO_CHARGE');
  }

  /** `refunds.create` on the payment intent; Stripe then sends `charge.refunded` (decision 351). */
  async refund(input: RefundInput): Promise<{ refundId: string; amountCents: number }> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          ...(await this.refundTarget(input.providerReference)),
          ...(input.amountCents === null ? {} : { amount: input.amountCents }),
        },
        { idempotencyKey: `crease-${input.idempotencyKey}` },
      );
      return { refundId: refund.id, amountCents: refund.amount };
    } catch (error) {
      if (error instanceof RefundRefusedError) throw error;
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new RefundRefusedError(
          error.code === 'resource_missing' ? 'NO_CHARGE' : 'EXCEEDS_CHARGE',
        );
      throw providerErrorOf(error);
    }
  }

  /**
   * A subscription's Checkout Session carries the list price as its recurring price, so Stripe
   * renews at the list price; a coupon's first-payment discount is a Stripe coupon that applies
   * once (`duration: once`), made for this checkout alone. A pass is paid once: its one price is
   * the amount taken.
   */
  private async openSession(input: CheckoutSessionInput): Promise<Stripe.Checkout.Session> {
    const metadata = { checkoutId: input.checkoutId, planId: input.planId, userId: input.userId };
    const renews = input.renewEveryDays !== null;
    const discountCents = renews ? input.listPriceCents - input.amountCents : 0;
    const firstPaymentDiscount =
      discountCents > 0
        ? await this.stripe.coupons.create(
            {
              amount_off: discountCents,
              currency: input.currency.toLowerCase(),
              duration: 'once',
              max_redemptions: 1,
              metadata,
            },
            { idempotencyKey: `crease-coupon-${input.checkoutId}` },
          )
        : null;
    return this.stripe.checkout.sessions.create(
      {
        // A subscription plan: Stripe makes a Customer and a Subscription that it renews itself,
        // and tells us by invoice.paid / invoice.payment_failed / customer.subscription.deleted.
        mode: renews ? 'subscription' : 'payment',
        client_reference_id: input.checkoutId,
        customer_email: input.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: renews ? input.listPriceCents : input.amountCents,
              product_data: { name: input.description },
              ...(renews
                ? { recurring: { interval: 'day', interval_count: input.renewEveryDays ?? 30 } }
                : {}),
            },
          },
        ],
        ...(firstPaymentDiscount ? { discounts: [{ coupon: firstPaymentDiscount.id }] } : {}),
        metadata,
        ...(renews ? { subscription_data: { metadata } } : {}),
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
        // Stripe refuses less than 30 minutes.
        expires_at: Math.max(
          Math.floor(input.expiresAt.getTime() / 1000),
          epochSeconds(this.clock.now()) + 30 * 60 + 5,
        ),
      },
      // Stripe's own idempotency: a retried create after a lost answer makes no second session.
      { idempotencyKey: `crease-checkout-${input.checkoutId}` },
    );
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): ProviderEvent {
    const header = headers[STRIPE_SIGNATURE_HEADER];
    if (typeof header !== 'string')
      throw new WebhookVerificationError('signature', 'No Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        header,
        this.settings.webhookSecret,
        this.toleranceSeconds,
        undefined,
        now.getTime(),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new WebhookVerificationError(
        /tolerance/i.test(message) ? 'stale' : 'signature',
        message,
      );
    }
    return toProviderEvent(event);
  }
}
