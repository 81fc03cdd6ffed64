/**
 * Changing a running subscription's plan (decision 246). An upgrade (a dearer subscription)
 * starts now: the saved card is charged the new price less credit for the unused time of the
 * current period, and a new period of the new plan starts. A downgrade (a cheaper one) starts
 * at the period end: nothing is charged now, and that renewal charges and starts the new plan.
 * The upgrade's charge goes through the same idempotent renewal-key rows as renewals.
 */
import { BILLING_CURRENCY } from '@crease/contract';
import type { PlanChangeQuote, PlanChangeResult } from '@crease/contract';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { renewalCharges } from './tables';
import { ApiError } from './errors';
import { toMajor } from './money';
import { findPlan } from './plans';
import type { PlanRow } from './plans';
import type { PaymentProvider } from './providers/payment-provider';
import { lockSubscription, readSubscription, stateOf, transition } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';
import { recordChargeAnswer, settleRenewalPaid } from './renewal-settlement';
import type { InvoiceIssuer } from './invoices';
import { recordDeclinedAttempt } from './payment-attempts';
import { subscriptionView } from './subscriptions';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Priced {
  kind: 'UPGRADE' | 'DOWNGRADE';
  current: PlanRow;
  target: PlanRow;
  amountCents: number;
  creditCents: number;
  effectiveAt: Date;
}

/**
 * Credit for the unused time: what the current period cost, times the share of it still to
 * come, rounded down to the cent (the viewer is never credited more than they paid).
 */
export function unusedCreditCents(
  periodPriceCents: number,
  periodDays: number,
  periodEnd: Date,
  now: Date,
): number {
  const length = periodDays * DAY_MS;
  const left = Math.min(length, Math.max(0, periodEnd.getTime() - now.getTime()));
  return Math.floor((periodPriceCents * left) / length);
}

/** What changing to `targetId` would do now, or PLAN_CHANGE_NOT_ALLOWED (409). */
async function price(
  db: Executor,
  row: SubscriptionRow | null,
  targetId: string,
  now: Date,
): Promise<Priced> {
  const target = await findPlan(db, targetId);
  if (!target || target.trial) throw new ApiError('PLAN_NOT_FOUND');
  if (!target.active) throw new ApiError('PLAN_INACTIVE');
  const current = row?.planId ? await findPlan(db, row.planId) : undefined;
  const running =
    row &&
    stateOf(row) === 'ACTIVE' &&
    row.renewing &&
    !!row.paymentMethod &&
    !row.providerSubscriptionId &&
    row.periodEnd &&
    row.periodEnd > now &&
    row.renewalFailures === 0;
  const samePlan = target.id === current?.id && !row?.pendingPlanId;
  if (!running || !current || !current.renews || !target.renews || samePlan)
    throw new ApiError(
      'PLAN_CHANGE_NOT_ALLOWED',
      'A plan can be changed from a running subscription (renewing, paid up) to another subscription plan. A pass simply ends; choose a new plan after it.',
    );
  const periodEnd = row.periodEnd as Date;
  if (target.priceCents <= current.priceCents)
    return {
      kind: 'DOWNGRADE',
      current,
      target,
      amountCents: 0,
      creditCents: 0,
      effectiveAt: periodEnd,
    };
  const creditCents = unusedCreditCents(
    row.periodPriceCents ?? current.priceCents,
    current.durationDays,
    periodEnd,
    now,
  );
  return {
    kind: 'UPGRADE',
    current,
    target,
    creditCents,
    amountCents: Math.max(0, target.priceCents - creditCents),
    effectiveAt: now,
  };
}

function toQuote(priced: Priced): PlanChangeQuote {
  return {
    planId: priced.target.id,
    planName: priced.target.name,
    kind: priced.kind,
    amount: toMajor(priced.amountCents),
    credit: toMajor(priced.creditCents),
    effectiveAt: priced.effectiveAt.toISOString(),
  };
}

export async function quotePlanChange(
  db: Db,
  userId: string,
  targetId: string,
  now: Date,
): Promise<PlanChangeQuote> {
  return toQuote(await price(db, await readSubscription(db, userId, now), targetId, now));
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
    const priced = await price(tx, row, targetId, now);
    if (priced.kind === 'DOWNGRADE') {
      const updated = await transition(
        tx,
        row,
        'ACTIVE',
        // Back to the plan it has: the pending downgrade is simply dropped.
        { pendingPlanId: priced.target.id === row.planId ? null : priced.target.id },
        `downgrade:${priced.target.id}`,
        now,
      );
      return { priced, row: updated, paymentMethod: null };
    }
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
  if (priced.kind === 'DOWNGRADE' || !first.paymentMethod)
    return {
      ...toQuote(priced),
      subscription: await subscriptionView(db, first.row, now),
      paymentId: null,
    };
  // 2. Charge the saved card (once per key, whoever asks again).
  const result = await services.payments.chargeSavedCard({
    paymentMethod: first.paymentMethod,
    customerId: first.row.providerCustomerId,
    amountCents: priced.amountCents,
    currency: BILLING_CURRENCY,
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
        currency: BILLING_CURRENCY,
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
