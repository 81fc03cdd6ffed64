/**
 * The unused value of the prepaid time an upgrade ends early (issue 31 §7, decision 391). Every
 * paid period still to run is credited, not only the last one: a viewer who bought Monthly on
 * top of a Match Pass, or two Monthlys, gets all of it back. The periods are read from the
 * payments ledger (each payment bought the period that ends at its `plan_end_date` and is its
 * plan's length long), so nothing new is stored and every period keeps the price it was paid.
 */
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { PlanChangeCredit } from '@crease/contract';
import { payments, plans } from './tables';
import { refunds } from './ledger/tables';
import { toMajor } from './money';
import type { Executor, SubscriptionRow } from './subscription-machine';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One paid period: when it runs and what it cost (cents, less any money refunded). */
export interface PrepaidPeriod {
  planName: string;
  start: Date;
  end: Date;
  valueCents: number;
}

/**
 * The one rounding rule: a period's unused value is its cost times the share of it still to
 * come (all of it for a period that has not started), rounded down to the cent, so the viewer is
 * never credited more than they paid. Integer arithmetic in minor units and milliseconds.
 */
export function unusedValueCents(period: PrepaidPeriod, now: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0 || period.valueCents <= 0) return 0;
  const from = Math.max(now.getTime(), period.start.getTime());
  const left = Math.min(length, Math.max(0, period.end.getTime() - from));
  return Math.floor((period.valueCents * left) / length);
}

/**
 * The account's paid periods that still run on `now`, oldest first: payments made since the
 * current run began (the subscription's `periodStart`: its first payment, the last renewal or
 * the last upgrade) whose period ends after `now`. A period's value is what was paid plus any
 * credit carried into it, less refunds.
 */
export async function prepaidPeriods(
  db: Executor,
  row: SubscriptionRow,
  now: Date,
): Promise<PrepaidPeriod[]> {
  if (!row.periodStart) return [];
  const refunded = db
    .select({
      paymentId: refunds.paymentId,
      cents: sql<number>`sum(${refunds.amountCents})`.as('cents'),
    })
    .from(refunds)
    .groupBy(refunds.paymentId)
    .as('refunded');
  const found = await db
    .select({
      planName: payments.planName,
      end: payments.planEndDate,
      days: plans.durationDays,
      paid: payments.amountCents,
      credit: payments.creditCents,
      refunded: refunded.cents,
    })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(refunded, eq(refunded.paymentId, payments.id))
    .where(
      and(
        eq(payments.userId, row.userId),
        gte(payments.paidAt, row.periodStart),
        gt(payments.planEndDate, now),
      ),
    )
    .orderBy(payments.planEndDate);
  return found.map((p) => ({
    planName: p.planName,
    start: new Date(p.end.getTime() - p.days * DAY_MS),
    end: p.end,
    valueCents: Math.max(0, p.paid + p.credit - Number(p.refunded ?? 0)),
  }));
}

/** The credit of each period and their sum (cents), as the quote shows them. */
export function creditFor(
  periods: readonly PrepaidPeriod[],
  now: Date,
): { creditCents: number; credits: PlanChangeCredit[] } {
  const credits = periods.map((period) => ({
    period,
    cents: unusedValueCents(period, now),
  }));
  return {
    creditCents: credits.reduce((sum, c) => sum + c.cents, 0),
    credits: credits.map(({ period, cents }) => ({
      planName: period.planName,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      paid: toMajor(period.valueCents),
      credit: toMajor(cents),
    })),
  };
}
