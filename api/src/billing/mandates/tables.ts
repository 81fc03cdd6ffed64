/**
 * UPI AutoPay mandates on our side (issue 34 §2, decision 461): the state we last learned from
 * the provider, and the RBI's pre-debit notices. The provider's own state is the truth: the
 * renewal job asks it before each debit; this row is what our screens and mails show.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns';
import { users } from '../../accounts/tables';

/** One mandate per provider id; a subscription renews on it while `paymentMethod` names it. */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    /** The provider's mandate id (the sandbox's mdt_…, Razorpay's token id). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentSystem: text('payment_system').notNull(),
    /** ACTIVE, PAUSED or REVOKED (contract MANDATE_STATES). */
    status: text('status').notNull(),
    /** The UPI ID the viewer approved it from. */
    vpa: text('vpa'),
    maxAmountMinor: integer('max_amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('payment_mandates_user_idx').on(t.userId)],
);

/**
 * The pre-debit notice of one charge (the renewal key `<user>:<period end>:<attempt>`): mailed at
 * least 24 h before it (decision 462). The unique key is the once-only record, so two replicas
 * send one notice; the charge waits until `sentAt` is 24 h old. The token's hash is the one-click
 * cancel link's capability (the token itself is only in the mail).
 */
export const mandateDebitNotices = pgTable(
  'mandate_debit_notices',
  {
    chargeKey: text('charge_key').primaryKey(),
    mandateId: text('mandate_id')
      .notNull()
      .references(() => paymentMandates.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** When the debit may be taken at the earliest: sentAt + 24 h, or the period end if later. */
    debitAt: ts('debit_at').notNull(),
    cancelTokenHash: text('cancel_token_hash').notNull(),
    sentAt: ts('sent_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('mandate_debit_notices_token_key').on(t.cancelTokenHash),
    index('mandate_debit_notices_unused_idx')
      .on(t.userId)
      .where(sql`${t.usedAt} IS NULL`),
  ],
);
