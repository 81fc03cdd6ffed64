import { ProblemError } from '@crease/contract';
import type { Plan, ScreenProps } from '@crease/contract';
import { checkCoupon, listPlans } from '../../api/billing-client';

/** What /payment-process offers to pay: a plan on sale and the coupon that applies to it, if any. */
export interface Order {
  plan: Plan;
  couponCode: string | null;
  percentage: number;
  /** A coupon from /plans that no longer applies (said, then left out). */
  couponProblem: string | null;
}

/** The order for `planId` (null when that plan is not on sale), with `coupon` checked against it. */
export async function loadOrder(
  platform: ScreenProps['platform'],
  planId: string,
  coupon: string | null,
): Promise<Order | null> {
  const plans = await listPlans(platform);
  const plan = plans.find((candidate) => candidate.planId === planId && candidate.active);
  if (!plan || plan.trial) return null;
  if (!coupon) return { plan, couponCode: null, percentage: 0, couponProblem: null };
  try {
    const check = await checkCoupon(platform, coupon, plan.planId);
    if (check.valid && check.percentage > 0)
      return {
        plan,
        couponCode: check.couponCode,
        percentage: check.percentage,
        couponProblem: null,
      };
    return {
      plan,
      couponCode: null,
      percentage: 0,
      couponProblem: `${coupon} does not apply to this plan.`,
    };
  } catch (error) {
    const message = error instanceof ProblemError ? error.problem.message : String(error);
    return { plan, couponCode: null, percentage: 0, couponProblem: message };
  }
}
