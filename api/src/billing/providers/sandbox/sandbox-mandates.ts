/**
 * The sandbox's UPI AutoPay mandates (decision 461), as Razorpay keeps them: created when the
 * viewer approves a subscription's first UPI payment, debited for renewals once per idempotency
 * key and only while active, paused or revoked by the viewer (their UPI app, or our /account).
 * A debit and a revoke both lock the mandate's row, so a revoke that races a renewal lands
 * wholly before the debit (which is then refused) or wholly after it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { sandboxCharges, sandboxMandateDebits, sandboxMandates } from './sandbox-tables';
import type { sandboxSessions } from './sandbox-tables';
import type { SavedCardCharge, SavedCardChargeInput } from '../payment-provider';

/** The provider's mandate states, and ours (contract MandateState) for each. */
export type SandboxMandateStatus = 'active' | 'paused' | 'revoked';

/** Session states a payment may still be made in. */
export const OPEN_STATES = ['OPEN', 'REQUIRES_CONFIRMATION', 'AWAITING_UPI'] as const;
/** Charge rows still waiting: for the bank's check or the mandate's approval, or a UPI app. */
export const PENDING = ['pending_confirmation', 'pending_upi'];

/**
 * The most one renewal may debit without fresh authentication: ₹15,000 (the RBI's limit for
 * e-mandates, decision 463). The mandate is approved for this much.
 */
export const MANDATE_LIMIT_MINOR = 1_500_000;

export const isMandateId = (paymentMethod: string) => paymentMethod.startsWith('mdt_');

/** A newer attempt replaces any still waiting on the session. */
export async function supersedePending(tx: Tx, sessionId: string): Promise<void> {
  await tx
    .update(sandboxCharges)
    .set({ status: 'failed', failureCode: 'SUPERSEDED' })
    .where(and(eq(sandboxCharges.sessionId, sessionId), inArray(sandboxCharges.status, PENDING)));
}

/** The mandate a subscription's approved UPI payment leaves; its event carries this object. */
export async function createMandate(
  tx: Tx,
  session: typeof sandboxSessions.$inferSelect,
  vpa: string,
  now: Date,
) {
  const id = `mdt_${randomBytes(18).toString('base64url')}`;
  const maxAmount = Math.max(MANDATE_LIMIT_MINOR, session.amountCents);
  await tx.insert(sandboxMandates).values({
    id,
    sessionId: session.id,
    vpa,
    status: 'active',
    maxAmountCents: maxAmount,
    currency: session.currency,
    createdAt: now,
    updatedAt: now,
  });
  return { id, status: 'active', vpa, max_amount: maxAmount, currency: session.currency };
}

/** The mandate's state now; null when the provider has no such mandate. */
export async function mandateStatus(db: Db, id: string): Promise<SandboxMandateStatus | null> {
  const [row] = await db.select().from(sandboxMandates).where(eq(sandboxMandates.id, id));
  return (row?.status as SandboxMandateStatus | undefined) ?? null;
}

/** Pauses, resumes or revokes a mandate (a revoked one stays revoked). */
export async function setMandateStatus(
  db: Db,
  id: string,
  status: SandboxMandateStatus,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxMandates)
      .where(eq(sandboxMandates.id, id))
      .for('update');
    if (!row || row.status === 'revoked') return;
    await tx
      .update(sandboxMandates)
      .set({ status, updatedAt: now })
      .where(eq(sandboxMandates.id, id));
  });
}

const INACTIVE = 'Your UPI AutoPay mandate is paused or revoked, so nothing was charged.';

/**
 * A renewal debit on a mandate, once per idempotency key: the same key answers the first
 * result. Refused without a debit unless the mandate is active at this moment (row lock).
 */
export async function debitMandate(
  db: Db,
  now: Date,
  input: SavedCardChargeInput,
): Promise<SavedCardCharge> {
  return db.transaction(async (tx) => {
    const [mandate] = await tx
      .select()
      .from(sandboxMandates)
      .where(eq(sandboxMandates.id, input.paymentMethod))
      .for('update');
    const [earlier] = await tx
      .select()
      .from(sandboxMandateDebits)
      .where(eq(sandboxMandateDebits.idempotencyKey, input.idempotencyKey));
    const answer = (status: string, failureCode: string | null, id: string): SavedCardCharge =>
      status === 'succeeded'
        ? { status: 'SUCCEEDED', providerReference: id, card: null }
        : failureCode === 'MANDATE_INACTIVE'
          ? {
              status: 'FAILED',
              failureCode: 'MANDATE_INACTIVE',
              failureMessage: INACTIVE,
              card: null,
            }
          : {
              status: 'FAILED',
              failureCode: 'AUTHENTICATION_REQUIRED',
              failureMessage: 'This debit is over the mandate’s limit: it needs your approval.',
              card: null,
            };
    if (earlier) return answer(earlier.status, earlier.failureCode, earlier.id);
    if (!mandate || mandate.status !== 'active') return answer('failed', 'MANDATE_INACTIVE', '');
    const overLimit = input.amountCents > mandate.maxAmountCents;
    const id = `ch_${randomBytes(18).toString('base64url')}`;
    const status = overLimit ? 'failed' : 'succeeded';
    const failureCode = overLimit ? 'AUTHENTICATION_REQUIRED' : null;
    await tx.insert(sandboxMandateDebits).values({
      id,
      idempotencyKey: input.idempotencyKey,
      mandateId: mandate.id,
      amountCents: input.amountCents,
      currency: input.currency,
      status,
      failureCode,
      createdAt: now,
    });
    return answer(status, failureCode, id);
  });
}
