/**
 * What viewers and the provider's webhooks do to a subscription: take the trial, pay (a period
 * starts or is extended), cancel at period end. Each runs inside the caller's transaction with
 * the subscription row locked, and moves state only through the machine.
 */
import { eq } from 'drizzle-orm';
import type { PlanEndReason, PlanKind, Subscription } from '@crease/contract';
import { trialGrants } from './tables';
import { ApiError } from './errors';
import type { BillingConfig } from '../platform/billing-config';
import { isRegistered } from './devices';
import { lowersRunningPlan } from './stacking';
import { findPlan } from './plans';
import { toMajor } from './money';
import { priceIn } from './regional-prices';
import type { PlanRow } from './plans';
import { isEntitled, lockSubscription, stateOf, transition } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/**
 * NONE → TRIAL, once per account and once per device (trial_grants' two unique keys), on a device
 * registered to the account.
 */
export async function startTrial(
  tx: Executor,
  userId: string,
  vidictId: string,
  plan: PlanRow,
  now: Date,
): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, userId, now);
  const state = stateOf(row);
  if (state === 'ACTIVE' || state === 'CANCELLED') throw new ApiError('PLAN_ALREADY_ACTIVE');
  if (state !== 'NONE')
    throw new ApiError(
      'TRIAL_ALREADY_USED',
      state === 'TRIAL'
        ? 'Your free trial is already running.'
        : 'This account has already had a plan or a trial; free trials are for new accounts.',
    );
  // The per-device rule only counts for the caller's own device (decision 168): naming another
  // viewer's vidictId would spend their eligibility, and a made-up one would be a "new device".
  // Checked under the subscription row lock that registrations and sign-outs also take.
  if (!(await isRegistered(tx, userId, vidictId)))
    throw new ApiError(
      'DEVICE_NOT_REGISTERED',
      'This device is not registered to your account. Reload the page to register it (or sign out one of your other devices on your account page), then start the trial again.',
      { userId },
    );
  const granted = await tx
    .insert(trialGrants)
    .values({ userId, vidictId, grantedAt: now })
    .onConflictDoNothing()
    .returning({ userId: trialGrants.userId });
  if (granted.length === 0) {
    const [mine] = await tx.select().from(trialGrants).where(eq(trialGrants.userId, userId));
    throw new ApiError(mine ? 'TRIAL_ALREADY_USED' : 'TRIAL_DEVICE_ALREADY_USED');
  }
  return transition(
    tx,
    row,
    'TRIAL',
    {
      planId: plan.id,
      periodStart: now,
      periodEnd: addDays(now, plan.durationDays),
      cancelledAt: null,
      trialUsedSeconds: 0,
      trialTodaySeconds: 0,
      trialDay: null,
    },
    'trial',
    now,
  );
}

/** What the provider told us with a payment: who took it and the card it saved, if any. */
export interface PaidWith {
  amountCents: number;
  /** The currency paid in: the subscription renews in it (decision 421). */
  currency: string;
  paymentSystem: string;
  /** A reusable payment method (a subscription's first payment); null for a pass. */
  paymentMethod: string | null;
  providerCustomerId?: string | null;
  /** Stripe's Subscription: Stripe then charges the renewals itself (decision 245). */
  providerSubscriptionId?: string | null;
}

/** The renewal columns for a freshly paid period of `plan`. */
export function renewalPatch(plan: PlanRow, periodEnd: Date, paid: PaidWith) {
  const renewing = plan.renews && (!!paid.paymentMethod || !!paid.providerSubscriptionId);
  return {
    renewing,
    paymentSystem: renewing ? paid.paymentSystem : null,
    paymentMethod: renewing ? paid.paymentMethod : null,
    providerCustomerId: renewing ? (paid.providerCustomerId ?? null) : null,
    providerSubscriptionId: renewing ? (paid.providerSubscriptionId ?? null) : null,
    periodPriceCents: paid.amountCents,
    currency: paid.currency,
    nextRenewalAt: renewing ? periodEnd : null,
    renewalFailures: 0,
    graceUntil: null,
    pendingPlanId: null,
    endedReason: null,
  };
}

/**
 * A confirmed payment: → ACTIVE. Paying while a paid period runs (ACTIVE or CANCELLED) extends
 * it from its end; otherwise (NONE, TRIAL, EXPIRED) a new period starts now. Adding the
 * duration to max(now, end) makes two payments land the same whatever their order. A
 * subscription plan paid with a saved card turns renewal on (decision 245). A payment for a plan
 * that would lower the running one (a checkout opened before it began) never replaces it: the
 * plan in force, its screens and its renewal stay, and the paid days are added to its end (391).
 */
