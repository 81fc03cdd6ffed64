/**
 * The payment provider adapter (STYLE §12): the one extension point through which money moves.
 * The embedded sandbox (sandbox-provider.ts) and Stripe (stripe-provider.ts) implement it;
 * `CREASE_PAYMENTS` picks one (billing-config.ts). Nothing outside the adapters knows which runs.
 */
import type { MandateState, PaymentFailureCode, PaymentSystem } from '@crease/contract';

export interface CheckoutSessionInput {
  /** Our checkout id: the provider keeps it as its reference and sends it back in webhooks. */
  checkoutId: string;
  userId: string;
  email: string;
  planId: string;
  /** What the viewer sees on the provider's page. */
  description: string;
  /** What this payment takes. */
  amountCents: number;
  /**
   * The plan's list price: what each renewal charges. A coupon is for the first payment only
   * (issue 31 §10), so a subscription renews at this, not at `amountCents`.
   */
  listPriceCents: number;
  currency: string;
  /** The site page the provider returns the browser to (/payment-process?checkout=…). */
  returnUrl: string;
  /** The site origin the viewer is on (for the sandbox's hosted page on /secure-payment). */
  siteOrigin: string;
  expiresAt: Date;
  /**
   * A subscription plan (Plan.renews): the provider keeps the card for renewals every this many
   * days (the sandbox saves a payment method; Stripe opens a Customer and a Subscription).
   * null for a pass: one payment, nothing kept.
   */
  renewEveryDays: number | null;
}

/** The card as the provider reported it: Stripe's brand code (`visa`) and the last four digits. */
export interface CardFacts {
  brand: string;
  last4: string;
}

/** A UPI AutoPay mandate as the provider reported it when it was approved. */
export interface MandateFacts {
  id: string;
  vpa: string | null;
  maxAmountMinor: number;
  currency: string;
}

/** A charge to a saved card (a renewal or an upgrade), made off-session. */
export interface SavedCardChargeInput {
  paymentMethod: string;
  customerId: string | null;
  amountCents: number;
  currency: string;
  /** The renewal-key row's key: the same key never charges twice (decision 247). */
  idempotencyKey: string;
  description: string;
}

export type SavedCardCharge = { card: CardFacts | null } & (
  | { status: 'SUCCEEDED'; providerReference: string }
  | { status: 'FAILED'; failureCode: PaymentFailureCode; failureMessage: string }
);

/** Provider events about a subscription the provider itself renews (Stripe Billing). */
export type SubscriptionEvent = {
  eventId: string;
  type: string;
  created: Date;
  payload: Record<string, unknown>;
  providerSubscriptionId: string;
} & (
  | {
      /** invoice.paid for a renewal: the period now ends at periodEnd. */
      kind: 'RENEWAL_PAID';
      invoiceId: string;
      amountCents: number;
      currency: string;
      periodEnd: Date;
    }
  | {
      /** invoice.payment_failed: the provider retries on its schedule until nextAttemptAt. */
      kind: 'RENEWAL_FAILED';
      invoiceId: string;
      nextAttemptAt: Date | null;
      failureMessage: string;
    }
  | { kind: 'SUBSCRIPTION_ENDED' }
);

export interface CheckoutSession {
  sessionId: string;
  /** Where the browser pays. */
  redirectUrl: string;
}

/** A provider event after its signature checked out, in our words. */
export type ProviderEvent =
  | {
      kind: 'PAYMENT_SUCCEEDED' | 'PAYMENT_FAILED' | 'SESSION_EXPIRED';
      eventId: string;
      /** The provider's type name, for the record (checkout.session.completed). */
      type: string;
      /** When the provider created the event: orders events of one checkout. */
      created: Date;
      sessionId: string;
      amountCents: number | null;
      currency: string | null;
      /** The provider's payment reference (charge / payment intent id). */
      providerReference: string | null;
      failureCode: PaymentFailureCode | null;
      failureMessage: string | null;
      /** A reusable payment method the provider saved (a subscription's first payment). */
      paymentMethod?: string | null;
      providerCustomerId?: string | null;
      /** The provider's own subscription, when it renews it itself (Stripe). */
      providerSubscriptionId?: string | null;
      /** The card tried or charged, when the event says (the sandbox's does; Stripe: cardOf). */
      card?: CardFacts | null;
      /** A UPI AutoPay mandate the payment set up (its id is then `paymentMethod`). */
      mandate?: MandateFacts | null;
      payload: Record<string, unknown>;
    }
  | {
      /** Money given back on a payment (Stripe's charge.refunded): one row per refund id. */
      kind: 'REFUNDED';
      eventId: string;
      type: string;
      created: Date;
      payload: Record<string, unknown>;
      /** The payment's provider reference (the payment intent) and each refund in it. */
      providerReference: string;
      refunds: { refundId: string; amountCents: number; currency: string; created: Date }[];
    }
  | SubscriptionEvent
  | {
      /** A verified event this API does not act on: acknowledged, stored, not applied. */
      kind: 'IGNORED';
      eventId: string;
      type: string;
      created: Date;
      payload: Record<string, unknown>;
    };

