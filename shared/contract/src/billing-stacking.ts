/**
 * Buying a plan while a paid one runs (issue 31 §7–8, decision 391). A purchase may never lower
 * what the viewer has now: fewer screens at a time, or a renewing subscription turned into a pass.
 * The API refuses such a checkout (409 PLAN_WOULD_DOWNGRADE) and /plans says why before any click;
 * both ask this one function. Anything else bought during a running period is added at its end.
 */
import { screensText } from './wording';

/** The plan in force, as far as the rule needs it. */
export interface RunningPlan {
  planName: string;
  maxDevices: number;
  /** The subscription renews (ACTIVE with renewal on); a cancelled one or a pass does not. */
  renewing: boolean;
  /** ISO 8601: the end of all prepaid time. */
  periodEnd: string;
}

/** The plan the viewer would buy. */
export interface PlanOnSale {
  planName: string;
  maxDevices: number;
  renews: boolean;
}

/** Why `target` is not sold on top of `running`, or null when it may be bought. */
export type StackingRefusal = 'PASS_ON_SUBSCRIPTION' | 'FEWER_SCREENS';

export function stackingRefusal(
  running: RunningPlan | null,
  target: PlanOnSale,
): StackingRefusal | null {
  if (!running) return null;
  if (running.renewing && !target.renews) return 'PASS_ON_SUBSCRIPTION';
  if (target.maxDevices < running.maxDevices) return 'FEWER_SCREENS';
  return null;
}

/** The one sentence that says why (the API's message and the /plans notice). */
export function stackingRefusalText(
  refusal: StackingRefusal,
  running: RunningPlan,
  target: PlanOnSale,
  endsOn: string,
): string {
  const screens = screensText;
  return refusal === 'PASS_ON_SUBSCRIPTION'
    ? `Your ${running.planName} subscription already includes every match on ${screens(running.maxDevices)}; a ${target.planName} would add nothing, so it is not sold on top of it.`
    : `${target.planName} has ${screens(target.maxDevices)} and your ${running.planName} gives ${screens(running.maxDevices)} until ${endsOn}, so buying it now would lower your plan. Choose it after that date, or choose a plan with at least ${screens(running.maxDevices)}.`;
}
