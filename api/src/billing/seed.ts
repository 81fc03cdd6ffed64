/**
 * The plans and coupons `npm start` sells (issue 11): insert-if-missing, so an operator's later
 * price change is never overwritten by a restart.
 */
import { and, eq, sql } from 'drizzle-orm';
import { WELCOME_COUPON_CODE } from './welcome-offer';
import { coupons, plans } from './tables';
import type { Seeder } from '../platform/db/seed';

const DAY_MS = 24 * 60 * 60 * 1000;

export const SEED_PLANS = [
  {
    id: 'trial',
    name: 'Free trial',
    description: 'Watch live cricket free for a week: two hours in all, half an hour a day.',
    maxDevices: 1,
    durationDays: 7,
    orderNumber: 0,
    priceCents: 0,
    trial: true,
    renews: false,
    prices: {},
  },
  {
    id: 'match-pass',
    name: 'Match Pass',
    description: 'Every live match for 24 hours, in HD, on one screen.',
    maxDevices: 1,
    durationDays: 1,
    orderNumber: 1,
    priceCents: 299,
    trial: false,
    renews: false,
    prices: { INR: 4900, GBP: 249, AUD: 449 },
  },
  {
    id: 'monthly',
    name: 'Monthly',
    description: 'Every live match for 30 days, in HD, on two screens at once.',
    maxDevices: 2,
    durationDays: 30,
    orderNumber: 2,
    priceCents: 999,
    trial: false,
    renews: true,
    prices: { INR: 29900, GBP: 799, AUD: 1499 },
  },
  {
    id: 'season',
    name: 'Season',
    description: 'The whole season: 180 days of live cricket on three screens at once.',
    maxDevices: 3,
    durationDays: 180,
    orderNumber: 3,
    priceCents: 3999,
    trial: false,
    renews: false,
    prices: { INR: 99900, GBP: 3299, AUD: 5999 },
  },
  {
    id: 'annual',
    name: 'Annual',
    description: 'A full year of live cricket on four screens at once, the best price per day.',
    maxDevices: 4,
    durationDays: 365,
    orderNumber: 4,
    priceCents: 6999,
    trial: false,
    renews: true,
    prices: { INR: 149900, GBP: 5999, AUD: 10499 },
  },
] as const;

export const billingCatalogSeeder: Seeder = {
  name: 'billing-catalog',
  async run(db, { clock }) {
    const now = clock.now();
    const addedPlans = await db
      .insert(plans)
      .values(SEED_PLANS.map((plan) => ({ ...plan, active: true, createdAt: now, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ id: plans.id });
    // A plan seeded before regional prices (decision 421) gets them; set ones are never touched.
    for (const plan of SEED_PLANS)
      await db
        .update(plans)
        .set({ prices: plan.prices })
        .where(and(eq(plans.id, plan.id), sql`${plans.prices} = '{}'::jsonb`));
    const addedCoupons = await db
      .insert(coupons)
      .values([
        // 20 % off any plan, no end, no overall limit, once per account: the welcome mail's code.
        {
          code: WELCOME_COUPON_CODE,
          percentage: 20,
          validFrom: new Date(0),
          perAccountLimit: 1,
          planIds: [],
          createdAt: now,
        },
        // Half price on the season plan, for the first 100 buyers, until a year from the seed.
        {
          code: 'SEASON50',
          percentage: 50,
          validFrom: new Date(0),
          validUntil: new Date(now.getTime() + 365 * DAY_MS),
          redemptionLimit: 100,
          planIds: ['season'],
          createdAt: now,
        },
      ])
      .onConflictDoNothing()
      .returning({ code: coupons.code });
    return `plans +${addedPlans.length}, coupons +${addedCoupons.length}`;
  },
};