/** Why a webhook was refused. Both mean "not from the provider now": 400, never applied. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: 'signature' | 'stale',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A provider call that failed (decision 105). `unavailable`: it did not answer or answered with
 * its own failure (connection refused, timeout, 5xx, its rate limit): worth trying again later.
 * `refused`: it answered that our request is wrong (a bad key, a bad parameter): a fault on our
 * side that a retry will not fix. Either way the provider made nothing we will use.
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    readonly kind: 'unavailable' | 'refused',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface RefundInput {
  /** The payment's provider reference (charge / payment intent). */
  providerReference: string;
  /** null: all that is left of the charge (Stripe's `refunds.create` without an amount). */
  amountCents: number | null;
  idempotencyKey: string;
}

/** The provider refused a refund: more than is left of the charge, or no such charge. */
export class RefundRefusedError extends Error {
  constructor(readonly reason: 'EXCEEDS_CHARGE' | 'NO_CHARGE') {
    super(reason === 'EXCEEDS_CHARGE' ? 'more than is left of the charge' : 'no such charge');
  }
}

export interface PaymentProvider {
  readonly system: PaymentSystem;
  /** The path segment of its webhook (BILLING_PATHS.webhook `:provider`). */
  readonly webhookName: string;
  /** Throws PaymentProviderError when the provider fails or refuses. */
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  /**
   * Ends an open session now, so its page refuses payment, and the provider sends its
   * `checkout.session.expired` webhook (decision 203). A session already paid or ended is left
   * as it is. Throws PaymentProviderError when the provider fails or refuses.
   */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /**
   * Verifies a webhook over its raw body (timing-safe, timestamp tolerance) and parses it.
   * Throws WebhookVerificationError.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): ProviderEvent;
  /**
   * Charges a saved card off-session, once per idempotency key: asking again with the same key
   * answers the first result and charges nothing more. A decline is a FAILED result; a provider
   * that did not answer throws PaymentProviderError (the charge is tried again later).
   */
  chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardCharge>;
  /**
   * Turns renewal of a provider-renewed subscription off (cancel at period end) or back on.
   * Throws PaymentProviderError.
   */
  setRenewal(providerSubscriptionId: string, renew: boolean): Promise<void>;
  /**
   * The card behind a payment reference, for a provider whose events do not carry it (Stripe:
   * the payment intent's charge); null when unknown. Never throws: a receipt without the card
   * is better than a payment not recorded.
   */
  cardOf(providerReference: string): Promise<CardFacts | null>;
  /**
   * Gives money back on a payment (decision 351), once per idempotency key. The ledger learns of
   * it from the provider's `charge.refunded` webhook, never from this answer. A refund over what
   * is left of the charge throws RefundRefusedError; a provider failure PaymentProviderError.
   */
  refund(input: RefundInput): Promise<{ refundId: string; amountCents: number }>;
  /**
   * A UPI AutoPay mandate's state at the provider now (decision 462): asked before each renewal
   * debit. A mandate the provider does not know is REVOKED. Throws PaymentProviderError.
   */
  mandateState(mandateId: string): Promise<MandateState>;
  /** Revokes a mandate at the provider (cancel on /account). Throws PaymentProviderError. */
  revokeMandate(mandateId: string): Promise<void>;
  /** Background work (the sandbox's webhook dispatcher); stopped before the database closes. */
  start(): void;
  stop(): Promise<void>;
}
