/**
 * Our record of UPI AutoPay mandates (table payment_mandates, decision 461): written when the
 * provider's webhook says a subscription's payment set one up, updated whenever we learn its
 * state (before a renewal debit, on a revoke).
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { MandateState } from '@crease/contract';
import type { Executor } from '../subscription-machine';
import type { MandateFacts } from '../providers/payment-provider';
import { mandateDebitNotices, paymentMandates } from './tables';

export type MandateRow = typeof paymentMandates.$inferSelect;

/** Records the mandate a paid subscription renews on (a replayed event changes nothing). */
export async function recordMandate(
  tx: Executor,
  userId: string,
  paymentSystem: string,
  mandate: MandateFacts,
  now: Date,
): Promise<void> {
  await tx
    .insert(paymentMandates)
    .values({
      id: mandate.id,
      userId,
      paymentSystem,
      status: 'ACTIVE',
      vpa: mandate.vpa,
      maxAmountMinor: mandate.maxAmountMinor,
      currency: mandate.currency,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The mandate behind a subscription's payment method; undefined for a saved card. */
export async function mandateOf(
  tx: Executor,
  paymentMethod: string | null,
): Promise<MandateRow | undefined> {
  if (!paymentMethod) return undefined;
  const [row] = await tx
    .select()
    .from(paymentMandates)
    .where(eq(paymentMandates.id, paymentMethod));
  return row;
}

/** The state the provider reported; a revoked mandate stays revoked. */
export async function markMandate(
  tx: Executor,
  id: string,
  status: MandateState,
  now: Date,
): Promise<void> {
  const [row] = await tx.select().from(paymentMandates).where(eq(paymentMandates.id, id));
  if (!row || row.status === status || row.status === 'REVOKED') return;
  await tx
    .update(paymentMandates)
    .set({ status, updatedAt: now })
    .where(eq(paymentMandates.id, id));
}

/**
 * The pre-debit notice already sent for the renewal at `periodEnd` (any of its attempts), if any:
 * its debit comes at or after the period end, while earlier periods' notices came before it.
 */
export async function announcedDebit(
  tx: Executor,
  userId: string,
  periodEnd: Date,
): Promise<{ amountMinor: number; currency: string; debitAt: Date } | undefined> {
  const [row] = await tx
    .select({
      amountMinor: mandateDebitNotices.amountMinor,
      currency: mandateDebitNotices.currency,
      debitAt: mandateDebitNotices.debitAt,
    })
    .from(mandateDebitNotices)
    .where(and(eq(mandateDebitNotices.userId, userId), gte(mandateDebitNotices.debitAt, periodEnd)))
    .orderBy(desc(mandateDebitNotices.debitAt))
    .limit(1);
  return row;
}
