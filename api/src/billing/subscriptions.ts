/**
 * What viewers and the provider's webhooks do to a subscription: take the trial, pay (a period
 * starts or is extended), cancel at period end. Each runs inside the caller's transaction with
 * the subscription row locked, and moves state only through the machine.
 */
import { eq } from 'drizzle-orm';
import type { Subscription } from '@crease/contract';
import { trialGrants } from './tables';
import { ApiError } from './errors';
import type { BillingConfig } from '../platform/billing-config';
import { isRegistered } from './devices';
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

/**
 * A confirmed payment: → ACTIVE. Paying while a paid period runs (ACTIVE or CANCELLED) extends
 * it from its end; otherwise (NONE, TRIAL, EXPIRED) a new period starts now. Adding the
 * duration to max(now, end) makes two payments land the same whatever their order.
 */
export async function activatePaidPeriod(
  tx: Executor,
  userId: string,
  plan: PlanRow,
  now: Date,
  cause: string,
): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, userId, now);
  const state = stateOf(row);
  const continuing = (state === 'ACTIVE' || state === 'CANCELLED') && isEntitled(row, now);
  const from = continuing && row.periodEnd ? row.periodEnd : now;
  return transition(
    tx,
    row,
    'ACTIVE',
    {
      planId: plan.id,
      periodStart: continuing && row.periodStart ? row.periodStart : now,
      periodEnd: addDays(from, plan.durationDays),
      cancelledAt: null,
    },
    cause,
    now,
  );
}

/** ACTIVE → CANCELLED: access continues until periodEnd; a second cancel is a clear 409. */
export async function cancelAtPeriodEnd(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, userId, now);
  const state = stateOf(row);
  if (state === 'CANCELLED') throw new ApiError('SUBSCRIPTION_ALREADY_CANCELLED');
  if (state !== 'ACTIVE') throw new ApiError('NO_ACTIVE_SUBSCRIPTION');
  return transition(tx, row, 'CANCELLED', { cancelledAt: now }, 'cancel', now);
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

export function subscriptionToWire(
  row: SubscriptionRow | null,
  plan: PlanRow | null | undefined,
  now: Date,
): Subscription {
  return {
    state: stateOf(row),
    planId: row?.planId ?? null,
    planName: plan?.name ?? null,
    periodStart: row?.periodStart?.toISOString() ?? null,
    periodEnd: row?.periodEnd?.toISOString() ?? null,
    cancelledAt: row?.cancelledAt?.toISOString() ?? null,
    entitled: isEntitled(row, now),
  };
}
