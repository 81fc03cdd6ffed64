/**
 * What a renewal's outcome does to a subscription, whoever charged it (the API's renewal job
 * with the saved card, or Stripe Billing's own invoice): a success adds a ledger row and starts
 * the next period; a failure starts or continues the grace period, and after the last retry
 * ends the plan (decision 245). Each runs in the caller's transaction with the row locked, and
 * records a domain event (billing-events.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RENEWAL_RETRY_DAYS } from '@crease/contract';
import type { InvoiceIssuer } from './invoices';
import type { CardFacts } from './providers/payment-provider';
import { renewalCharges } from './tables';
import { recordBillingEvent } from './billing-events';
import type { PlanRow } from './plans';
import { priceIn } from './regional-prices';
import type { SavedCardCharge } from './providers/payment-provider';
import { stateOf, transition } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * The provider's answer to a saved-card charge (a renewal or an upgrade), written once on its
 * renewal-key row: SUCCEEDED with the provider's reference, or FAILED with the card's code.
 */
export async function recordChargeAnswer(
  tx: Executor,
  key: string,
  result: SavedCardCharge,
  now: Date,
): Promise<void> {
  await tx
    .update(renewalCharges)
    .set({
      status: result.status,
      settledAt: now,
      ...(result.status === 'SUCCEEDED'
        ? { providerReference: result.providerReference }
        : { failureCode: result.failureCode }),
    })
    .where(eq(renewalCharges.key, key));
}

export interface RenewalPaid {
  /** The renewal-key row (or `stripe:<invoice>`): the ledger row's unique renewal key. */
  key: string;
  amountCents: number;
  creditCents?: number;
  paymentSystem: string;
  providerReference: string;
  /** The new period: from `periodStart` to `periodEnd`. */
  periodStart: Date;
  periodEnd: Date;
  cause: 'renewal' | 'upgrade';
  /** The card charged, when the provider said (the receipt and the history show it). */
  card?: CardFacts | null;
}

/** A paid renewal or upgrade: one ledger row, the next period on `plan`. Returns the payment id. */
export async function settleRenewalPaid(
  tx: Executor,
  invoices: InvoiceIssuer,
  row: SubscriptionRow,
  plan: PlanRow,
  paid: RenewalPaid,
  now: Date,
): Promise<{ paymentId: string; row: SubscriptionRow }> {
  const paymentId = randomUUID();
  // The subscription's own currency (decision 421): a renewal or upgrade never changes it.
  const price = priceIn(plan, row.currency);
  // A renewal charged just as the viewer cancelled still buys its period; renewal stays off.
  const cancelled = stateOf(row) === 'CANCELLED';
  const updated = await transition(
    tx,
    row,
    cancelled ? 'CANCELLED' : 'ACTIVE',
    {
      planId: plan.id,
      periodStart: paid.periodStart,
      periodEnd: paid.periodEnd,
      periodPriceCents: paid.amountCents + (paid.creditCents ?? 0),
      nextRenewalAt: cancelled ? null : paid.periodEnd,
      renewalFailures: 0,
      graceUntil: null,
      pendingPlanId: null,
      endedReason: null,
    },
    `${paid.cause}:${paymentId}`,
    now,
  );
  await invoices.recordPayment(
    tx,
    {
      id: paymentId,
      userId: row.userId,
      checkoutId: null,
      renewalKey: paid.key,
      creditCents: paid.creditCents ?? 0,
      planId: plan.id,
      planName: plan.name,
      amountCents: paid.amountCents,
      listPriceCents: price.minor,
      currency: price.currency,
      paymentSystem: paid.paymentSystem,
      providerReference: paid.providerReference,
      paidAt: now,
      planEndDate: paid.periodEnd,
    },
    paid.card ?? null,
  );
  if (paid.cause === 'renewal')
    await recordBillingEvent(tx, {
      userId: row.userId,
      type: 'renewal.succeeded',
      dedupeKey: paid.key,
      payload: {
        paymentId,
        planId: plan.id,
        amountCents: paid.amountCents,
        periodEnd: paid.periodEnd,
      },
      at: now,
    });
  return { paymentId, row: updated };
}

export interface RenewalFailed {
  key: string;
  failureCode: string;
  /** The provider's own next try (Stripe); null: the API's schedule (RENEWAL_RETRY_DAYS). */
  providerNextAttemptAt?: Date | null;
  /** Stripe Billing decides when it gives up (customer.subscription.deleted), not us. */
  providerRetries?: boolean;
  /**
   * A failure no later try of the job can mend (a revoked mandate, a debit that needs the
   * viewer's approval, decision 462): grace as usual, but no retry; the viewer pays again.
   */
  noRetry?: boolean;
}

/**
 * A failed renewal charge: the next try after 1, 3 and 5 days from the period end, access
 * meanwhile until the last try (graceUntil); the failure after the last try ends the plan.
 */
export async function settleRenewalFailed(
  tx: Executor,
  row: SubscriptionRow,
  failed: RenewalFailed,
  now: Date,
): Promise<SubscriptionRow> {
  const periodEnd = row.periodEnd ?? now;
  const failures = row.renewalFailures + 1;
  const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
  const lastRetry = addDays(periodEnd, RENEWAL_RETRY_DAYS.at(-1) ?? 0);
  const payload = { planId: row.planId, failureCode: failed.failureCode, failures };
  if (retryDays === undefined && !failed.providerRetries) {
    const ended = await transition(
      tx,
      row,
      'EXPIRED',
      {
        renewing: false,
        nextRenewalAt: null,
        renewalFailures: failures,
        graceUntil: null,
        endedReason: 'RENEWAL_FAILED',
      },
      'renewal-failed',
      now,
    );
    await recordBillingEvent(tx, {
      userId: row.userId,
      type: 'plan.ended',
      dedupeKey: `${row.userId}:${periodEnd.toISOString()}`,
      payload: { ...payload, reason: 'RENEWAL_FAILED', periodEnd },
      at: now,
    });
    return ended;
  }
  const nextRenewalAt = failed.noRetry
    ? null
    : failed.providerRetries
      ? (failed.providerNextAttemptAt ?? null)
      : addDays(periodEnd, retryDays ?? 0);
  const updated = await transition(
    tx,
    row,
    'ACTIVE',
    {
      renewalFailures: failures,
      nextRenewalAt,
      graceUntil: failed.providerRetries ? (failed.providerNextAttemptAt ?? lastRetry) : lastRetry,
    },
    `renewal-failed:${failures}`,
    now,
  );
  await recordBillingEvent(tx, {
    userId: row.userId,
    type: 'renewal.failed',
    dedupeKey: failed.key,
    payload: { ...payload, nextRenewalAt },
    at: now,
  });
  return updated;
}
