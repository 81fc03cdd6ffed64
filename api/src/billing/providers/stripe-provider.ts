/**
 * The Stripe adapter (CREASE_PAYMENTS=stripe): Stripe Checkout Sessions through the official
 * `stripe` package, and webhooks verified with `stripe.webhooks.constructEvent` over the raw
 * body (its own timing-safe compare and tolerance). Stripe hosts the card page; our
 * /secure-payment screen is then never shown.
 */
import Stripe from 'stripe';
import type { BillingConfig } from '../../platform/billing-config';
import type {
  CheckoutSession,
  CheckoutSessionInput,
  PaymentProvider,
  ProviderEvent,
} from './payment-provider';
import { PaymentProviderError, WebhookVerificationError } from './payment-provider';

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

  private openSession(input: CheckoutSessionInput): Promise<Stripe.Checkout.Session> {
    return this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: input.checkoutId,
        customer_email: input.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
          },
        ],
        metadata: { checkoutId: input.checkoutId, planId: input.planId, userId: input.userId },
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
        // Stripe refuses less than 30 minutes.
        expires_at: Math.max(
          Math.floor(input.expiresAt.getTime() / 1000),
          Math.floor(Date.now() / 1000) + 30 * 60 + 5,
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
    const created = new Date(event.created * 1000);
    const payload = event as unknown as Record<string, unknown>;
    const base = { eventId: event.id, type: event.type, created, payload };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A completed session with a delayed method (bank debit) is paid later, or never.
        if (session.payment_status !== 'paid') return { kind: 'IGNORED', ...base };
        return {
          kind: 'PAYMENT_SUCCEEDED',
          ...base,
          sessionId: session.id,
          amountCents: session.amount_total,
          currency: session.currency?.toUpperCase() ?? null,
          providerReference:
            typeof session.payment_intent === 'string'
              ? session.payment_intent
              : (session.payment_intent?.id ?? session.id),
          failureCode: null,
          failureMessage: null,
        };
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const expired = event.type === 'checkout.session.expired';
        return {
          kind: expired ? 'SESSION_EXPIRED' : 'PAYMENT_FAILED',
          ...base,
          sessionId: session.id,
          amountCents: session.amount_total,
          currency: session.currency?.toUpperCase() ?? null,
          providerReference: null,
          // Checkout's delayed methods (bank debits) fail without a card decline code.
          failureCode: expired ? 'SESSION_EXPIRED' : 'CARD_DECLINED',
          failureMessage: expired
            ? 'The payment page expired before the payment was made.'
            : 'The payment failed. Try again or use another payment method.',
        };
      }
      default:
        return { kind: 'IGNORED', ...base };
    }
  }
}
