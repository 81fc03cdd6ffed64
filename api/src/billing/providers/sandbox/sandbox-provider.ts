/**
 * The sandbox payment adapter (decision 092): the API's PaymentProvider over the simulated
 * provider (simulated-provider.ts), as stripe-provider.ts is over Stripe. It opens checkout
 * sessions there and reads the webhooks it signs; the API learns about money only from those
 * webhooks, never from this code directly.
 */
import type { MandateState, PaymentFailureCode } from '@crease/contract';
import type { BillingConfig } from '../../../platform/billing-config';
import type {
  CardFacts,
  MandateFacts,
  CheckoutSession,
  CheckoutSessionInput,
  PaymentProvider,
  ProviderEvent,
  RefundInput,
  SavedCardCharge,
  SavedCardChargeInput,
} from '../payment-provider';
import { WebhookVerificationError } from '../payment-provider';
import { SANDBOX_SIGNATURE_HEADER, verifySignatureHeader } from '../webhook-signature';
import { EVENT_COMPLETED, EVENT_EXPIRED, EVENT_FAILED, EVENT_REFUNDED } from './sandbox-wire';
import { refundCharge, refundedEvent } from './sandbox-refunds';
import type { SimulatedProvider } from './simulated-provider';
import { mandateStatus, setMandateStatus } from './sandbox-mandates';

export class SandboxProvider implements PaymentProvider {
  readonly system = 'SANDBOX' as const;
  readonly webhookName = 'sandbox';

  constructor(
    /** The simulated provider this adapter talks to (its hosted-page routes use it directly). */
    readonly simulated: SimulatedProvider,
    private readonly config: BillingConfig,
  ) {}

  start(): void {
    this.simulated.start();
  }

  stop(): Promise<void> {
    return this.simulated.stop();
  }

  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    return this.simulated.openSession(input);
  }

  chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardCharge> {
    return this.simulated.chargeSavedCard(input);
  }

  /** The sandbox's events carry the card (payment_method_details), as its charges keep it. */
  async cardOf(): Promise<CardFacts | null> {
    return null;
  }

  async mandateState(mandateId: string): Promise<MandateState> {
    const status = await mandateStatus(this.simulated.db, mandateId);
    return status === 'active' ? 'ACTIVE' : status === 'paused' ? 'PAUSED' : 'REVOKED';
  }

  revokeMandate(mandateId: string): Promise<void> {
    const { db, clock } = this.simulated;
    return setMandateStatus(db, mandateId, 'revoked', clock.now());
  }

  /** The sandbox keeps no subscription of its own: the API's renewal job renews (decision 245). */
  async setRenewal(): Promise<void> {}

  /** A displaced checkout's session ends at once (decision 203): its hosted page refuses it. */
  expireCheckoutSession(sessionId: string): Promise<void> {
    return this.simulated.expireCheckoutSession(sessionId);
  }

  /** Money back on a charge; the sandbox's `charge.refunded` webhook tells the ledger (351). */
  refund(input: RefundInput): Promise<{ refundId: string; amountCents: number }> {
    const { db, clock, dispatcher } = this.simulated;
    return refundCharge(db, clock.now(), dispatcher, input);
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): ProviderEvent {
    verifySignatureHeader(
      headers[SANDBOX_SIGNATURE_HEADER],
      rawBody,
      this.config.sandbox.webhookSecret,
      this.config.webhookToleranceSeconds,
      now,
    );
    let event: {
      id?: unknown;
      type?: unknown;
      created?: unknown;
      data?: { object?: Record<string, unknown> };
    };
    try {
      event = JSON.parse(rawBody.toString('utf8')) as typeof event;
    } catch {
      throw new WebhookVerificationError('signature', 'The signed body is not JSON.');
    }
    const object = event.data?.object ?? {};
    const eventId = String(event.id ?? '');
    const type = String(event.type ?? '');
    const created = new Date(Number(event.created) * 1000);
    const payload = event as Record<string, unknown>;
    if (!eventId || Number.isNaN(created.getTime()))
      throw new WebhookVerificationError('signature', 'The event has no id or creation time.');
    if (type === EVENT_REFUNDED) return refundedEvent({ eventId, type, created, payload }, object);
    if (type !== EVENT_COMPLETED && type !== EVENT_FAILED && type !== EVENT_EXPIRED)
      return { kind: 'IGNORED', eventId, type, created, payload };
    const failure = object.last_payment_error as { code?: string; message?: string } | null;
    return {
      kind:
        type === EVENT_COMPLETED
          ? 'PAYMENT_SUCCEEDED'
          : type === EVENT_EXPIRED
            ? 'SESSION_EXPIRED'
            : 'PAYMENT_FAILED',
      eventId,
      type,
      created,
      sessionId: String(object.id ?? ''),
      amountCents: typeof object.amount_total === 'number' ? object.amount_total : null,
      currency: typeof object.currency === 'string' ? object.currency.toUpperCase() : null,
      providerReference: typeof object.payment_intent === 'string' ? object.payment_intent : null,
      paymentMethod: typeof object.payment_method === 'string' ? object.payment_method : null,
      failureCode: (failure?.code as PaymentFailureCode | undefined) ?? null,
      failureMessage: failure?.message ?? null,
      card: cardIn(object),
      mandate: mandateIn(object),
      payload,
    };
  }
}

/** The UPI AutoPay mandate a subscription's UPI payment set up, as the event carries it. */
function mandateIn(object: Record<string, unknown>): MandateFacts | null {
  const mandate = object.mandate as
    { id?: unknown; vpa?: unknown; max_amount?: unknown; currency?: unknown } | null | undefined;
  return typeof mandate?.id === 'string' && typeof mandate.max_amount === 'number'
    ? {
        id: mandate.id,
        vpa: typeof mandate.vpa === 'string' ? mandate.vpa : null,
        maxAmountMinor: mandate.max_amount,
        currency: String(mandate.currency ?? ''),
      }
    : null;
}

/** The card of a checkout-session event's `payment_method_details`, as Stripe's charge has it. */
function cardIn(object: Record<string, unknown>): CardFacts | null {
  const details = object.payment_method_details as
    { card?: { brand?: unknown; last4?: unknown } } | undefined;
  const card = details?.card;
  return typeof card?.brand === 'string' && typeof card.last4 === 'string'
    ? { brand: card.brand, last4: card.last4 }
    : null;
}
