/**
 * Changing a running subscription's plan (decision 246). An upgrade (a dearer subscription)
 * starts now: the saved card is charged the new price less the unused value of every prepaid
 * period (decision 391), and a new period of the new plan starts. A downgrade (a cheaper one)
 * starts at the period end: nothing is charged now, and that renewal charges and starts the new
 * plan. The upgrade's charge goes through the same idempotent renewal-key rows as renewals, and
 * its row is the subscription's one upgrade intent: claimed under the row lock before the charge,
 * so a second upgrade asked meanwhile (another key) is refused and charges nothing (decision 390).
 * On a UPI AutoPay mandate an upgrade also waits for the renewal, which debits it after its
 * pre-debit notice (decision 491).
 */
import type { PlanChangeQuote, PlanChangeResult } from '@crease/contract';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { and, eq, ne } from 'drizzle-orm';
import { renewalCharges } from './tables';
import { ApiError } from './errors';
import type { PaymentProvider } from './providers/payment-provider';
import { lockSubscription, readSubscription, transition } from './subscription-machine';
import type { Executor } from './subscription-machine';
import { priceChange, toQuote } from './plan-change-pricing';
import { recordChargeAnswer, settleRenewalPaid } from './renewal-settlement';
import type { InvoiceIssuer } from './invoices';
import { recordDeclinedAttempt } from './payment-attempts';
import { subscriptionView } from './subscriptions';
import { priceIn } from './regional-prices';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function quotePlanChange(
  db: Db,
  userId: string,
  targetId: string,
  now: Date,
): Promise<PlanChangeQuote> {
  return toQuote(await priceChange(db, await readSubscription(db, userId, now), targetId, now));
}

export async function changePlan(
  services: {
    database: { db: Db };
    clock: Clock;
    payments: PaymentProvider;
    invoices: InvoiceIssuer;
  },
  userId: string,
  targetId: string,
  idempotencyKey: string,
): Promise<PlanChangeResult> {
  const { db } = services.database;
  const now = services.clock.now();
  const key = `upgrade:${userId}:${idempotencyKey}`;
  // 1. Price it under the row lock; a downgrade is settled right here.
  const first = await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, userId, now);
    const priced = await priceChange(tx, row, targetId, now);
    if (priced.atRenewal) {
      const updated = await transition(
        tx,
        row,
        'ACTIVE',
        // Back to the plan it has: the pending downgrade is simply dropped.
        { pendingPlanId: priced.target.id === row.planId ? null : priced.target.id },
        `${priced.kind === 'DOWNGRADE' ? 'downgrade' : 'upgrade-at-renewal'}:${priced.target.id}`,
        now,
      );
      return { priced, row: updated, paymentMethod: null };
    }
    await claimUpgrade(tx, userId, key, now);
    await tx
      .insert(renewalCharges)
      .values({
        key,
        userId,
        kind: 'UPGRADE',
        planId: priced.target.id,
        amountCents: priced.amountCents,
        creditCents: priced.creditCents,
        status: 'PENDING',
        createdAt: now,
      })
      .onConflictDoNothing();
    return { priced, row, paymentMethod: row.paymentMethod };
  });
  const { priced } = first;
  if (priced.atRenewal || !first.paymentMethod)
    return {
      ...toQuote(priced),
      subscription: await subscriptionView(db, first.row, now),
      paymentId: null,
    };
  // In the currency the subscription was bought in (decision 421).
  const { currency } = priceIn(priced.target, first.row.currency);
  // 2. Charge the saved card (once per key, whoever asks again).
  const result = await services.payments.chargeSavedCard({
    paymentMethod: first.paymentMethod,
    customerId: first.row.providerCustomerId,
    amountCents: priced.amountCents,
    currency,
    idempotencyKey: key,
    description: `Crease upgrade to ${priced.target.name}`,
  });
  // 3. Settle: the new plan's period starts now, or the decline is the viewer's 402.
  const settled = await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, userId, now);
    await recordChargeAnswer(tx, key, result, now);
    // The decline is recorded (committed), then answered as the viewer's 402.
    if (result.status === 'FAILED') {
      await recordDeclinedAttempt(tx, {
        userId,
        dedupeKey: key,
        kind: 'UPGRADE',
        plan: priced.target,
        amountCents: priced.amountCents,
        currency,
        paymentSystem: services.payments.system,
        failureCode: result.failureCode,
        failureMessage: result.failureMessage,
        card: result.card,
        at: now,
      });
      return null;
    }
    const paid = await settleRenewalPaid(
      tx,
      services.invoices,
      row,
      priced.target,
      {
        key,
        amountCents: priced.amountCents,
        creditCents: priced.creditCents,
        paymentSystem: services.payments.system,
        providerReference: result.providerReference,
        periodStart: now,
        periodEnd: new Date(now.getTime() + priced.target.durationDays * DAY_MS),
        cause: 'upgrade',
        card: result.card,
      },
      now,
    );
    return {
      ...toQuote(priced),
      subscription: await subscriptionView(tx, paid.row, now),
      paymentId: paid.paymentId,
    };
  });
  if (!settled && result.status === 'FAILED')
    throw new ApiError(result.failureCode, result.failureMessage);
  if (!settled) throw new Error(`upgrade ${key} settled nothing`);
  return settled;
}

/**
 * How long an unsettled upgrade intent blocks the next one: far longer than the provider's own
 * timeout, so only a replica that stopped between the claim and the settlement leaves one older.
 */
export const UPGRADE_CLAIM_LEASE_SECONDS = 120;

/**
 * The one upgrade of a subscription in flight (decision 390). Called with the subscription row
 * locked, so concurrent upgrades take turns here: an unsettled intent under another key means
 * another tab or click is being charged right now, and this one must charge nothing. The same
 * key finds its own row and carries on (a retry; the provider's idempotency key charges once).
 * An intent older than the lease was left by a stopped replica: it is marked ABANDONED (its key
 * stays on the row, so support can ask the provider what it did) and no longer blocks.
 */
async function claimUpgrade(tx: Executor, userId: string, key: string, now: Date): Promise<void> {
  const inFlight = await tx
    .select({ key: renewalCharges.key, createdAt: renewalCharges.createdAt })
    .from(renewalCharges)
    .where(
      and(
        eq(renewalCharges.userId, userId),
        eq(renewalCharges.kind, 'UPGRADE'),
        eq(renewalCharges.status, 'PENDING'),
        ne(renewalCharges.key, key),
      ),
    );
  const leaseStart = now.getTime() - UPGRADE_CLAIM_LEASE_SECONDS * 1000;
  if (inFlight.some((claim) => claim.createdAt.getTime() > leaseStart))
    throw new ApiError('PLAN_CHANGE_IN_PROGRESS', undefined, { userId });
  for (const stale of inFlight)
    await tx
      .update(renewalCharges)
      .set({ status: 'ABANDONED', settledAt: now })
      .where(and(eq(renewalCharges.key, stale.key), eq(renewalCharges.status, 'PENDING')));
}
