/** The public storefront on / (issue 22 §3, decision 255): moved here from billing.ts as it is. */
import type { Plan } from './wire';
import type { TrialLimits } from './billing';
import type { Static } from 'typebox';
import type { StorefrontMatchSchema, TeamCrestSchema } from './storefront-schemas';

/** GET storefront: what a signed-out visitor may read on / (public, cacheable, no viewer data). */
export interface Storefront {
  /** Matches live now, soonest start first (at most STOREFRONT_MATCH_LIMIT). */
  live: StorefrontMatch[];
  /** The next scheduled fixtures, soonest first (at most STOREFRONT_MATCH_LIMIT). */
  upcoming: StorefrontMatch[];
  /** The plans on sale (active, not the trial), in orderNumber order. */
  plans: Plan[];
  /** The free trial's terms, or null when none is offered. */
  trial: TrialLimits | null;
}

/** A live match or a fixture on / (its schema: storefront-schemas.ts). */
export type StorefrontMatch = Static<typeof StorefrontMatchSchema>;
/** A team's crest: its short name on its colours (its schema: storefront-schemas.ts). */
export type TeamCrest = Static<typeof TeamCrestSchema>;

export const STOREFRONT_MATCH_LIMIT = 4;
/** Browsers and CDNs may reuse the storefront this long: live-now changes within a minute. */
export const STOREFRONT_MAX_AGE_SECONDS = 15;
export const STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS = 30;
