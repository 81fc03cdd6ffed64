/**
 * Billing's domain-event outbox (table billing_events): each fact about a plan is written once,
 * in the same transaction as the change it describes, for a consumer (lifecycle mail, issue 22
 * §4) to pick up later. A fact already recorded (same type and dedupe key) is not written again.
 */
import { billingEvents } from './tables';
import type { Executor } from './subscription-machine';

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
