/**
 * The billing ledger as the viewer reads it: pages of payments, a payment's receipt (an invoice
 * with its seller, tax and refunds, and what it renews into), and the history of payments,
 * declined attempts and refunds.
 */
import type { Payment } from './wire';
import type { RenewalTerms } from './billing-quote';

export interface PaymentPage {
  payments: Payment[];
  page: number;
  pageSize: number;
  total: number;
}

/** One payment with what a printable receipt needs. */
export interface PaymentReceipt extends Payment {
  planId: string;
  currency: string;
  listPrice: number;
  couponCode: string | null;
  percentage: number;
  /** null for a renewal or an upgrade charged to the saved card. */
  checkoutId: string | null;
  /** RENEWAL, UPGRADE or CHECKOUT. */
  kind: 'CHECKOUT' | 'RENEWAL' | 'UPGRADE';
  /** Credit for the unused time of the previous plan, taken off an upgrade (major units). */
  credit: number;
  /** The provider's payment reference. */
  providerReference: string;
  email: string;
  /** Added (issue 22 §5, decisions 300, 301): the invoice's seller and the tax included. */
  seller: InvoiceSeller;
  /** Net and tax in major units; null for a payment made before tax was itemised. */
  net: number | null;
  tax: number | null;
  taxRatePercent: number | null;
  /** The profile's region whose rate applied (GLOBAL's rate for a region not in the table). */
  taxRegion: string | null;
  /** Money given back on this payment, newest last. */
  refunds: ReceiptRefund[];
  /**
   * What this payment renews into, as agreed when it was made (issue 31 §10): the plan's list
   * price (a coupon is for the first payment only), charged at the end of the period it paid for
   * unless the viewer cancels. null for a pass, and for a payment refunded in full.
   */
  renewal: RenewalTerms | null;
  /**
   * Added (issue 34 §1, decision 422): for a GST invoice (region IN), the place of supply
   * ("India (IN)"); null for any other invoice. The seller then carries its GSTIN.
   */
  placeOfSupply?: string | null;
}

export interface InvoiceSeller {
  name: string;
  address: string;
  taxId: string;
  /** The seller's GST registration, on a GST invoice only (decision 422). */
  gstin?: string | null;
}

export interface ReceiptRefund {
  amount: number;
  /** ISO 8601. */
  refunded: string;
}

/**
 * A row of the payment history: a payment (with its receipt), a charge that took no money
 * (DECLINED: the card said no; FAILED: any other reason, such as the bank's confirmation not
 * given), or a refund.
 */
export const HISTORY_ENTRY_TYPES = ['PAYMENT', 'DECLINED', 'FAILED', 'REFUND'] as const;
export type HistoryEntryType = (typeof HISTORY_ENTRY_TYPES)[number];

/** The failure codes that mean the card itself was refused (HistoryEntryType DECLINED). */
export const DECLINE_CODES: readonly string[] = ['CARD_DECLINED', 'INSUFFICIENT_FUNDS'];

export interface BillingHistoryEntry {
  entryId: string;
  type: HistoryEntryType;
  /** ISO 8601. */
  at: string;
  plan: string;
  /** Major units: charged, tried, or given back. */
  amount: number;
  currency: string;
  paymentSystem: string;
  /** CHECKOUT, RENEWAL or UPGRADE; null for a refund. */
  kind: PaymentReceipt['kind'] | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The payment (its receipt) this row is or refunds; null for an attempt. */
  paymentId: string | null;
  invoiceNumber: string | null;
  /** Why an attempt took no money (PaymentFailureCode) and the provider's words. */
  failureCode: string | null;
  failureMessage: string | null;
}

export interface BillingHistoryPage {
  entries: BillingHistoryEntry[];
  page: number;
  pageSize: number;
  total: number;
}
