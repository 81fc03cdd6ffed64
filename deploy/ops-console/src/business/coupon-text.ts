import type { AdminCoupon, AdminCouponState } from '@crease/contract';

export const STATE_TEXT: Record<AdminCouponState, string> = {
  ACTIVE: 'Active',
  SCHEDULED: 'Not started',
  USED_UP: 'Used up',
  ENDED: 'Ended',
};

/** "2 of 5" places taken, or "2 (no limit)". */
export const takenText = (coupon: AdminCoupon) =>
  coupon.redemptionLimit === null
    ? `${coupon.taken} (no limit)`
    : `${coupon.taken} of ${coupon.redemptionLimit}`;
