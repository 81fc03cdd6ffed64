/**
 * A price as the API computed it (issue 31 §9, §10; decision 397): the total in the currency's
 * minor units, rounded once on the server, and what renews after the first payment. Screens show
 * these figures and never compute a price themselves, so the page and the charge always agree.
 */
import type { TaxBreakdown } from './billing-prices';

/** A subscription's renewal: the list price, charged to the saved card on `at` (ISO 8601). */
export interface RenewalTerms {
  /** Major units: what each renewal charges (a coupon is for the first payment only). */
  amount: number;
  currency: string;
  /** When the first renewal is charged if the viewer pays now (or, once paid, when it is). */
  at: string;
  /** Renewals follow every this many days until cancelled. */
  everyDays: number;
}

/** GET BILLING_PATHS.quote ?planId=&couponCode=: what paying for the plan now costs the caller. */
export interface PriceQuote {
  planId: string;
  planName: string;
  /** Major units, before the coupon. */
  listPrice: number;
  /** Major units: the total today, what the checkout will charge (send it as expectedAmount). */
  amount: number;
  /** Major units: what the coupon takes off (listPrice − amount, from the server's cents). */
  discount: number;
  currency: string;
  couponCode: string | null;
  percentage: number;
  /** null for a pass, which is paid once. */
  renewal: RenewalTerms | null;
  /** Added (issue 34 §1): the region whose currency this is (decision 421). */
  region?: string;
  /** The GST in `amount`, for India (decision 422); null elsewhere. */
  taxBreakdown?: TaxBreakdown | null;
}
