/**
 * The checkout's view of a pass (decision 452): the request names the pass product as `planId`
 * and its match (`eventId`) or league (`leagueId`). A pass is refused when it is not on sale to
 * this viewer (pass-sales.ts) and takes no coupon; a plan may name neither.
 */
import { PASS_PLAN_IDS, isPassPlanId } from '@crease/contract';
import type { CheckoutRequest, PassScope } from '@crease/contract';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../errors';
import { refusePassPurchase } from './pass-sales';
import { passTargetOf } from './pass-targets';
import type { PassTarget } from './pass-targets';

export async function passForCheckout(
  db: Db,
  userId: string,
  request: Pick<CheckoutRequest, 'planId' | 'couponCode' | 'eventId' | 'leagueId'>,
  now: Date,
): Promise<PassTarget | null> {
  if (!isPassPlanId(request.planId)) {
    if (request.eventId !== undefined || request.leagueId !== undefined)
      throw new ApiError(
        'VALIDATION_FAILED',
        'Only a pass names "eventId" or "leagueId"; a plan plays every match.',
      );
    return null;
  }
  if (request.couponCode)
    throw new ApiError('COUPON_NOT_APPLICABLE', 'Coupons apply to plans, not to passes.');
  const scope: PassScope = request.planId === PASS_PLAN_IDS.MATCH ? 'MATCH' : 'SEASON';
  const target = await passTargetOf(db, scope, request);
  await refusePassPurchase(db, userId, target, now);
  return target;
}
