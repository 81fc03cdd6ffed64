/**
 * The mail support's actions send (decision 402), queued on lifecycle mail's queue so the one
 * sender renders, sends and retries it: the receipt again (its original invoice), the refund
 * notice, the signed-out notice. Each is keyed so a retried action mails once.
 */
import { sql } from 'drizzle-orm';
import { queueLifecycleMail } from '../accounts';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { ApiError } from '../platform/errors';

type Executor = Pick<Db, 'insert' | 'select' | 'execute'>;

/** The payment's receipt (the invoice.issued payload the first receipt was made of), queued again. */
export async function queueReceiptAgain(
  db: Db,
  paymentId: string,
  requestKey: string,
  now: Date,
): Promise<{ userId: string; invoiceNumber: string }> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw new ApiError('PAYMENT_NOT_FOUND');
  const [row] = rowsOf<{
    user_id: string;
    email: string;
    invoice_number: string | null;
    payload: Record<string, unknown> | null;
  }>(
    await db.execute(sql`SELECT p.user_id, u.email, p.invoice_number,
        (SELECT e.payload FROM billing_events e WHERE e.user_id = p.user_id
          AND e.type = 'invoice.issued' AND e.payload->>'invoiceNumber' = p.invoice_number
          ORDER BY e.id LIMIT 1) AS payload
      FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = ${paymentId}`),
  );
  if (!row) throw new ApiError('PAYMENT_NOT_FOUND');
  if (!row.invoice_number || !row.payload) throw new ApiError('RECEIPT_NOT_ISSUED');
  await queueLifecycleMail(db, {
    userId: row.user_id,
    kind: 'receipt',
    dedupeKey: `support-resend:${paymentId}:${requestKey}`,
    to: row.email,
    payload: row.payload,
    at: now,
  });
  return { userId: row.user_id, invoiceNumber: row.invoice_number };
}

export async function queueRefundMail(
  db: Executor,
  refund: { paymentId: string; refundId: string; amountMinor: number },
  now: Date,
): Promise<void> {
  const [row] = rowsOf<{
    user_id: string;
    email: string;
    plan_name: string;
    currency: string;
    invoice_number: string | null;
  }>(
    await db.execute(sql`SELECT p.user_id, u.email, p.plan_name, p.currency, p.invoice_number
      FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = ${refund.paymentId}`),
  );
  if (!row) return;
  await queueLifecycleMail(db, {
    userId: row.user_id,
    kind: 'refund-issued',
    // The provider's refund id: a retried refund (same key, same refund) mails once.
    dedupeKey: `refund:${refund.refundId}`,
    to: row.email,
    payload: {
      planName: row.plan_name,
      amountMinor: refund.amountMinor,
      currency: row.currency,
      invoiceNumber: row.invoice_number,
    },
    at: now,
  });
}

export async function queueSupportSignOutMail(
  tx: Executor,
  viewer: { id: string; email: string },
  signedOut: { scope: 'one' | 'all'; device: string | null; key: string },
  now: Date,
): Promise<void> {
  await queueLifecycleMail(tx, {
    userId: viewer.id,
    kind: 'support-signed-out',
    dedupeKey: `support-sign-out:${signedOut.key}`,
    to: viewer.email,
    payload: { scope: signedOut.scope, device: signedOut.device, at: now.toISOString() },
    at: now,
  });
}

/** Support cancelled or extended the viewer's plan (decision 414); keyed by the change itself. */
export async function queueSupportPlanMail(
  tx: Executor,
  viewer: { id: string; email: string },
  change: {
    change: 'cancelled' | 'extended';
    planName: string | null;
    periodEnd: string | null;
    days: number | null;
  },
  now: Date,
): Promise<void> {
  await queueLifecycleMail(tx, {
    userId: viewer.id,
    kind: 'support-plan-changed',
    dedupeKey: `support-plan:${viewer.id}:${change.change}:${change.periodEnd}:${now.toISOString()}`,
    to: viewer.email,
    payload: change,
    at: now,
  });
}
