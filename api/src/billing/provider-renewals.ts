/**
 * Renewals a provider makes itself (Stripe Billing, decision 245), applied from its webhooks:
 * invoice.paid starts the next period with a ledger row, invoice.payment_failed keeps access in
 * grace while Stripe retries, customer.subscription.deleted ends the plan. Runs inside the
 * webhook's transaction, after the event id was stored once (a replay never gets here).
 */
import { eq } from 'drizzle-orm';
import { BILLING_CURRENCY } from '@crease/contract';
import { subscriptions } from './tables';
import { recordBillingEvent } from './billing-events';
import { findPlan } from './plans';
import type { PaymentProvider, SubscriptionEvent } from './providers/payment-provider';
import { lockSubscription, stateOf, transition } from './subscription-machine';
import type { Executor } from './subscription-machine';
import { settleRenewalFailed, settleRenewalPaid } from './renewal-settlement';
import type { InvoiceIssuer } from './invoices';
import { recordDeclinedAttempt } from './payment-attempts';

export async function applySubscriptionEvent(
  tx: Executor,
  provider: PaymentProvider,
  invoices: InvoiceIssuer,
  event: SubscriptionEvent,
  now: Date,
): Promise<string> {
  const [found] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, event.providerSubscriptionId));
  if (!found) return 'ignored: no subscription has this provider subscription';
  const row = await lockSubscription(tx, found.userId, now);
  const state = stateOf(row);

  if (event.kind === 'RENEWAL_PAID') {
    const plan = row.planId ? await findPlan(tx, row.planId) : undefined;
    if (!plan) return 'ignored: the plan no longer exists';
    if (row.periodEnd && event.periodEnd <= row.periodEnd)
      return 'ignored: that period is already paid';
    const { paymentId } = await settleRenewalPaid(
      tx,
      invoices,
      row,
      plan,
      {
        key: `stripe:${event.invoiceId}`,
        amountCents: event.amountCents,
        paymentSystem: provider.system,
        providerReference: event.invoiceId,
        periodStart: row.periodEnd ?? now,
        periodEnd: event.periodEnd,
        cause: 'renewal',
      },
      now,
    );
    return `applied: renewal ${paymentId}`;
  }

  if (event.kind === 'RENEWAL_FAILED') {
    if (state !== 'ACTIVE') return `ignored: the subscription is ${state}`;
    const plan = row.planId ? await findPlan(tx, row.planId) : undefined;
    await recordDeclinedAttempt(tx, {
      userId: row.userId,
      dedupeKey: `${provider.system}:${event.eventId}`,
      kind: 'RENEWAL',
      plan: { id: row.planId ?? 'unknown', name: plan?.name ?? row.planId ?? 'Plan' },
      amountCents: plan?.priceCents ?? 0,
      currency: BILLING_CURRENCY,
      paymentSystem: provider.system,
      failureCode: 'CARD_DECLINED',
      failureMessage: event.failureMessage,
      card: null,
      at: now,
    });
    await settleRenewalFailed(
      tx,
      row,
      {
        key: `stripe:${event.invoiceId}:${row.renewalFailures + 1}`,
        failureCode: 'CARD_DECLINED',
        providerNextAttemptAt: event.nextAttemptAt,
        providerRetries: true,
      },
      now,
    );
    return 'applied: renewal failed';
  }

  if (state === 'EXPIRED' || state === 'NONE') return `ignored: the subscription is ${state}`;
  const reason =
    state === 'CANCELLED'
      ? 'CANCELLED'
      : row.renewalFailures > 0
        ? 'RENEWAL_FAILED'
        : 'PROVIDER_CANCELLED';
  await transition(
    tx,
    row,
    'EXPIRED',
    { renewing: false, nextRenewalAt: null, graceUntil: null, endedReason: reason },
    'provider-ended',
    now,
  );
  await recordBillingEvent(tx, {
    userId: row.userId,
    type: 'plan.ended',
    dedupeKey: `${row.userId}:${row.periodEnd?.toISOString() ?? 'none'}`,
    payload: { planId: row.planId, reason },
    at: now,
  });
  return `applied: ended (${reason})`;
}
