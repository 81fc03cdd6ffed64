/**
 * Stripe's webhook events in our words (ProviderEvent). Checkout sessions pay a checkout (a
 * subscription's first payment too); invoices and the subscription's deletion drive renewals
 * Stripe makes itself (decision 245): invoice.paid (a renewal paid), invoice.payment_failed (a
 * try failed; Stripe retries on its schedule), customer.subscription.deleted (the plan ended).
 */
import type Stripe from 'stripe';
import type { ProviderEvent } from './payment-provider';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The subscription an invoice bills (null for a one-off invoice). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

function checkoutEvent(
  event: Stripe.Event & { data: { object: Stripe.Checkout.Session } },
  base: { eventId: string; type: string; created: Date; payload: Record<string, unknown> },
): ProviderEvent {
  const session = event.data.object;
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    // A completed session with a delayed method (bank debit) is paid later, or never.
    if (session.payment_status !== 'paid') return { kind: 'IGNORED', ...base };
    return {
      kind: 'PAYMENT_SUCCEEDED',
      ...base,
      sessionId: session.id,
      amountCents: session.amount_total,
      currency: session.currency?.toUpperCase() ?? null,
      providerReference: idOf(session.payment_intent) ?? idOf(session.invoice) ?? session.id,
      failureCode: null,
      failureMessage: null,
      // Subscription mode: Stripe keeps the card on the Customer and renews the Subscription.
      paymentMethod: null,
      providerCustomerId: idOf(session.customer),
      providerSubscriptionId: idOf(session.subscription),
    };
  }
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

export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const created = new Date(event.created * 1000);
  const payload = event as unknown as Record<string, unknown>;
  const base = { eventId: event.id, type: event.type, created, payload };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return checkoutEvent(event, base);
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscription = invoiceSubscription(invoice);
      // The first invoice is the checkout's payment (checkout.session.completed applies it).
      if (!subscription || invoice.billing_reason !== 'subscription_cycle')
        return { kind: 'IGNORED', ...base };
      const periodEnd = invoice.lines.data[0]?.period.end ?? invoice.period_end;
      return {
        kind: 'RENEWAL_PAID',
        ...base,
        providerSubscriptionId: subscription,
        invoiceId: invoice.id ?? event.id,
        amountCents: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        periodEnd: new Date(periodEnd * 1000),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscription = invoiceSubscription(invoice);
      if (!subscription) return { kind: 'IGNORED', ...base };
      return {
        kind: 'RENEWAL_FAILED',
        ...base,
        providerSubscriptionId: subscription,
        invoiceId: invoice.id ?? event.id,
        nextAttemptAt: invoice.next_payment_attempt
          ? new Date(invoice.next_payment_attempt * 1000)
          : null,
        failureMessage: 'Your card was declined when we tried to renew your plan.',
      };
    }
    case 'charge.refunded': {
      // Every refund of the charge so far (Stripe lists them); each is stored once by its id.
      const charge = event.data.object;
      const reference = idOf(charge.payment_intent) ?? charge.id;
      return {
        kind: 'REFUNDED',
        ...base,
        providerReference: reference,
        refunds: (charge.refunds?.data ?? [])
          .filter((refund) => refund.status === 'succeeded')
          .map((refund) => ({
            refundId: refund.id,
            amountCents: refund.amount,
            currency: refund.currency.toUpperCase(),
            created: new Date(refund.created * 1000),
          })),
      };
    }
    case 'customer.subscription.deleted':
      return {
        kind: 'SUBSCRIPTION_ENDED',
        ...base,
        providerSubscriptionId: event.data.object.id,
      };
    default:
      return { kind: 'IGNORED', ...base };
  }
}
