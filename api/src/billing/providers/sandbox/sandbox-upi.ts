/**
 * The sandbox's UPI rules (issue 34 §2, decision 461): what a UPI ID (VPA) must look like and
 * what its test IDs do, and the hosted page's view of a session. Pure functions, no database.
 */
import { SANDBOX_TEST_VPAS } from '@crease/contract';
import type { PaymentFailureCode, SandboxSessionView } from '@crease/contract';
import { toMajor } from '../../money';
import { SANDBOX_MERCHANT } from './sandbox-wire';
import type { sandboxSessions } from './sandbox-tables';

type Session = typeof sandboxSessions.$inferSelect;

/** A UPI ID: a handle, `@`, the bank's or app's name (NPCI's format, lower-cased here). */
const VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;

export const UPI_BRAND = 'upi';

/** UPI is a rupee payment method: only INR sessions offer it. */
export const offersUpi = (currency: string) => currency.toUpperCase() === 'INR';

/** The UPI ID as the provider keeps it, or null when it is not one. */
export function normaliseVpa(vpa: string): string | null {
  const value = vpa.trim().toLowerCase();
  return VPA.test(value) ? value : null;
}

export type UpiOutcome =
  | { kind: 'APPROVES' }
  | { kind: 'NEVER_ANSWERS' }
  | { kind: 'FAILS'; code: PaymentFailureCode; message: string };

/** What the UPI app behind a test UPI ID does. Any other ID is declined, as in test mode. */
export function upiOutcome(vpa: string): UpiOutcome {
  if (vpa === SANDBOX_TEST_VPAS.success) return { kind: 'APPROVES' };
  if (vpa === SANDBOX_TEST_VPAS.neverAnswers) return { kind: 'NEVER_ANSWERS' };
  return {
    kind: 'FAILS',
    code: 'UPI_DECLINED',
    message:
      vpa === SANDBOX_TEST_VPAS.failure
        ? 'Your UPI app declined the payment. Nothing was charged. Try again or pay another way.'
        : `Your UPI payment was declined: the sandbox takes only its test UPI IDs (${SANDBOX_TEST_VPAS.success}).`,
  };
}

/** The hosted page's view of a session; `pending` is its charge awaiting an answer, if any. */
export function sessionView(
  session: Session,
  now: Date,
  pending: { cardBrand: string; vpa: string | null } | null,
): SandboxSessionView {
  const expired = session.status !== 'SUCCEEDED' && session.expiresAt <= now;
  const status = expired ? 'EXPIRED' : (session.status as SandboxSessionView['status']);
  const upi = pending?.cardBrand === UPI_BRAND;
  return {
    sessionId: session.id,
    merchant: SANDBOX_MERCHANT,
    description: session.description,
    amount: toMajor(session.amountCents),
    currency: session.currency,
    status,
    methods: offersUpi(session.currency) ? ['CARD', 'UPI'] : ['CARD'],
    confirming: status === 'REQUIRES_CONFIRMATION' ? (upi ? 'UPI_MANDATE' : 'CARD_PAYMENT') : null,
    vpa:
      upi && (status === 'REQUIRES_CONFIRMATION' || status === 'AWAITING_UPI') ? pending.vpa : null,
    lastFailure:
      session.lastFailureCode && session.lastFailureMessage
        ? {
            code: session.lastFailureCode as PaymentFailureCode,
            message: session.lastFailureMessage,
          }
        : null,
    returnUrl: session.returnUrl,
    expiresAt: session.expiresAt.toISOString(),
    savesCard: session.saveCard,
  };
}
