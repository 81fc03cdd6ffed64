/**
 * What a refund does to access (decision 351). A refund is money back, recorded when the
 * provider reports it. Only when the payment that bought the plan's current period has been
 * refunded in full does the plan end at once (EXPIRED, `REFUNDED`): renewal off, nothing
 * charged again, and the plan-ended mail. A partial refund (a goodwill gesture, a failed stream)
 * and any refund of an earlier period's payment leave the plan as it is.
 */
import { eq, sum } from 'drizzle-orm';
import { recordBillingEvent } from './billing-events';
import { refunds } from './ledger/tables';
import { lockSubscription, stateOf, transition } from './subscription-machine';
import type { Executor } from './subscription-machine';
import { subscriptions } from './tables';

const RUNNING = ['TRIAL', 'ACTIVE', 'CANCELLED'];

export async function endPlanIfRefundedInFull(
  tx: Executor,
  payment: { id: string; userId: string; amountCents: number; planEndDate: Date },
  now: Date,
): Promise<boolean> {
  const [given] = await tx
    .select({ cents: sum(refunds.amountCents) })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  if (Number(given?.cents ?? 0) < payment.amountCents) return false;
  const row = await lockSubscription(tx, payment.userId, now);
  const currentPeriod = row.periodEnd?.getTime() === payment.planEndDate.getTime();
  if (!RUNNING.includes(stateOf(row)) || !currentPeriod) return false;
  await transition(tx, row, 'EXPIRED', { endedReason: 'REFUNDED' }, 'refunded', now);
  await tx
    .update(subscriptions)
    .set({ renewing: false, nextRenewalAt: null, graceUntil: null, pendingPlanId: null })
    .where(eq(subscriptions.userId, payment.userId));
  await recordBillingEvent(tx, {
    userId: payment.userId,
    type: 'plan.ended',
    dedupeKey: `${payment.userId}:${payment.planEndDate.toISOString()}`,
    payload: { planId: row.planId, reason: 'REFUNDED', periodEnd: payment.planEndDate },
    at: now,
  });
  return true;
}
