import { BUSINESS_PATHS } from '@crease/contract';
import type {
  AdminCoupon,
  AdminCouponCreateRequest,
  AdminCouponRedemptions,
  AdminCouponUpdateRequest,
  AdminPlan,
  BusinessFigures,
  PriceCurrency,
} from '@crease/contract';
import { call, fill } from './staff-client';

/**
 * The admin's business calls (issue 33 §5, decisions 457–460): plans and prices, coupons and
 * their redemptions, the figures. Every write carries the admin's reason.
 */
export function businessCalls(apiOrigin: string, token: string) {
  return {
    adminPlans: () => call<AdminPlan[]>(apiOrigin, token, 'GET', BUSINESS_PATHS.plans),
    setPlanPrice: (planId: string, currency: PriceCurrency, minor: number, reason: string) =>
      call<AdminPlan>(
        apiOrigin,
        token,
        'PUT',
        fill(BUSINESS_PATHS.planPrice, { planId, currency }),
        {
          minor,
          reason,
        },
      ),
    setPlanOnSale: (planId: string, onSale: boolean, reason: string) =>
      call<AdminPlan>(apiOrigin, token, 'PUT', fill(BUSINESS_PATHS.planSale, { planId }), {
        onSale,
        reason,
      }),
    adminCoupons: () => call<AdminCoupon[]>(apiOrigin, token, 'GET', BUSINESS_PATHS.coupons),
    createCoupon: (request: AdminCouponCreateRequest) =>
      call<AdminCoupon>(apiOrigin, token, 'POST', BUSINESS_PATHS.coupons, request),
    updateCoupon: (code: string, request: AdminCouponUpdateRequest) =>
      call<AdminCoupon>(apiOrigin, token, 'PATCH', fill(BUSINESS_PATHS.coupon, { code }), request),
    endCoupon: (code: string, reason: string) =>
      call<AdminCoupon>(apiOrigin, token, 'POST', fill(BUSINESS_PATHS.endCoupon, { code }), {
        reason,
      }),
    couponRedemptions: (code: string) =>
      call<AdminCouponRedemptions>(
        apiOrigin,
        token,
        'GET',
        fill(BUSINESS_PATHS.couponRedemptions, { code }),
      ),
    figures: () => call<BusinessFigures>(apiOrigin, token, 'GET', BUSINESS_PATHS.figures),
  };
}
