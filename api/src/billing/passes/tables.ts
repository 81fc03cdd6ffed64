/**
 * Passes for one match or one league's season (issue 34 §3, decisions 452–456). One row per
 * checkout of a pass: what it is for, written with the checkout. The payment's claim marks it
 * `claimed` in the charge's own transaction (the sandbox asks before it charges; Stripe's
 * webhook claims as it records), and the webhook sets `payment_id` when it records the payment:
 * from then on the pass plays, until that payment is refunded in full.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns';
import { users } from '../../accounts/tables';
import { checkouts, payments } from '../tables';

export const passOrders = pgTable(
  'pass_orders',
  {
    checkoutId: uuid('checkout_id')
      .primaryKey()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** MATCH or SEASON (contract PASS_SCOPES). */
    scope: text('scope').notNull(),
    /** The match (MATCH); null for a season pass. No foreign key: the catalog is its own feature. */
    eventId: text('event_id'),
    /** The league: a season pass's target, and a match pass's match's league. */
    leagueId: text('league_id').notNull(),
    /** What it plays, as the receipt and the account say it ("India v Australia"). */
    title: text('title').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Set by the payment's claim: the money is being (or has been) taken for this pass. */
    claimed: boolean('claimed').notNull().default(false),
    /** The ledger row that paid it; the pass plays while it is not refunded in full. */
    paymentId: uuid('payment_id').references(() => payments.id),
  },
  (t) => [
    check('pass_orders_scope', sql`${t.scope} IN ('MATCH', 'SEASON')`),
    check('pass_orders_target', sql`(${t.scope} = 'MATCH') = (${t.eventId} IS NOT NULL)`),
    uniqueIndex('pass_orders_payment_key').on(t.paymentId),
    // The entitlement's lookups: a viewer's passes for a match, and for a league.
    index('pass_orders_user_event_idx').on(t.userId, t.eventId),
    index('pass_orders_user_league_idx').on(t.userId, t.leagueId),
  ],
);

export type PassOrderRow = typeof passOrders.$inferSelect;
