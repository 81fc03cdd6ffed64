/**
 * The admin's view of the plan rows (issue 33 §5, decision 457): every plan with its price in
 * each currency, a regional price changed, a plan withdrawn from sale or put back. A price lives
 * in the plan row only (`price_cents` for USD, `prices` for the rest), so a change is read by
 * the next quote; what was already priced never moves: an open checkout charges the amount it
 * froze, a quote shown before the change is refused at checkout (PRICE_CHANGED) so the viewer
 * sees the new figure before paying, and a running period is paid. Renewals charge the list
 * price at renewal time in the currency bought in (decisions 245, 421): the admin sees how many
 * renewing subscriptions that reaches.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import { FALLBACK_CURRENCY, PRICE_CURRENCIES, isPassPlanId } from '@crease/contract';
import type { AdminPlan, PriceCurrency } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { ApiError } from '../platform/errors';
import { plans, subscriptions } from './tables';
import type { PlanRow } from './plans';

/** The prices as the admin sees them: USD first, then each currency, its own or the fallback. */
function pricesOf(row: PlanRow): AdminPlan['prices'] {
  return PRICE_CURRENCIES.map((currency) => {
    if (currency === FALLBACK_CURRENCY) return { currency, minor: row.priceCents, fallback: false };
    const own = row.prices[currency];
    return Number.isInteger(own)
      ? { currency, minor: own as number, fallback: false }
      : { currency, minor: row.priceCents, fallback: true };
  });
}

function toAdminPlan(row: PlanRow, renewing: number): AdminPlan {
  return {
    planId: row.id,
    planName: row.name,
    durationDays: row.durationDays,
    maxDevices: row.maxDevices,
    onSale: row.active,
    trial: row.trial,
    renews: row.renews,
    pass: isPassPlanId(row.id),
    prices: pricesOf(row),
    renewingSubscriptions: renewing,
  };
}

/** Renewing subscriptions per plan they renew on (a pending downgrade's plan when one waits). */
async function renewingByPlan(db: Db): Promise<Map<string, number>> {
  const planOf = sql<string>`COALESCE(${subscriptions.pendingPlanId}, ${subscriptions.planId})`;
  const rows = await db
    .select({ planId: planOf, n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.renewing, true))
    .groupBy(planOf);
  return new Map(rows.map((row) => [String(row.planId), Number(row.n)]));
}

export async function adminPlans(db: Db): Promise<AdminPlan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.orderNumber), asc(plans.id));
  const renewing = await renewingByPlan(db);
  return rows.map((row) => toAdminPlan(row, renewing.get(row.id) ?? 0));
}

export async function adminPlan(db: Db, planId: string): Promise<AdminPlan> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!row) throw new ApiError('BUSINESS_PLAN_NOT_FOUND');
  return toAdminPlan(row, (await renewingByPlan(db)).get(row.id) ?? 0);
}

export interface PlanChange {
  before: AdminPlan;
  after: AdminPlan;
}

/**
 * Sets the plan's price in one currency (whole minor units). One statement, so two admins
 * changing two currencies at once both land; the trial has no price to set.
 */
export async function setPlanPrice(
  db: Db,
  planId: string,
  currency: PriceCurrency,
  minor: number,
  now: Date,
): Promise<PlanChange> {
  const before = await adminPlan(db, planId);
  if (before.trial) throw new ApiError('TRIAL_HAS_NO_PRICE');
  await db
    .update(plans)
    .set(
      currency === FALLBACK_CURRENCY
        ? { priceCents: minor, updatedAt: now }
        : {
            prices: sql`${plans.prices} || jsonb_build_object(${currency}::text, ${minor}::int)`,
            updatedAt: now,
          },
    )
    .where(eq(plans.id, planId));
  return { before, after: await adminPlan(db, planId) };
}

/** Withdraws a plan from sale (or puts it back): no new sale; running plans and renewals go on. */
export async function setPlanOnSale(
  db: Db,
  planId: string,
  onSale: boolean,
  now: Date,
): Promise<PlanChange> {
  const before = await adminPlan(db, planId);
  await db.update(plans).set({ active: onSale, updatedAt: now }).where(eq(plans.id, planId));
  return { before, after: await adminPlan(db, planId) };
}
