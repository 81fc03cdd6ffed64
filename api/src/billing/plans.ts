/** Plans: the catalogue rows and their docs/product.md §3 wire shape. */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { PASS_PLAN_IDS } from '@crease/contract';
import type { Plan } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { plans } from './tables';
import { ApiError } from './errors';
import { toMajor } from './money';

export type PlanRow = typeof plans.$inferSelect;

export function planToWire(row: PlanRow): Plan {
  return {
    planId: row.id,
    planName: row.name,
    description: row.description,
    maxDevices: row.maxDevices,
    duration: row.durationDays,
    orderNumber: row.orderNumber,
    price: toMajor(row.priceCents),
    active: row.active,
    status: row.active ? 'ACTIVE' : 'INACTIVE',
    trial: row.trial,
    renews: row.renews,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/** The plans on sale on /plans and the storefront: pass products are sold beside their match. */
export async function activePlans(db: Db): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.active, true), notInArray(plans.id, Object.values(PASS_PLAN_IDS))))
    .orderBy(asc(plans.orderNumber));
}

export async function findPlan(
  db: Pick<Db, 'select'>,
  planId: string,
): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row;
}

/** The active trial plan (trial = true), if one is configured. */
export async function findTrialPlan(db: Pick<Db, 'select'>): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.trial, true), eq(plans.active, true)))
    .orderBy(asc(plans.orderNumber))
    .limit(1);
  return row;
}

export async function trialPlan(db: Pick<Db, 'select'>): Promise<PlanRow> {
  const row = await findTrialPlan(db);
  if (!row) throw new ApiError('PLAN_NOT_FOUND', 'No free trial is offered at the moment.');
  return row;
}

/** A plan the viewer may buy now, or the precise 4xx why not. */
export async function purchasablePlan(db: Db, planId: string): Promise<PlanRow> {
  const plan = await findPlan(db, planId);
  if (!plan || plan.trial) throw new ApiError('PLAN_NOT_FOUND');
  if (!plan.active) throw new ApiError('PLAN_INACTIVE');
  return plan;
}
