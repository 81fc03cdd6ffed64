/**
 * A plan bought while another runs (issue 31 §7–8, decision 391). The contract's
 * `stackingRefusal` is the rule: a purchase may not lower the plan in force (fewer screens, or a
 * pass in place of a renewing subscription). A checkout that would is refused before any money
 * moves; a payment that still lands on such a plan (a checkout opened before the subscription
 * began, paid after) keeps the plan in force and only adds the paid days to its end.
 */
import { stackingRefusal, stackingRefusalText } from '@crease/contract';
import type { RunningPlan } from '@crease/contract';
import { ApiError } from './errors';
import { findPlan } from './plans';
import type { PlanRow } from './plans';
import { isEntitled, readSubscription, stateOf } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';

/** The paid plan in force on `now` (ACTIVE or CANCELLED, period still running), or null. */
export async function runningPlanOf(
  db: Executor,
  row: SubscriptionRow | null,
  now: Date,
): Promise<{ plan: PlanRow; running: RunningPlan } | null> {
  const state = stateOf(row);
  if (!row || (state !== 'ACTIVE' && state !== 'CANCELLED') || !isEntitled(row, now)) return null;
  if (!row.planId || !row.periodEnd || row.periodEnd <= now) return null;
  const plan = await findPlan(db, row.planId);
  if (!plan) return null;
  return {
    plan,
    running: {
      planName: plan.name,
      maxDevices: plan.maxDevices,
      renewing: state === 'ACTIVE' && row.renewing,
      periodEnd: row.periodEnd.toISOString(),
    },
  };
}

/** Whether paying for `target` now would lower the plan in force (the rule's answer). */
export async function lowersRunningPlan(
  db: Executor,
  row: SubscriptionRow | null,
  target: PlanRow,
  now: Date,
): Promise<boolean> {
  const current = await runningPlanOf(db, row, now);
  return !!current && stackingRefusal(current.running, planOnSale(target)) !== null;
}

/** 409 PLAN_WOULD_DOWNGRADE, with the sentence /plans shows, when `target` may not be bought. */
export async function refuseDowngradingPurchase(
  db: Executor,
  userId: string,
  target: PlanRow,
  now: Date,
): Promise<void> {
  const current = await runningPlanOf(db, await readSubscription(db, userId, now), now);
  if (!current) return;
  const onSale = planOnSale(target);
  const refusal = stackingRefusal(current.running, onSale);
  if (!refusal) return;
  const endsOn = current.running.periodEnd.slice(0, 10);
  throw new ApiError(
    'PLAN_WOULD_DOWNGRADE',
    `${stackingRefusalText(refusal, current.running, onSale, endsOn)} Nothing was charged.`,
    { userId },
  );
}

function planOnSale(plan: PlanRow) {
  return { planName: plan.name, maxDevices: plan.maxDevices, renews: plan.renews };
}
