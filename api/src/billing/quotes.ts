/**
 * The one place a price is computed (issue 31 §9, §10; decision 397): in whole cents, rounded
 * once (money.ts `discounted`), and sent to the screens as figures they show as they are. The
 * same quote prices the checkout, so what the page showed is what the checkout charges.
 */
import { BILLING_CURRENCY } from '@crease/contract';
import type { PriceQuote, RenewalTerms } from '@crease/contract';
import type { Db } from '../platform/db/client';
import type { CouponRow } from './tables';
import { discounted, toMajor } from './money';
import type { PlanRow } from './plans';
import { isEntitled, readSubscription, stateOf } from './subscription-machine';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A priced order: the cents the checkout freezes, and the wire quote that shows them. */
export interface PricedOrder {
  plan: PlanRow;
  coupon: CouponRow | null;
  percentage: number;
  amountCents: number;
  quote: PriceQuote;
}

/** A renewing plan's renewal: its list price (a coupon is for the first payment), after `end`. */
export function renewalTerms(plan: PlanRow, periodEnd: Date): RenewalTerms | null {
  if (!plan.renews) return null;
  return {
    amount: toMajor(plan.priceCents),
    currency: BILLING_CURRENCY,
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
): Promise<PricedOrder> {
  const percentage = coupon?.percentage ?? 0;
  const amountCents = discounted(plan.priceCents, percentage);
  const renewal = plan.renews
    ? renewalTerms(plan, await periodEndIfPaidNow(db, userId, plan, now))
    : null;
  return {
    plan,
    coupon,
    percentage,
    amountCents,
    quote: {
      planId: plan.id,
      planName: plan.name,
      listPrice: toMajor(plan.priceCents),
      amount: toMajor(amountCents),
      discount: toMajor(plan.priceCents - amountCents),
      currency: BILLING_CURRENCY,
      couponCode: coupon?.code ?? null,
      percentage,
      renewal,
    },
  };
}
