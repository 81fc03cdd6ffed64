import { ProblemError } from '@crease/contract';
import type { Plan, PriceQuote, Problem, ScreenProps } from '@crease/contract';
import { getQuote, listPlans } from '../../api/billing-client';

/**
 * What /payment-process offers to pay: a plan on sale and the server's quote for it (decision
 * 397): the total, the coupon's saving and the renewal, as the API computed them.
 */
export interface Order {
  plan: Plan;
  quote: PriceQuote;
  couponCode: string | null;
  percentage: number;
  /**
   * A coupon from /plans that no longer applies (said, then left out): the API's problem, or
   * (code null) a code that is valid but gives this plan nothing.
   */
  couponProblem: CouponProblem | null;
}

export type CouponProblem =
  Pick<Problem, 'code' | 'message'> | { code: null; coupon: string; message?: undefined };

const problemOfError = (error: unknown): CouponProblem =>
  error instanceof ProblemError ? error.problem : { code: 'UNKNOWN', message: String(error) };

/** The order for `planId` (null when that plan is not on sale), with `coupon` checked against it. */
export async function loadOrder(
  platform: ScreenProps['platform'],
  planId: string,
  coupon: string | null,
): Promise<Order | null> {
  const plans = await listPlans(platform);
  const plan = plans.find((candidate) => candidate.planId === planId && candidate.active);
  if (!plan || plan.trial) return null;
  const plain = async (couponProblem: CouponProblem | null): Promise<Order> => ({
    plan,
    quote: await getQuote(platform, plan.planId),
    couponCode: null,
    percentage: 0,
    couponProblem,
  });
  if (!coupon) return plain(null);
  let quote: PriceQuote;
  try {
    quote = await getQuote(platform, plan.planId, coupon);
  } catch (error) {
    return plain(problemOfError(error));
  }
  if (quote.couponCode && quote.percentage > 0)
    return {
      plan,
      quote,
      couponCode: quote.couponCode,
      percentage: quote.percentage,
      couponProblem: null,
    };
  return plain({ code: null, coupon });
}
