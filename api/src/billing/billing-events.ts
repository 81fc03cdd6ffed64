/**
 * Billing's domain-event outbox (table billing_events): each fact about a plan is written once,
 * in the same transaction as the change it describes, for a consumer (lifecycle mail, issue 22
 * §4) to pick up later. A fact already recorded (same type and dedupe key) is not written again.
 */
import { billingEvents } from './tables';
import type { Executor } from '../platform/db/client';

export const BILLING_EVENT_TYPES = [
  'renewal.succeeded',
  'renewal.failed',
  'plan.ended',
  /** Every successful charge (invoices.ts); dedupe key: the invoice number. */
  'invoice.issued',
  /** Written before the account is anonymised (account-deletion.ts); dedupe key: the user id. */
  'account.deleted',
] as const;
export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

/** `invoice.issued`'s payload (the contract between the ledger and lifecycle mail). */
export interface InvoiceIssuedPayload {
  invoiceNumber: string;
  /** ISO 8601. */
  issuedAt: string;
  seller: { name: string; address: string; taxId: string; gstin?: string | null };
  planName: string;
  currency: string;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  taxRatePercent: number;
  region: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** `account.deleted`'s payload: where the goodbye goes (blanked to `{}` once it is sent). */
export interface AccountDeletedPayload {
  email: string;
  displayName: string | null;
}

export async function recordBillingEvent(
  tx: Executor,
  event: {
    userId: string;
    type: BillingEventType;
    dedupeKey: string;
    payload: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await tx.insert(billingEvents).values(event).onConflictDoNothing();
}
