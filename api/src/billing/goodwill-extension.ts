/**
 * Support's goodwill extension (issue 33 §4, decision 414): the running period ends N days later
 * (1 to SUPPORT_EXTENSION_DAYS.max), and a renewing subscription renews then. Only a plan our own
 * job renews (or a pass): Stripe bills on its own schedule, which we do not move. The caller says
 * which period end it saw; any other is a 409, so a double click or two agents extend once.
 */
import { SUPPORT_EXTENSION_DAYS } from '@crease/contract';
import { ApiError } from './errors';
import { lockSubscription, stateOf, transition } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface GoodwillExtension {
  days: number;
  /** The period end the agent saw (ISO): the guard against acting twice. */
  seenPeriodEnd: string;
}

/** Runs in the caller's transaction; returns the row before and after. */
export async function extendPeriod(
  tx: Executor,
  userId: string,
  extension: GoodwillExtension,
  now: Date,
): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
  const { days, seenPeriodEnd } = extension;
  if (
    !Number.isInteger(days) ||
    days < SUPPORT_EXTENSION_DAYS.min ||
    days > SUPPORT_EXTENSION_DAYS.max
  )
    throw new ApiError(
      'EXTENSION_NOT_POSSIBLE',
      `Extend by ${SUPPORT_EXTENSION_DAYS.min} to ${SUPPORT_EXTENSION_DAYS.max} whole days.`,
    );
  const row = await lockSubscription(tx, userId, now);
  const state = stateOf(row);
  const running =
    (state === 'ACTIVE' || state === 'CANCELLED') && !!row.periodEnd && row.periodEnd > now;
  if (!running || row.providerSubscriptionId) throw new ApiError('EXTENSION_NOT_POSSIBLE');
  if (row.periodEnd?.toISOString() !== new Date(seenPeriodEnd).toISOString())
    throw new ApiError('SUBSCRIPTION_CHANGED');
  const periodEnd = new Date((row.periodEnd as Date).getTime() + days * DAY_MS);
  const after = await transition(
    tx,
    row,
    state,
    { periodEnd, ...(row.renewing ? { nextRenewalAt: periodEnd } : {}) },
    'support-extend',
    now,
  );
  return { before: row, after };
}
