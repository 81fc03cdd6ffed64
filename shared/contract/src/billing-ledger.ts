/**
 * The billing ledger as the viewer reads it: pages of payments, a payment's receipt (an invoice
 * with its seller, tax and refunds, and what it renews into), and the history of payments,
 * declined attempts and refunds.
 */
import type { Static } from 'typebox';
import type {
  BillingHistoryEntrySchema,
  BillingHistoryPageSchema,
  InvoiceSellerSchema,
  PaymentPageSchema,
  PaymentReceiptSchema,
  ReceiptRefundSchema,
} from './billing-schemas';

export type PaymentPage = Static<typeof PaymentPageSchema>;

/** One payment with what a printable receipt needs. */
export type PaymentReceipt = Static<typeof PaymentReceiptSchema>;

export type InvoiceSeller = Static<typeof InvoiceSellerSchema>;

export type ReceiptRefund = Static<typeof ReceiptRefundSchema>;

/**
 * A row of the payment history: a payment (with its receipt), a charge that took no money
 * (DECLINED: the card said no; FAILED: any other reason, such as the bank's confirmation not
 * given), or a refund.
 */
export const HISTORY_ENTRY_TYPES = ['PAYMENT', 'DECLINED', 'FAILED', 'REFUND'] as const;
export type HistoryEntryType = (typeof HISTORY_ENTRY_TYPES)[number];

/** The failure codes that mean the card itself was refused (HistoryEntryType DECLINED). */
export const DECLINE_CODES: readonly string[] = ['CARD_DECLINED', 'INSUFFICIENT_FUNDS'];

export type BillingHistoryEntry = Static<typeof BillingHistoryEntrySchema>;

export type BillingHistoryPage = Static<typeof BillingHistoryPageSchema>;
