/**
 * The two pass products (decision 452) are plan rows, so they are priced per currency exactly as
 * plans are (`plans.prices`, decision 421), charged through the same checkout and ledger and
 * invoiced in the same series. They are kept off /plans and the storefront (`activePlans` leaves
 * them out) because they are sold only beside what they are for: a match, or a league.
 */
import { PASS_PLAN_IDS } from '@crease/contract';
import { plans } from '../tables';
import type { Seeder } from '../../platform/db/seed';

export const PASS_PRODUCTS = [
  {
    id: PASS_PLAN_IDS.MATCH,
    name: 'Match pass',
    description: 'One match, live and its replay, in HD, on one screen. Never renews.',
    maxDevices: 1,
    // Unused by a pass (it lasts as long as its match's replay); plans_positive_terms wants > 0.
    durationDays: 1,
    orderNumber: 90,
    priceCents: 199,
    trial: false,
    renews: false,
    prices: { INR: 2900, GBP: 149, AUD: 299 },
  },
  {
    id: PASS_PLAN_IDS.SEASON,
    name: 'Season pass',
    description: "Every match of one league's season, live and replays, on one screen.",
    maxDevices: 1,
    durationDays: 1,
    orderNumber: 91,
    priceCents: 1499,
    trial: false,
    renews: false,
    prices: { INR: 39900, GBP: 1199, AUD: 2299 },
  },
] as const;

/** Insert-if-missing, like the plans: an operator's later price change is never overwritten. */
export const passProductsSeeder: Seeder = {
  name: 'billing-pass-products',
  async run(db, { clock }) {
    const now = clock.now();
    const added = await db
      .insert(plans)
      .values(PASS_PRODUCTS.map((p) => ({ ...p, active: true, createdAt: now, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ id: plans.id });
    return `${added.length} pass products`;
  },
};