export async function activatePaidPeriod(
  tx: Executor,
  userId: string,
  plan: PlanRow,
  now: Date,
  cause: string,
  paid: PaidWith,
): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, userId, now);
  const state = stateOf(row);
  const continuing =
    (state === 'ACTIVE' || state === 'CANCELLED') &&
    isEntitled(row, now) &&
    !!row.periodEnd &&
    row.periodEnd > now;
  const from = continuing && row.periodEnd ? row.periodEnd : now;
  const periodEnd = addDays(from, plan.durationDays);
  if (continuing && (await lowersRunningPlan(tx, row, plan, now)))
    return transition(
      tx,
      row,
      state,
      { periodEnd, nextRenewalAt: row.renewing ? periodEnd : null },
      `${cause}:added`,
      now,
    );
  return transition(
    tx,
    row,
    'ACTIVE',
    {
      planId: plan.id,
      periodStart: continuing && row.periodStart ? row.periodStart : now,
      periodEnd,
      cancelledAt: null,
      ...renewalPatch(plan, periodEnd, paid),
    },
    cause,
    now,
  );
}

/**
 * ACTIVE → CANCELLED: renewal off, access continues until periodEnd; a second cancel is a clear
 * 409, and so is cancelling a pass, which never renews.
 */
export async function cancelAtPeriodEnd(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, userId, now);
  const state = stateOf(row);
  if (state === 'CANCELLED') throw new ApiError('SUBSCRIPTION_ALREADY_CANCELLED');
  if (state !== 'ACTIVE') throw new ApiError('NO_ACTIVE_SUBSCRIPTION');
  if (!row.renewing) throw new ApiError('PLAN_DOES_NOT_RENEW');
  return transition(
    tx,
    row,
    'CANCELLED',
    { cancelledAt: now, renewing: false, nextRenewalAt: null, pendingPlanId: null },
    'cancel',
    now,
  );
}

/**
 * CANCELLED → ACTIVE before periodEnd: renewal on again, with the card it was paid with. After
 * the period end there is nothing to resume (the plan has ended): 409.
 */
export async function resumeRenewal(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, userId, now);
  const canResume =
    stateOf(row) === 'CANCELLED' &&
    !!row.periodEnd &&
    row.periodEnd > now &&
    (!!row.paymentMethod || !!row.providerSubscriptionId);
  if (!canResume) throw new ApiError('SUBSCRIPTION_NOT_CANCELLED');
  return transition(
    tx,
    row,
    'ACTIVE',
    { cancelledAt: null, renewing: true, nextRenewalAt: row.periodEnd },
    'resume',
    now,
  );
}

/** Seconds of trial watching left, overall and today (UTC day), never below zero. */
export function trialSecondsLeft(
  row: SubscriptionRow | null,
  billing: BillingConfig,
  now: Date,
): { overall: number; today: number } {
  const overall = Math.max(0, billing.trialOverallMinutes * 60 - (row?.trialUsedSeconds ?? 0));
  const day = now.toISOString().slice(0, 10);
  const usedToday = row?.trialDay === day ? row.trialTodaySeconds : 0;
  const today = Math.min(overall, Math.max(0, billing.trialDailyMinutes * 60 - usedToday));
  return { overall, today };
}

function kindOf(row: SubscriptionRow | null, plan: PlanRow | null | undefined): PlanKind | null {
  if (!row || stateOf(row) === 'NONE' || !plan) return null;
  if (plan.trial) return 'TRIAL';
  return plan.renews ? 'SUBSCRIPTION' : 'PASS';
}

export function subscriptionToWire(
  row: SubscriptionRow | null,
  plan: PlanRow | null | undefined,
  now: Date,
  pendingPlan: PlanRow | null = null,
): Subscription {
  return {
    state: stateOf(row),
    planId: row?.planId ?? null,
    planName: plan?.name ?? null,
    periodStart: row?.periodStart?.toISOString() ?? null,
    periodEnd: row?.periodEnd?.toISOString() ?? null,
    cancelledAt: row?.cancelledAt?.toISOString() ?? null,
    entitled: isEntitled(row, now),
    kind: kindOf(row, plan),
    renews: row?.renewing ?? false,
    nextRenewalAt: row?.renewing ? (row.nextRenewalAt?.toISOString() ?? null) : null,
    renewalFailures: row?.renewalFailures ?? 0,
    graceUntil: row?.graceUntil?.toISOString() ?? null,
    pendingPlanId: row?.pendingPlanId ?? null,
    pendingPlanName: pendingPlan?.name ?? null,
    // The list price: a coupon was for the first payment only (decision 397).
    renewalAmount:
      row?.renewing && plan ? toMajor(priceIn(pendingPlan ?? plan, row.currency).minor) : null,
    currency: plan ? priceIn(pendingPlan ?? plan, row?.currency ?? 'USD').currency : 'USD',
    endedReason: (row?.endedReason as PlanEndReason | null | undefined) ?? null,
  };
}

/** The wire view of the account's subscription, with its plan and any pending downgrade. */
export async function subscriptionView(
  db: Executor,
  row: SubscriptionRow | null,
  now: Date,
): Promise<Subscription> {
  const plan = row?.planId ? await findPlan(db, row.planId) : null;
  const pending = row?.pendingPlanId ? ((await findPlan(db, row.pendingPlanId)) ?? null) : null;
  return subscriptionToWire(row, plan, now, pending);
}
