/**
 * The admin's business desk in the staff console (issue 33 §5, decisions 457–460): plans and
 * their price per currency, coupons and their redemptions, and the business figures. Admin
 * only (or an operator token, a bot in the audit). Every write says why; the audit log keeps
 * the reason with before → after. Money is whole minor units of its currency.
 */
import type { PriceCurrency } from './billing-prices';

export const BUSINESS_PATHS = {
  /** GET: 200 AdminPlan[], every plan (trial, passes, withdrawn ones included). */
  plans: 'api/v1/staff/business/plans',
  /** PUT AdminPriceRequest: 200 AdminPlan; new quotes use it, nothing already priced moves. */
  planPrice: 'api/v1/staff/business/plans/:planId/prices/:currency',
  /** PUT AdminPlanSaleRequest: 200 AdminPlan; withdrawn: no new sale, running plans continue. */
  planSale: 'api/v1/staff/business/plans/:planId/sale',
  /** GET: 200 AdminCoupon[]; POST AdminCouponCreateRequest: 201 AdminCoupon. */
  coupons: 'api/v1/staff/business/coupons',
  /** PATCH AdminCouponUpdateRequest: 200 AdminCoupon (the limit and the expiry). */
  coupon: 'api/v1/staff/business/coupons/:code',
  /** POST AdminReason: 200 AdminCoupon; it ends now (valid until now). */
  endCoupon: 'api/v1/staff/business/coupons/:code/end',
  /** GET: 200 AdminCouponRedemptions. */
  couponRedemptions: 'api/v1/staff/business/coupons/:code/redemptions',
  /** GET: 200 BusinessFigures (today and this month, UTC days of the API's clock). */
  figures: 'api/v1/staff/business/figures',
} as const;

/** Every admin write says why (3 to 500 characters); the audit log keeps it. */
export interface AdminReason {
  reason: string;
}

export interface AdminPrice {
  currency: PriceCurrency;
  /** Whole minor units (cents, paise, pence). */
  minor: number;
  /** No price of its own in this currency: viewers there pay the USD price. */
  fallback: boolean;
}

export interface AdminPlan {
  planId: string;
  planName: string;
  durationDays: number;
  maxDevices: number;
  /** On sale (`active`): a withdrawn plan is not sold; running subscriptions keep it. */
  onSale: boolean;
  trial: boolean;
  renews: boolean;
  /** A match or season pass, sold beside its match or league. */
  pass: boolean;
  /** One price per PRICE_CURRENCIES entry, USD first. */
  prices: AdminPrice[];
  /** Subscriptions that renew on this plan now: a price change reaches them at renewal. */
  renewingSubscriptions: number;
}

export interface AdminPriceRequest extends AdminReason {
  /** Whole minor units, > 0. */
  minor: number;
}

export interface AdminPlanSaleRequest extends AdminReason {
  onSale: boolean;
}

export type AdminCouponState = 'SCHEDULED' | 'ACTIVE' | 'USED_UP' | 'ENDED';

export interface AdminCoupon {
  code: string;
  /** 1 to 99 per cent off the first payment. */
  percentage: number;
  /** The plans it applies to; empty: every plan on sale. */
  planIds: string[];
  /** null: no limit. */
  redemptionLimit: number | null;
  /** Paid checkouts one account may make with it; null: no per-account limit. */
  perAccountLimit: number | null;
  validFrom: string;
  /** null: no end. */
  validUntil: string | null;
  /** Places taken: paid redemptions and checkouts holding one (what the limit counts). */
  taken: number;
  /** Paid redemptions. */
  redeemed: number;
  state: AdminCouponState;
  createdAt: string;
}

export interface AdminCouponCreateRequest extends AdminReason {
  /** Letters, digits, `-` and `_`; stored upper case. */
  code: string;
  percentage: number;
  planIds: string[];
  redemptionLimit: number | null;
  perAccountLimit: number | null;
  /** Default: now. */
  validFrom?: string;
  validUntil: string | null;
}

export interface AdminCouponUpdateRequest extends AdminReason {
  /** Not below the places already taken. */
  redemptionLimit?: number | null;
  /** In the future, or null for no end (end it with endCoupon). */
  validUntil?: string | null;
}

export interface AdminCouponRedemption {
  paymentId: string;
  /** The viewer's email ("deleted account" once erased). */
  viewer: string;
  paidAt: string;
  planId: string;
  /** What was paid, minor units, and the currency. */
  amountMinor: number;
  currency: string;
}

export interface AdminCouponRedemptions {
  coupon: AdminCoupon;
  /** Paid redemptions, newest first. */
  redemptions: AdminCouponRedemption[];
  /** Checkouts holding a place, not paid yet. */
  holding: number;
}

/** A sum of money in one currency, minor units. */
export interface MoneyByCurrency {
  currency: string;
  /** Payments taken in the window. */
  grossMinor: number;
  /** Refunds made in the window (by when the refund happened). */
  refundedMinor: number;
  /** gross − refunded. */
  netMinor: number;
}

export interface RevenueDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  byCurrency: MoneyByCurrency[];
}

export interface MatchPeak {
  eventId: string;
  title: string;
  startTime: string | null;
  /** Most streams open at one moment. */
  peakViewers: number;
  /** When the peak was first reached. */
  peakAt: string;
}

export interface BusinessFigures {
  /** The API clock's now, and the windows' starts (UTC). */
  now: string;
  today: string;
  monthStart: string;
  revenueToday: MoneyByCurrency[];
  revenueMonth: MoneyByCurrency[];
  /** Each day of the month so far, oldest first. */
  revenueByDay: RevenueDay[];
  trialsToday: number;
  trialsMonth: number;
  /** Trials started each day of the month so far, oldest first. */
  trialsByDay: { day: string; trials: number }[];
  /** Of the trials started this month, those whose account has paid since. */
  conversion: { trials: number; paid: number; percent: number | null };
  /** Matches watched this month, by peak viewers, most first (at most 20). */
  peaks: MatchPeak[];
}
