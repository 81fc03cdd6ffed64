/**
 * The Razorpay adapter (issue 34 §2, decision 464), over the official `razorpay` package. A
 * one-off payment is a Payment Link (its hosted page takes UPI, cards and netbanking and returns
 * to our /payment-process); a subscription is a Razorpay Subscription on a plan made for it,
 * whose hosted page sets up the mandate (UPI AutoPay or an e-mandate on a card) with the first
 * payment. Razorpay then debits the renewals itself, sends the RBI's pre-debit notices, retries
 * on its own rule and tells us by webhooks (razorpay-events.ts), as Stripe Billing does.
 */
import Razorpay from 'razorpay';
import type { MandateState } from '@crease/contract';
import type { BillingConfig } from '../../platform/billing-config';
import type {
  CardFacts,
  CheckoutSession,
  CheckoutSessionInput,
  PaymentProvider,
  ProviderEvent,
  RefundInput,
  SavedCardCharge,
} from './payment-provider';
import { PaymentProviderError, RefundRefusedError } from './payment-provider';
import { cardOfPayment, toRazorpayEvent, verifyRazorpaySignature } from './razorpay-events';

type RazorpayConfig = NonNullable<BillingConfig['razorpay']>;
type Entity = Record<string, unknown>;

/** A Razorpay subscription must say how many cycles it may run: ten years' worth. */
const MAX_CYCLES_DAYS = 3650;

/** Razorpay's error (the package rejects with `{ statusCode, error }`) in our two kinds. */
function providerError(error: unknown): Error {
  if (error instanceof PaymentProviderError || error instanceof RefundRefusedError) return error;
  const failure = error as { statusCode?: number; error?: { description?: string } } | null;
  const status = failure?.statusCode;
  const message = failure?.error?.description ?? (error as Error | null)?.message ?? 'no answer';
  return status !== undefined && status >= 400 && status < 500 && status !== 429
    ? new PaymentProviderError('refused', `Razorpay refused the request: ${message}`, {
        cause: error,
      })
    : new PaymentProviderError('unavailable', `Razorpay did not answer: ${message}`, {
        cause: error,
      });
}

export class RazorpayProvider implements PaymentProvider {
  readonly system = 'RAZORPAY' as const;
  readonly webhookName = 'razorpay';
  private readonly client: Razorpay;

  constructor(private readonly config: RazorpayConfig) {
    this.client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
    // The package has no option for its host; tests and proxies set the one axios uses.
    if (config.apiBase)
      (
        this.client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
      ).api.rq.defaults.baseURL = config.apiBase;
  }

  start(): void {}

  async stop(): Promise<void> {}

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw providerError(error);
    }
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const expireBy = Math.floor(input.expiresAt.getTime() / 1000);
    const notes = { checkoutId: input.checkoutId, userId: input.userId };
    if (input.renewEveryDays === null) {
      const link = (await this.call(() =>
        this.client.paymentLink.create({
          amount: input.amountCents,
          currency: input.currency,
          accept_partial: false,
          reference_id: input.checkoutId,
          description: input.description,
          customer: { email: input.email },
          notify: { sms: false, email: false },
          callback_url: input.returnUrl,
          callback_method: 'get',
          expire_by: expireBy,
          notes,
        }),
      )) as unknown as Entity;
      return { sessionId: String(link.id), redirectUrl: String(link.short_url) };
    }
    // Razorpay charges a subscription's plan amount from the first cycle: a first payment that
    // differs (a coupon) cannot be a Razorpay subscription's first charge (decision 464).
    if (input.amountCents !== input.listPriceCents)
      throw new PaymentProviderError(
        'refused',
        'Razorpay subscriptions take the list price from the first payment; coupons do not apply.',
      );
    const plan = (await this.call(() =>
      this.client.plans.create({
        period: 'daily',
        interval: input.renewEveryDays!,
        item: { name: input.description, amount: input.listPriceCents, currency: input.currency },
        notes,
      }),
    )) as unknown as Entity;
    const subscription = (await this.call(() =>
      this.client.subscriptions.create({
        plan_id: String(plan.id),
        total_count: Math.floor(MAX_CYCLES_DAYS / input.renewEveryDays!),
        customer_notify: 1,
        expire_by: expireBy,
        notes,
      }),
    )) as unknown as Entity;
    return { sessionId: String(subscription.id), redirectUrl: String(subscription.short_url) };
  }

  /** A link or a subscription not yet paid is cancelled; one already paid or ended is left. */
  async expireCheckoutSession(sessionId: string): Promise<void> {
    try {
      if (sessionId.startsWith('sub_')) await this.client.subscriptions.cancel(sessionId, false);
      else await this.client.paymentLink.cancel(sessionId);
    } catch (error) {
      const failure = providerError(error);
      if (failure instanceof PaymentProviderError && failure.kind === 'refused') return;
      throw failure;
    }
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent {
    verifyRazorpaySignature(rawBody, headers, this.config.webhookSecret);
    return toRazorpayEvent(rawBody, headers);
  }

  /** Razorpay debits its subscriptions itself: our renewal job never asks (no saved method). */
  async chargeSavedCard(): Promise<SavedCardCharge> {
    throw new PaymentProviderError('refused', 'Razorpay renews its own subscriptions.');
  }

  /** Off: cancel at the cycle's end. Razorpay cannot take a scheduled cancel back. */
  async setRenewal(providerSubscriptionId: string, renew: boolean): Promise<void> {
    if (renew)
      throw new PaymentProviderError(
        'refused',
        'Razorpay cannot resume a subscription cancelled at its cycle end; subscribe again.',
      );
    await this.call(() => this.client.subscriptions.cancel(providerSubscriptionId, true));
  }

  /** A subscription's mandate state, from the subscription's (razorpay.com/docs subscriptions/states). */
  async mandateState(mandateId: string): Promise<MandateState> {
    const subscription = (await this.call(() =>
      this.client.subscriptions.fetch(mandateId),
    )) as unknown as Entity;
    const status = String(subscription.status);
    if (status === 'active' || status === 'authenticated') return 'ACTIVE';
    if (status === 'paused' || status === 'pending' || status === 'halted') return 'PAUSED';
    return 'REVOKED';
  }

  async revokeMandate(mandateId: string): Promise<void> {
    await this.call(() => this.client.subscriptions.cancel(mandateId, false));
  }

  async cardOf(providerReference: string): Promise<CardFacts | null> {
    try {
      return cardOfPayment(
        (await this.client.payments.fetch(providerReference)) as unknown as Entity,
      );
    } catch {
      return null;
    }
  }

  async refund(input: RefundInput): Promise<{ refundId: string; amountCents: number }> {
    try {
      const refund = (await this.client.payments.refund(input.providerReference, {
        ...(input.amountCents === null ? {} : { amount: input.amountCents }),
        receipt: input.idempotencyKey.slice(0, 40),
      })) as unknown as Entity;
      return { refundId: String(refund.id), amountCents: Number(refund.amount) };
    } catch (error) {
      const failure = error as { statusCode?: number; error?: { description?: string } };
      const description = failure?.error?.description ?? '';
      if (failure?.statusCode === 400 && /greater than|fully refunded/i.test(description))
        throw new RefundRefusedError('EXCEEDS_CHARGE');
      if (failure?.statusCode === 400 && /does not exist|invalid/i.test(description))
        throw new RefundRefusedError('NO_CHARGE');
      throw providerError(error);
    }
  }
}
