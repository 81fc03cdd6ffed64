/**
 * The renewal job's rules for a subscription on a UPI AutoPay mandate (decisions 462, 463):
 * - claimed only once the charge's pre-debit notice is 24 h old (else it waits until then);
 * - over ₹15,000, never debited silently: the viewer is asked to pay again (fresh authentication);
 * - the mandate's state asked of the provider right before the debit: a paused or revoked one is
 *   never charged (and the provider, which locks the mandate, refuses it again if it changed in
 *   between).
 * Failures that no retry can mend (revoked, needs approval) are not retried by the job.
 */
import type { Executor } from '../../platform/db/client';
import type { Db } from '../../platform/db/client';
import type { PaymentFailureCode } from '@crease/contract';
import type {
  PaymentProvider,
  SavedCardCharge,
  SavedCardChargeInput,
} from '../providers/payment-provider';
import { paymentMandates } from './tables';
import { inArray } from 'drizzle-orm';
import { markMandate } from './mandate-store';
import { needsFreshAuthentication, noticesFor } from './debit-notices';

/** Failures a later try of the same debit cannot mend: the job does not retry them. */
export const NOT_RETRIED: ReadonlySet<PaymentFailureCode> = new Set(['AUTHENTICATION_REQUIRED']);

export interface DueOnMandate {
  userId: string;
  key: string;
  paymentMethod: string;
}

export type MandateVerdict =
  | { kind: 'CHARGE' }
  /** Its notice is younger than 24 h (or just sent): the charge waits until `until`. */
  | { kind: 'WAIT'; until: Date }
  /** Revoked on our side already: nothing to charge with; renewal off. */
  | { kind: 'NO_MANDATE' };

/** The verdict for each due subscription on a mandate; those on a saved card are absent. */
export async function mandateVerdicts(
  tx: Executor,
  due: DueOnMandate[],
  now: Date,
): Promise<Map<string, MandateVerdict>> {
  const verdicts = new Map<string, MandateVerdict>();
  if (due.length === 0) return verdicts;
  const mandates = await tx
    .select({ id: paymentMandates.id, status: paymentMandates.status })
    .from(paymentMandates)
    .where(
      inArray(
        paymentMandates.id,
        due.map((row) => row.paymentMethod),
      ),
    );
  const statusOf = new Map(mandates.map((m) => [m.id, m.status]));
  const notices = await noticesFor(
    tx,
    due.filter((row) => statusOf.has(row.paymentMethod)).map((row) => row.key),
  );
  for (const row of due) {
    const status = statusOf.get(row.paymentMethod);
    if (status === undefined) continue;
    if (status === 'REVOKED') {
      verdicts.set(row.userId, { kind: 'NO_MANDATE' });
      continue;
    }
    const debitAt = notices.get(row.key);
    if (!debitAt || debitAt > now)
      verdicts.set(row.userId, {
        kind: 'WAIT',
        until: debitAt ?? new Date(now.getTime() + 24 * 60 * 60 * 1000),
      });
    else verdicts.set(row.userId, { kind: 'CHARGE' });
  }
  return verdicts;
}

const failed = (failureCode: PaymentFailureCode, failureMessage: string): SavedCardCharge => ({
  status: 'FAILED',
  failureCode,
  failureMessage,
  card: null,
});

/**
 * Debits a renewal on a mandate: fresh authentication over the limit, the provider's state
 * first. Throws PaymentProviderError when the provider does not answer (the job defers it).
 */
export async function debitOnMandate(
  db: Db,
  payments: PaymentProvider,
  input: SavedCardChargeInput,
  now: Date,
): Promise<SavedCardCharge> {
  if (needsFreshAuthentication(input.amountCents, input.currency))
    return failed(
      'AUTHENTICATION_REQUIRED',
      'This renewal is over ₹15,000, so it needs your approval: pay again to renew.',
    );
  const state = await payments.mandateState(input.paymentMethod);
  if (state !== 'ACTIVE') {
    await markMandate(db, input.paymentMethod, state, now);
    return failed(
      'MANDATE_INACTIVE',
      `Your UPI AutoPay mandate is ${state === 'PAUSED' ? 'paused' : 'revoked'}, so nothing was charged.`,
    );
  }
  const result = await payments.chargeSavedCard(input);
  // The mandate changed between the check and the debit: the provider refused; learn its state.
  if (result.status === 'FAILED' && result.failureCode === 'MANDATE_INACTIVE')
    await markMandate(
      db,
      input.paymentMethod,
      await payments.mandateState(input.paymentMethod),
      now,
    );
  return result;
}
