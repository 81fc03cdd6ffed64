/**
 * One payment's receipt (GET payments/:paymentId): the ledger row as an invoice, with the seller
 * it was issued by, the tax it included and the refunds made on it since.
 */
import { and, asc, eq } from 'drizzle-orm';
import { GST_REGION } from '@crease/contract';
import type { PaymentReceipt } from '@crease/contract';
import type { Db } from '../platform/db/client';
import type { Seller } from '../platform/invoice-config';
import { paymentToWire } from './account';
import { ApiError } from './errors';
import { refunds } from './ledger/tables';
import { toMajor } from './money';
import { payments, plans } from './tables';

const orNull = (cents: number | null) => (cents === null ? null : toMajor(cents));

export async function receiptOf(
  db: Db,
  user: { id: string; email: string },
  paymentId: string,
  /** For a payment issued before sellers were recorded on it (backfilled, decision 300). */
  currentSeller: Seller,
): Promise<PaymentReceipt> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, user.id)));
  if (!row) throw new ApiError('PAYMENT_NOT_FOUND');
  const given = await db
    .select({ amountCents: refunds.amountCents, refundedAt: refunds.refundedAt })
    .from(refunds)
    .where(eq(refunds.paymentId, row.id))
    .orderBy(asc(refunds.refundedAt));
  const [plan] = await db
    .select({ renews: plans.renews, everyDays: plans.durationDays })
    .from(plans)
    .where(eq(plans.id, row.planId));
  const refundedCents = given.reduce((sum, refund) => sum + refund.amountCents, 0);
  const renews = plan?.renews === true && refundedCents < row.amountCents;
  return {
    ...paymentToWire(row),
    planId: row.planId,
    currency: row.currency,
    listPrice: toMajor(row.listPriceCents),
    couponCode: row.couponCode,
    percentage: row.percentage,
    checkoutId: row.checkoutId,
    kind: row.checkoutId
      ? 'CHECKOUT'
      : row.renewalKey?.startsWith('upgrade:')
        ? 'UPGRADE'
        : 'RENEWAL',
    credit: toMajor(row.creditCents),
    providerReference: row.providerReference,
    email: user.email,
    seller: row.seller ?? currentSeller,
    net: orNull(row.netCents),
    tax: orNull(row.taxCents),
    taxRatePercent: row.taxRateBp === null ? null : row.taxRateBp / 100,
    taxRegion: row.taxRegion,
    // A GST invoice (decision 422): supplied to a consumer in India, whose state we do not ask.
    placeOfSupply: row.taxRegion === GST_REGION ? 'India (IN)' : null,
    refunds: given.map((refund) => ({
      amount: toMajor(refund.amountCents),
      refunded: refund.refundedAt.toISOString(),
    })),
    renewal:
      renews && plan
        ? {
            amount: toMajor(row.listPriceCents),
            currency: row.currency,
            at: row.planEndDate.toISOString(),
            everyDays: plan.everyDays,
          }
        : null,
  };
}
