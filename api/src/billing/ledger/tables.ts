/**
 * The ledger around the payments (issue 22 §5, docs/billing.md "Payment history"): invoice
 * series, the attempts that took no money, and refunds. Like `payments`, rows are only inserted,
 * and they keep the account's id with no cascade: an account's deletion anonymises the account
 * and keeps these (decision 302).
 */
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns';
import { users } from '../../accounts/tables';
import { payments } from '../tables';

/** One row per invoice series (prefix): the last number given. Locked by the issuing transaction. */
export const invoiceSeries = pgTable('invoice_series', {
  prefix: text('prefix').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A charge that took no money: a card declined on the payment page, a renewal or an upgrade the
 * saved card refused. The reason is the provider's, in our codes (PaymentFailureCode).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The fact it records, once: a provider event id or a renewal-key row's key. */
    dedupeKey: text('dedupe_key').notNull(),
    /** CHECKOUT, RENEWAL or UPGRADE (PaymentReceipt.kind). */
    kind: text('kind').notNull(),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentSystem: text('payment_system').notNull(),
    failureCode: text('failure_code').notNull(),
    failureMessage: text('failure_message'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    attemptedAt: ts('attempted_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_attempts_dedupe_key').on(t.dedupeKey),
    index('payment_attempts_user_idx').on(t.userId, t.attemptedAt),
  ],
);

/** Money given back on a payment, as the provider reported it (Stripe's charge.refunded). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentSystem: text('payment_system').notNull(),
    /** The provider's refund id: a replayed or repeated report is stored once. */
    providerReference: text('provider_reference').notNull(),
    refundedAt: ts('refunded_at').notNull(),
  },
  (t) => [
    uniqueIndex('refunds_provider_reference_key').on(t.paymentSystem, t.providerReference),
    index('refunds_user_idx').on(t.userId, t.refundedAt),
  ],
);
