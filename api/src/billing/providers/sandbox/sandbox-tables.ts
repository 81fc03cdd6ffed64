/**
 * The embedded sandbox payment provider's own tables (decision 092): what a real provider keeps
 * on its side (sessions, charges, saved cards) and its durable webhook outbox. Only the sandbox
 * (this folder) reads or writes them; the API learns about money from its webhooks.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../../platform/db/columns';

/**
 * The sandbox provider's durable webhook outbox: an event waits here until the API answered 2xx,
 * so a restart of either side loses none. Retries back off; `leaseUntil` lets one dispatcher
 * (of several replicas) own an attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    eventId: text('event_id').notNull(),
    targetUrl: text('target_url').notNull(),
    /** The exact JSON body that is signed and sent (the same bytes on every attempt). */
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    leaseUntil: ts('lease_until'),
    deliveredAt: ts('delivered_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/** The sandbox provider's checkout sessions (its own data, as Stripe keeps its own). */
export const sandboxSessions = pgTable('sandbox_sessions', {
  id: text('id').primaryKey(),
  /** A subscription's first payment: a paid session leaves a reusable payment method. */
  saveCard: boolean('save_card').notNull().default(false),
  /** Our checkout id (the provider's `client_reference_id`). */
  reference: text('reference').notNull(),
  description: text('description').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status').notNull().default('OPEN'),
  lastFailureCode: text('last_failure_code'),
  lastFailureMessage: text('last_failure_message'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * The sandbox provider's charges. At most one succeeded charge per session (partial unique
 * index): 100 concurrent card submissions take the money once.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sandboxSessions.id),
    amountCents: integer('amount_cents').notNull(),
    /** `pending_confirmation`, `succeeded`, `failed`. */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    cardLast4: text('card_last4').notNull(),
    /** Stripe's brand code of the card typed (visa, mastercard, amex…); `upi` for UPI. */
    cardBrand: text('card_brand').notNull().default('unknown'),
    /** A UPI payment's UPI ID (VPA); null for a card. */
    vpa: text('vpa'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_charges_one_success_key')
      .on(t.sessionId)
      .where(sql`${t.status} = 'succeeded'`),
    index('sandbox_charges_session_idx').on(t.sessionId),
  ],
);

/**
 * The sandbox's saved cards (a Stripe PaymentMethod): what a subscription's first payment leaves
 * for renewals. `failsOffSession`: the 4000 0000 0000 0341 test card, good now, declined later.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sandboxSessions.id),
  cardLast4: text('card_last4').notNull(),
  cardBrand: text('card_brand').notNull().default('unknown'),
  failsOffSession: boolean('fails_off_session').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * The sandbox's charges to a saved card (renewals, upgrades), once per idempotency key: the
 * same key asked again answers the first result and charges nothing more.
 */
export const sandboxOffSessionCharges = pgTable(
  'sandbox_off_session_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => sandboxPaymentMethods.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** `succeeded` or `failed`. */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_off_session_charges_key').on(t.idempotencyKey)],
);

/**
 * The sandbox's refunds (a Stripe Refund): money given back on one of its charges (a hosted-page
 * charge or a saved-card charge), at most what is left of it, once per idempotency key.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    /** The charge refunded: `sandbox_charges.id` or `sandbox_off_session_charges.id`. */
    chargeId: text('charge_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_key').on(t.idempotencyKey),
    index('sandbox_refunds_charge_idx').on(t.chargeId),
  ],
);

/**
 * The sandbox's UPI AutoPay mandates (Razorpay's token with a UPI mandate): what a subscription
 * paid by UPI leaves for renewals. `status` is the provider's own: `active`, `paused` (the
 * viewer paused it in their UPI app) or `revoked`; a debit is taken only while it is active.
 */
export const sandboxMandates = pgTable('sandbox_mandates', {
  id: text('id').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sandboxSessions.id),
  vpa: text('vpa').notNull(),
  status: text('status').notNull(),
  /** The most one debit may take without fresh authentication (the mandate's limit). */
  maxAmountCents: integer('max_amount_cents').notNull(),
  currency: text('currency').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Debits on a mandate (renewals), once per idempotency key, as saved-card charges are. */
export const sandboxMandateDebits = pgTable(
  'sandbox_mandate_debits',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    mandateId: text('mandate_id')
      .notNull()
      .references(() => sandboxMandates.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** `succeeded` or `failed`. */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_mandate_debits_key').on(t.idempotencyKey)],
);
