/**
 * The fake API's quotes (decision 397): the figures the real API sends, in its own rule (whole
 * cents, the saving rounded half up), so a screen under test shows figures it did not compute.
 */
import type { CouponCheck, Plan, PriceQuote } from '@crease/contract';

/** The fake's coupons: WELCOME20 on every plan, SEASON50 on the season pass. */
const COUPONS: Readonly<Record<string, { percentage: number; planIds: readonly string[] | null }>> =
  {
    WELCOME20: { percentage: 20, planIds: null },
    SEASON50: { percentage: 50, planIds: ['season'] },
  };

const RENEWAL_AT = '2026-12-23T12:00:00.000Z';

export function quoteFor(plan: Plan, code: string | null): PriceQuote {
  const coupon = code ? COUPONS[code] : undefined;
  const percentage = coupon?.percentage ?? 0;
  const listCents = Math.round(plan.price * 100);
  const savingCents = Math.round((listCents * percentage) / 100);
  return {
    planId: plan.planId,
    planName: plan.planName,
    listPrice: plan.price,
    amount: (listCents - savingCents) / 100,
    discount: savingCents / 100,
    currency: 'USD',
    couponCode: coupon ? (code as string) : null,
    percentage,
    renewal: plan.renews
      ? { amount: plan.price, currency: 'USD', at: RENEWAL_AT, everyDays: plan.duration }
      : null,
  };
}

/** The coupon check's answer for `code` on `plan`, or null when the code does not apply. */
export function couponCheckFor(plan: Plan, code: string | null): CouponCheck | null {
  const coupon = code ? COUPONS[code] : undefined;
  if (!code || !coupon || (coupon.planIds && !coupon.planIds.includes(plan.planId))) return null;
  return {
    valid: true,
    couponCode: code,
    percentage: coupon.percentage,
    quote: quoteFor(plan, code),
  };
}
