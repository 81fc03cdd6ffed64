/**
 * What one card attempt on the sandbox's hosted page ended as, and the merchant's gate it asks
 * before charging (decision 395). A real provider's equivalent is an authorisation the merchant
 * captures only if it can still honour the order; the sandbox asks in the charge's own
 * transaction, so a refusal and "no money taken" are one fact.
 */
import type { PaymentFailureCode, SandboxPaymentResult } from '@crease/contract';
import { ApiError } from '../../errors';
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../../platform/db/client';
import type { sandboxSessions } from './sandbox-tables';

/** The merchant's answer for a checkout (the session's reference) about to be charged. */
export type GateAnswer =
  | { ok: true; afterCommit?: () => Promise<void> }
  | { ok: false; refusal: { code: PaymentFailureCode; message: string } };

export interface PaymentGate {
  /** Runs in the charge's transaction; a refusal must have written nothing. */
  claim(tx: Tx, reference: string): Promise<GateAnswer>;
}

/** An outcome to report after the transaction committed (a decline is still a 402). */
export type Attempt =
  | {
      status: 'SUCCEEDED' | 'REQUIRES_CONFIRMATION' | 'AWAITING_UPI';
      returnUrl: string;
      /** The merchant's follow-up once the charge committed (ending displaced sessions). */
      afterCommit?: (() => Promise<void>) | undefined;
    }
  | { status: 'FAILED'; code: PaymentFailureCode; message: string };

export function reportAttempt(attempt: Attempt): SandboxPaymentResult {
  if (attempt.status === 'FAILED') throw new ApiError(attempt.code, attempt.message);
  return {
    status: attempt.status,
    failureCode: null,
    message:
      attempt.status === 'SUCCEEDED'
        ? 'Payment received. We are confirming it with Crease.'
        : attempt.status === 'AWAITING_UPI'
          ? 'Approve the payment in your UPI app.'
          : 'Confirm this payment with your bank.',
    returnUrl: attempt.returnUrl,
  };
}

/** An event in Stripe's shape for a session: [event id, the exact JSON body]. */
export function sessionEvent(
  type: string,
  session: typeof sandboxSessions.$inferSelect,
  now: Date,
  fields: Record<string, unknown>,
): [string, string] {
  const eventId = `evt_${randomBytes(18).toString('base64url')}`;
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.reference,
        amount_total: session.amountCents,
        currency: session.currency.toLowerCase(),
        ...fields,
      },
    },
  });
  return [eventId, payload];
}
