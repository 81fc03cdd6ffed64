/**
 * The one refund path (decision 351): asks the payment provider to refund (the sandbox's or
 * Stripe's `refunds.create`, once per idempotency key); the ledger, the history and the receipt
 * learn of it only from the provider's `charge.refunded` webhook, as with any money movement.
 * The operator API (routes/operator-refunds.ts) and support's desk (api/src/support) both call it.
 */
import { eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { providerProblem } from './checkouts';
import { ApiError } from './errors';
import { refunds } from './ledger/tables';
import { toCents, toMajor } from './money';
import { RefundRefusedError } from './providers/payment-provider';
import { readSubscription } from './subscription-machine';
import { payments } from './tables';

export interface PaymentRefundRequest {
  paymentId: string;
  /** Major units; undefined: all that is left. */
  amount?: number;
  /** The caller's key: the same key reaches the provider once. */
  idempotencyKey: string;
}

export interface PaymentRefunded {
  paymentId: string;
  refundId: string;
  amount: number;
  /** The viewer who paid (for the audit and the caller's own checks). */
  userId: string;
}

export async function refundPayment(
  services: FastifyInstance['services'],
  { paymentId, amount, idempotencyKey }: PaymentRefundRequest,
): Promise<PaymentRefunded> {
  const { db } = services.database;
  const [payment] = /^[0-9a-f-]{36}$/i.test(paymentId)
    ? await db.select().from(payments).where(eq(payments.id, paymentId))
    : [];
  if (!payment) throw new ApiError('PAYMENT_NOT_FOUND');
  const [given] = await db
    .select({ cents: sum(refunds.amountCents) })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  const left = payment.amountCents - Number(given?.cents ?? 0);
  // Without an amount: the rest, as the provider counts it (the ledger may lag its webhooks).
  const amountCents = amount === undefined ? null : toCents(amount);
  if (
    left <= 0 ||
    (amount !== undefined && !(amountCents && amountCents > 0 && amountCents <= left))
  )
    throw new ApiError('REFUND_EXCEEDS_PAYMENT', undefined, { userId: payment.userId });
  // In full, the plan it bought ends (refund-access.ts): a provider that renews by itself
  // (Stripe) is told first, so it does not charge for a plan that has ended.
  const now = services.clock.now();
  const row = await readSubscription(db, payment.userId, now);
  const current = row?.periodEnd?.getTime() === payment.planEndDate.getTime();
  try {
    if ((amountCents ?? left) === left && current && row?.providerSubscriptionId && row.renewing)
      await services.payments.setRenewal(row.providerSubscriptionId, false);
    const refunded = await services.payments.refund({
      providerReference: payment.providerReference,
      amountCents,
      idempotencyKey: `refund:${payment.id}:${idempotencyKey}`,
    });
    return {
      paymentId: payment.id,
      refundId: refunded.refundId,
      amount: toMajor(refunded.amountCents),
      userId: payment.userId,
    };
  } catch (error) {
    if (error instanceof RefundRefusedError)
      throw new ApiError('REFUND_EXCEEDS_PAYMENT', undefined, { userId: payment.userId });
    throw providerProblem(error, payment.userId);
  }
}
