/**
 * Billing tables (issue 11, docs/billing.md). Money is whole minor units (cents) in integers;
 * timestamps are timestamptz written from the API's injectable clock, so tests can move time.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';
import { users } from '../accounts/tables';

/** docs/product.md §3 Plan. `id` is a stable slug (`monthly`), so provider metadata and logs read well. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    maxDevices: integer('max_devices').notNull(),
    durationDays: integer('duration_days').notNull(),
    orderNumber: integer('order_number').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Minor units by currency (INR, GBP, AUD…; decision 421); price_cents is the USD price. */
    prices: jsonb('prices').$type<Record<string, number>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    /** The free-trial plan: taken with trial activation, never sold. */
    trial: boolean('trial').notNull().default(false),
    /** A subscription: charged again at each period end until cancelled (decision 245). */
    renews: boolean('renews').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('plans_price_not_negative', sql`${t.priceCents} >= 0`),
    check('plans_positive_terms', sql`${t.maxDevices} > 0 AND ${t.durationDays} > 0`),
    index('plans_order_idx').on(t.orderNumber),
  ],
);

/** Coupons: a percentage off, a validity window, a redemption limit, the plans they apply to. */
export const coupons = pgTable(
  'coupons',
  {
    /** Upper case; the check and checkout normalise what the viewer typed. */
    code: text('code').primaryKey(),
    percentage: integer('percentage').notNull(),
    validFrom: ts('valid_from').notNull(),
    /** null: no end. */
    validUntil: ts('valid_until'),
    /** null: unlimited. Counted when a checkout reserves the coupon (see checkouts). */
    redemptionLimit: integer('redemption_limit'),
    redeemed: integer('redeemed').notNull().default(0),
    /** How many paid checkouts one account may make with it; null: no per-account limit (167). */
    perAccountLimit: integer('per_account_limit'),
    /** Plan ids it applies to; empty: every plan for sale. */
    planIds: jsonb('plan_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Below 100: a free period is the trial's job, and providers refuse a zero charge.
    check('coupons_percentage_range', sql`${t.percentage} BETWEEN 1 AND 99`),
    check(
      'coupons_redeemed_within_limit',
      sql`${t.redemptionLimit} IS NULL OR ${t.redeemed} <= ${t.redemptionLimit}`,
    ),
    check(
      'coupons_per_account_limit_positive',
      sql`${t.perAccountLimit} IS NULL OR ${t.perAccountLimit} > 0`,
    ),
  ],
);

/** A coupon as read from its table. */
export type CouponRow = typeof coupons.$inferSelect;

/**
 * One purchase attempt: the price the API computed, frozen, and the provider session that takes
 * the money. Only the provider's webhook moves it to PAID or FAILED.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    couponCode: text('coupon_code').references(() => coupons.code),
    /**
     * HELD, TAKEN_OVER, RELEASED or REDEEMED (contract COUPON_RESERVATIONS, decision 166); null
     * without a coupon. At most one HELD per account and coupon (the partial unique index).
     */
    couponReservation: text('coupon_reservation'),
    percentage: integer('percentage').notNull().default(0),
    listPriceCents: integer('list_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentSystem: text('payment_system').notNull(),
    sessionId: text('session_id').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    status: text('status').notNull().default('OPEN'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** The provider time of the newest event applied: an older event arriving late is ignored. */
    lastEventAt: ts('last_event_at'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('checkouts_session_key').on(t.paymentSystem, t.sessionId),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    // One open coupon reservation per account and coupon, whatever the replicas do at once.
    uniqueIndex('checkouts_one_coupon_hold_key')
      .on(t.userId, t.couponCode)
      .where(sql`${t.couponReservation} = 'HELD'`),
    check(
      'checkouts_coupon_reservation_with_coupon',
      sql`(${t.couponCode} IS NULL) = (${t.couponReservation} IS NULL)`,
    ),
    check(
      'checkouts_amounts_not_negative',
      sql`${t.amountCents} >= 0 AND ${t.listPriceCents} >= 0`,
    ),
  ],
);

/**
 * The payments ledger: append-only (the code only inserts; a trigger refuses UPDATE and DELETE).
 * One row per paid checkout (unique), so a webhook applied twice cannot charge twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    // No cascade: money records outlive nothing by accident (deleting a payer is refused).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The checkout it paid; null for a renewal or an upgrade charged to the saved card. */
    checkoutId: uuid('checkout_id').references(() => checkouts.id),
    /** The renewal charge it records (renewal_charges.key); null for a checkout's payment. */
    renewalKey: text('renewal_key'),
    /** Credit for the unused part of the previous plan, taken off an upgrade (decision 246). */
    creditCents: integer('credit_cents').notNull().default(0),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    planName: text('plan_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    listPriceCents: integer('list_price_cents').notNull(),
    currency: text('currency').notNull(),
    couponCode: text('coupon_code'),
    percentage: integer('percentage').notNull().default(0),
    paymentSystem: text('payment_system').notNull(),
    /** The provider's charge / payment intent id. */
    providerReference: text('provider_reference').notNull(),
    paidAt: ts('paid_at').notNull(),
    /** The subscription's period end this payment bought. */
    planEndDate: ts('plan_end_date').notNull(),
    /** The invoice (decisions 300, 301): `CRS-000042`, gap-free per series; tax is included. */
    invoiceNumber: text('invoice_number'),
    seller: jsonb('seller').$type<{
      name: string;
      address: string;
      taxId: string;
      gstin?: string | null;
    }>(),
    netCents: integer('net_cents'),
    taxCents: integer('tax_cents'),
    /** Basis points (2000 = 20 %), from the table for `taxRegion` (the profile's region). */
    taxRateBp: integer('tax_rate_bp'),
    taxRegion: text('tax_region'),
    /** The card as the provider reported it (`visa`, `4242`); null when it did not say. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
  },
  (t) => [
    uniqueIndex('payments_checkout_key').on(t.checkoutId),
    uniqueIndex('payments_invoice_number_key').on(t.invoiceNumber),
    uniqueIndex('payments_renewal_key').on(t.renewalKey),
    check(
      'payments_checkout_or_renewal',
      sql`(${t.checkoutId} IS NULL) <> (${t.renewalKey} IS NULL)`,
    ),
    uniqueIndex('payments_provider_reference_key').on(t.paymentSystem, t.providerReference),
    index('payments_user_paid_idx').on(t.userId, t.paidAt),
  ],
);

/**
 * The account's one subscription, in exactly one state (contract SUBSCRIPTION_STATES). Every
 * change goes through api/src/billing/subscription-machine.ts and leaves a transition row.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    planId: text('plan_id').references(() => plans.id),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    cancelledAt: ts('cancelled_at'),
    /** Trial watching metered from player heartbeats (seconds), and today's share. */
    trialUsedSeconds: integer('trial_used_seconds').notNull().default(0),
    trialTodaySeconds: integer('trial_today_seconds').notNull().default(0),
    /** The UTC day (YYYY-MM-DD) trialTodaySeconds counts. */
    trialDay: text('trial_day'),
    /** Trial play is counted up to here: wall time before it is never counted again (two tabs). */
    trialMeteredAt: ts('trial_metered_at'),
    /**
     * Renewal is on: a subscription plan, paid with a saved card, not cancelled. Off for a pass,
     * a trial, after Cancel (Resume turns it on again) and after the plan ended (decision 245).
     */
    renewing: boolean('renewing').notNull().default(false),
    /** Which provider holds the saved card (SANDBOX, STRIPE); null without one. */
    paymentSystem: text('payment_system'),
    /** The provider's reusable payment method (sandbox pm_…, Stripe pm_…). */
    paymentMethod: text('payment_method'),
    /** Stripe's Customer and Subscription: Stripe then charges renewals itself (webhooks). */
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** What the current period cost (cents): the upgrade credit is this share of it. */
    periodPriceCents: integer('period_price_cents'),
    /** The currency the plan was bought in: its renewals charge the same (decision 421). */
    currency: text('currency').notNull().default('USD'),
    /** When the renewal job next tries to charge (the period end, then the retry days). */
    nextRenewalAt: ts('next_renewal_at'),
    /** Failed renewal charges for the current period end (0 after a success). */
    renewalFailures: integer('renewal_failures').notNull().default(0),
    /** Set after a failed renewal: access continues until here while retries run. */
    graceUntil: ts('grace_until'),
    /** A downgrade waiting for the period end: the renewal charges and starts this plan. */
    pendingPlanId: text('pending_plan_id').references(() => plans.id),
    /** Why the plan ended (contract PLAN_END_REASONS); null while it runs. */
    endedReason: text('ended_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // The renewal job's claim: the due rows, in order, without scanning every subscription.
    index('subscriptions_renewal_due_idx')
      .on(t.nextRenewalAt)
      .where(sql`${t.renewing} AND ${t.providerSubscriptionId} IS NULL`),
    uniqueIndex('subscriptions_provider_subscription_key').on(t.providerSubscriptionId),
  ],
);

/**
 * The idempotent renewal-key row (decision 247): one row per charge the API asks a saved card
 * for, keyed `<user>:<period end>:<attempt>` (a renewal) or `upgrade:<user>:<Idempotency-Key>`.
 * The key is also the provider's idempotency key, so a runner that crashed mid-charge, or two
 * replicas that raced, make one charge.
 */
export const renewalCharges = pgTable(
  'renewal_charges',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** RENEWAL or UPGRADE. */
    kind: text('kind').notNull(),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    amountCents: integer('amount_cents').notNull(),
    creditCents: integer('credit_cents').notNull().default(0),
    /**
     * PENDING (claimed, maybe charged), SUCCEEDED, FAILED, or ABANDONED (an upgrade intent left
     * past its lease by a stopped replica, decision 390).
     */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    providerReference: text('provider_reference'),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [index('renewal_charges_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Billing's domain events (outbox): what happened to a plan, for mail and analytics to pick up
 * later. Append-only; `renewal.succeeded`, `renewal.failed`, `plan.ended`.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Unique: the same fact (a renewal key, a period end) is recorded once. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    at: ts('at').notNull(),
    /** Set by the consumer that handled it (none yet: mail comes with issue 22 §4). */
    handledAt: ts('handled_at'),
  },
  (t) => [
    uniqueIndex('billing_events_dedupe_key').on(t.type, t.dedupeKey),
    index('billing_events_unhandled_idx')
      .on(t.at)
      .where(sql`${t.handledAt} IS NULL`),
  ],
);

/** Append-only history of subscription transitions: what happened, when, and why. */
export const subscriptionTransitions = pgTable(
  'subscription_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** `trial`, `payment:<paymentId>`, `cancel`, `expiry`. */
    cause: text('cause').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('subscription_transitions_user_idx').on(t.userId, t.at)],
);

/** One trial per account (primary key) and one per device (unique vidictId). */
export const trialGrants = pgTable(
  'trial_grants',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    vidictId: text('vidict_id').notNull(),
    grantedAt: ts('granted_at').notNull(),
  },
  (t) => [uniqueIndex('trial_grants_vidict_key').on(t.vidictId)],
);

/**
 * docs/product.md §3 device registration, per account: every browser signed in on, never capped (the plan
 * caps screens playing, decision 265). Signing a device out deletes its row; so does 90 days unseen.
 */
export const devices = pgTable(
  'devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vidictId: text('vidict_id').notNull(),
    deviceOs: text('device_os').notNull(),
    deviceType: text('device_type').notNull(),
    appVersion: text('app_version').notNull(),
    userAgent: text('user_agent').notNull(),
    registeredAt: ts('registered_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** The viewer's own name for it ("Living-room TV"); null: "Chrome on Linux" (decision 394). */
    name: text('name'),
    /** Where it was last seen, approximately ("203.0.113.x"): never the whole address. */
    lastNetwork: text('last_network'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vidictId] }),
    // Housekeeping finds the devices unseen for 90 days (decision 265).
    index('devices_last_seen_idx').on(t.lastSeenAt),
  ],
);

/** Every provider event received, stored once by (provider, event id): a replay is a no-op. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** What applying it did: `applied`, `ignored: <why>`. */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
