/**
 * The one place a price is computed (issue 31 §9, §10; decision 397): in whole cents, rounded
 * once (money.ts `discounted`), and sent to the screens as figures they show as they are. The
 * same quote prices the checkout, so what the page showed is what the checkout charges.
 */
import type { PriceQuote, RenewalTerms } from '@crease/contract';
import type { Db } from '../platform/db/client';
import type { InvoiceConfig } from '../platform/invoice-config';
import type { CouponRow } from './tables';
import { discounted, toMajor } from './money';
import type { PlanRow } from './plans';
import { gstBreakdown, priceIn } from './regional-prices';
import type { Pricing } from './regional-prices';
import { isEntitled, readSubscription, stateOf } from './subscription-machine';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A priced order: the cents the checkout freezes, and the wire quote that shows them. */
export interface PricedOrder {
  plan: PlanRow;
  coupon: CouponRow | null;
  percentage: number;
  amountCents: number;
  /** The plan's price in `currency` (before the coupon), and the currency charged. */
  listPriceCents: number;
  currency: string;
  /** The region priced for (saved to a profile that has none at checkout, decision 421). */
  region: string;
  quote: PriceQuote;
}

/**
 * A renewing plan's renewal: its list price in the currency it was bought in (a coupon is for
 * the first payment; decision 421), after `end`.
 */
export function renewalTerms(
  plan: PlanRow,
  periodEnd: Date,
  currency: string,
): RenewalTerms | null {
  if (!plan.renews) return null;
  const price = priceIn(plan, currency);
  return {
    amount: toMajor(price.minor),
    currency: price.currency,
    at: periodEnd.toISOString(),
    everyDays: plan.durationDays,
  };
}

/**
 * When a period paid now would end: after the running one if the account is on a paid plan
 * (paying again extends it, subscriptions.ts activatePaidPeriod), else `durationDays` from now.
 */
export async function periodEndIfPaidNow(
  db: Db,
  userId: string,
  plan: PlanRow,
  now: Date,
): Promise<Date> {
  const row = await readSubscription(db, userId, now);
  const state = stateOf(row);
  const continuing =
    (state === 'ACTIVE' || state === 'CANCELLED') &&
    isEntitled(row, now) &&
    !!row?.periodEnd &&
    row.periodEnd > now;
  const from = continuing && row?.periodEnd ? row.periodEnd : now;
  return new Date(from.getTime() + plan.durationDays * DAY_MS);
}

export async function priceOrder(
  db: Db,
  plan: PlanRow,
  coupon: CouponRow | null,
  userId: string,
  now: Date,
  pricing: Pricing,
  config: InvoiceConfig,
): Promise<PricedOrder> {
  const percentage = coupon?.percentage ?? 0;
  const { currency, minor: listPriceCents } = priceIn(plan, pricing.currency);
  // The coupon's percentage of this currency's price, rounded once in its minor units.
  const amountCents = discounted(listPriceCents, percentage);
  const renewal = plan.renews
    ? renewalTerms(plan, await periodEndIfPaidNow(db, userId, plan, now), currency)
    : null;
  return {
    plan,
    coupon,
    percentage,
    amountCents,
    listPriceCents,
    currency,
    region: pricing.region,
    quote: {
      planId: plan.id,
      planName: plan.name,
      listPrice: toMajor(listPriceCents),
      amount: toMajor(amountCents),
      discount: toMajor(listPriceCents - amountCents),
      currency,
      couponCode: coupon?.code ?? null,
      percentage,
      renewal,
      region: pricing.region,
      taxBreakdown: gstBreakdown(config, pricing.region, currency, amountCents),
    },
  };
}
