/**
 * Razorpay's webhooks in our words (decision 464). The signature is Razorpay's: the hex
 * HMAC-SHA256 of the raw body with the webhook's secret, in `X-Razorpay-Signature`, compared in
 * constant time. It signs no timestamp, and Razorpay retries a delivery for 24 hours, so there is
 * no time window: a replay is answered from the stored event id (`X-Razorpay-Event-Id`, unique
 * per provider in webhook_events), never applied twice.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CardFacts, ProviderEvent } from './payment-provider';
import { WebhookVerificationError } from './payment-provider';

export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';

type Entity = Record<string, unknown>;

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const razorpaySignature = (rawBody: Buffer | string, secret: string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

/** Throws WebhookVerificationError unless the body carries Razorpay's signature. */
export function verifyRazorpaySignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): void {
  const given = header(headers, RAZORPAY_SIGNATURE_HEADER) ?? '';
  const expected = Buffer.from(razorpaySignature(rawBody, secret), 'hex');
  const received = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  if (received.length !== expected.length || !timingSafeEqual(received, expected))
    throw new WebhookVerificationError('signature', 'The Razorpay signature does not match.');
}

const entityOf = (payload: Entity, name: string): Entity =>
  ((payload[name] as { entity?: Entity } | undefined)?.entity ?? {}) as Entity;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const at = (seconds: unknown) => new Date((num(seconds) ?? 0) * 1000);

/** The card of a Razorpay payment entity (network and last four), for card payments. */
export function cardOfPayment(payment: Entity): CardFacts | null {
  const card = payment.card as { network?: unknown; last4?: unknown } | undefined;
  return typeof card?.network === 'string' && typeof card.last4 === 'string'
    ? { brand: card.network.toLowerCase(), last4: card.last4 }
    : null;
}

/** A verified body, parsed into the event it means (or IGNORED). */
export function toRazorpayEvent(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): ProviderEvent {
  let body: { event?: unknown; created_at?: unknown; payload?: Entity };
  try {
    body = JSON.parse(rawBody.toString('utf8')) as typeof body;
  } catch {
    throw new WebhookVerificationError('signature', 'The signed body is not JSON.');
  }
  const eventId = header(headers, RAZORPAY_EVENT_ID_HEADER);
  const type = text(body.event);
  if (!eventId || !type)
    throw new WebhookVerificationError('signature', 'The event has no id or type.');
  const created = at(body.created_at);
  const payload = body as Record<string, unknown>;
  const data = body.payload ?? {};
  const payment = entityOf(data, 'payment');
  const base = { eventId, type, created, payload };

  if (type === 'payment_link.paid') {
    const link = entityOf(data, 'payment_link');
    return {
      ...base,
      kind: 'PAYMENT_SUCCEEDED',
      sessionId: text(link.id) ?? '',
      amountCents: num(payment.amount) ?? num(link.amount_paid),
      currency: text(payment.currency ?? link.currency),
      providerReference: text(payment.id),
      failureCode: null,
      failureMessage: null,
      card: cardOfPayment(payment),
    };
  }
  if (type === 'payment_link.expired' || type === 'payment_link.cancelled')
    return {
      ...base,
      kind: 'SESSION_EXPIRED',
      sessionId: text(entityOf(data, 'payment_link').id) ?? '',
      amountCents: null,
      currency: null,
      providerReference: null,
      failureCode: 'SESSION_EXPIRED',
      failureMessage: 'The payment page expired before the payment was made.',
    };
  const subscription = entityOf(data, 'subscription');
  const subscriptionId = text(subscription.id) ?? '';
  if (type === 'subscription.charged') {
    // The first charge is the checkout's payment (the mandate's authorisation with it); every
    // later one is a renewal Razorpay made on the mandate.
    if (num(subscription.paid_count) === 1)
      return {
        ...base,
        kind: 'PAYMENT_SUCCEEDED',
        sessionId: subscriptionId,
        amountCents: num(payment.amount),
        currency: text(payment.currency),
        providerReference: text(payment.id),
        failureCode: null,
        failureMessage: null,
        providerSubscriptionId: subscriptionId,
        card: cardOfPayment(payment),
      };
    return {
      ...base,
      kind: 'RENEWAL_PAID',
      providerSubscriptionId: subscriptionId,
      invoiceId: text(payment.invoice_id) ?? text(payment.id) ?? eventId,
      amountCents: num(payment.amount) ?? 0,
      currency: text(payment.currency) ?? 'INR',
      periodEnd: at(subscription.current_end),
    };
  }
  if (type === 'subscription.pending')
    // Razorpay retries the debit itself (its rule: the next day, then halted): we wait for it.
    return {
      ...base,
      kind: 'RENEWAL_FAILED',
      providerSubscriptionId: subscriptionId,
      invoiceId: `${subscriptionId}:${num(subscription.paid_count) ?? 0}`,
      nextAttemptAt: num(subscription.charge_at) ? at(subscription.charge_at) : null,
      failureMessage: 'Razorpay could not debit the mandate; it tries again.',
    };
  if (
    type === 'subscription.halted' ||
    type === 'subscription.cancelled' ||
    type === 'subscription.completed'
  )
    return { ...base, kind: 'SUBSCRIPTION_ENDED', providerSubscriptionId: subscriptionId };
  if (type === 'refund.processed') {
    const refund = entityOf(data, 'refund');
    return {
      ...base,
      kind: 'REFUNDED',
      providerReference: text(refund.payment_id) ?? '',
      refunds: [
        {
          refundId: text(refund.id) ?? eventId,
          amountCents: num(refund.amount) ?? 0,
          currency: text(refund.currency) ?? 'INR',
          created: at(refund.created_at),
        },
      ],
    };
  }
  return { ...base, kind: 'IGNORED' };
}
