/**
 * The history's other rows (docs/billing.md "Payment history"): charges that took no money, with
 * the provider's reason and the card, and refunds the provider reports. Each fact is written
 * once (a unique key), in the transaction that learned it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PaymentReceipt } from '@crease/contract';
import { paymentAttempts, refunds } from './ledger/tables';
import { payments } from './tables';
import type { CardFacts, ProviderEvent } from './providers/payment-provider';
import { endPlanIfRefundedInFull } from './refund-access';
import type { Executor } from './subscription-machine';

export interface DeclinedAttempt {
  userId: string;
  /** A provider event id or a renewal key: the same decline is recorded once. */
  dedupeKey: string;
  kind: PaymentReceipt['kind'];
  plan: { id: string; name: string };
  amountCents: number;
  currency: string;
  paymentSystem: string;
  failureCode: string;
  failureMessage: string | null;
  card: CardFacts | null;
  at: Date;
}

export async function recordDeclinedAttempt(tx: Executor, attempt: DeclinedAttempt) {
  await tx
    .insert(paymentAttempts)
    .values({
      id: randomUUID(),
      userId: attempt.userId,
      dedupeKey: attempt.dedupeKey,
      kind: attempt.kind,
      planId: attempt.plan.id,
      planName: attempt.plan.name,
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      paymentSystem: attempt.paymentSystem,
      failureCode: attempt.failureCode,
      failureMessage: attempt.failureMessage,
      cardBrand: attempt.card?.brand ?? null,
      cardLast4: attempt.card?.last4 ?? null,
      attemptedAt: attempt.at,
    })
    .onConflictDoNothing();
}

/** A provider's refund report: one row per refund id, against the payment it refunds. */
export async function applyRefunds(
  tx: Executor,
  system: string,
  event: Extract<ProviderEvent, { kind: 'REFUNDED' }>,
  now: Date,
): Promise<string> {
  const [payment] = await tx
    .select({
      id: payments.id,
      userId: payments.userId,
      amountCents: payments.amountCents,
      planEndDate: payments.planEndDate,
    })
    .from(payments)
    .where(
      and(
        eq(payments.paymentSystem, system),
        eq(payments.providerReference, event.providerReference),
      ),
    );
  if (!payment) return 'ignored: no payment has this reference';
  const stored = event.refunds.length
    ? await tx
        .insert(refunds)
        .values(
          event.refunds.map((refund) => ({
            id: randomUUID(),
            paymentId: payment.id,
            userId: payment.userId,
            amountCents: refund.amountCents,
            currency: refund.currency,
            paymentSystem: system,
            providerReference: refund.refundId,
            refundedAt: refund.created,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: refunds.id })
    : [];
  const ended = stored.length > 0 && (await endPlanIfRefundedInFull(tx, payment, now));
  return `applied: ${stored.length} refund(s) of payment ${payment.id}${ended ? '; plan ended' : ''}`;
}
