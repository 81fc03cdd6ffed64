/**
 * The hosted page's UPI step (issue 34 §2, decision 461): a collect request to the viewer's UPI
 * ID. The test ID that approves pays a one-off payment at once, and for a subscription first asks
 * the viewer to approve the AutoPay mandate (the confirmation step); the one that declines fails
 * the attempt; the one that never answers leaves the session AWAITING_UPI until the viewer gives
 * up (`cancelUpi`) and pays another way. A waiting request never takes money later, and the
 * session's one-success index means a second way of paying cannot charge twice.
 */
import { and, eq } from 'drizzle-orm';
import type { SandboxPaymentResult, SandboxSessionView } from '@crease/contract';
import { ApiError } from '../../errors';
import { sandboxCharges, sandboxSessions } from './sandbox-tables';
import { UPI_BRAND, normaliseVpa, offersUpi, upiOutcome } from './sandbox-upi';
import { supersedePending } from './sandbox-mandates';
import type { SimulatedProvider } from './simulated-provider';
import { randomBytes } from 'node:crypto';

const UPI = { brand: UPI_BRAND, last4: '' };

export async function submitUpi(
  provider: SimulatedProvider,
  sessionId: string,
  vpaTyped: string,
): Promise<SandboxPaymentResult> {
  const vpa = normaliseVpa(vpaTyped);
  if (!vpa) throw new ApiError('VPA_INVALID');
  const outcome = upiOutcome(vpa);
  const now = provider.clock.now();
  const attempt = await provider.db.transaction(async (tx) => {
    const session = await provider.lockOpenSession(tx, sessionId);
    if (!offersUpi(session.currency)) throw new ApiError('UPI_NOT_OFFERED');
    await supersedePending(tx, sessionId);
    if (outcome.kind === 'FAILS') return provider.charge(tx, session, outcome, UPI, false, vpa);
    if (outcome.kind === 'APPROVES' && !session.saveCard)
      return provider.charge(tx, session, { kind: 'SUCCEEDS' }, UPI, false, vpa);
    // A subscription: the mandate's approval comes first (REQUIRES_CONFIRMATION). The ID that
    // never answers: a request left waiting (AWAITING_UPI).
    const waiting = outcome.kind === 'NEVER_ANSWERS';
    await tx.insert(sandboxCharges).values({
      id: `ch_${randomBytes(18).toString('base64url')}`,
      sessionId,
      amountCents: session.amountCents,
      status: waiting ? 'pending_upi' : 'pending_confirmation',
      cardLast4: '',
      cardBrand: UPI_BRAND,
      vpa,
      createdAt: now,
    });
    await tx
      .update(sandboxSessions)
      .set({ status: waiting ? 'AWAITING_UPI' : 'REQUIRES_CONFIRMATION' })
      .where(eq(sandboxSessions.id, sessionId));
    return {
      status: waiting ? ('AWAITING_UPI' as const) : ('REQUIRES_CONFIRMATION' as const),
      returnUrl: session.returnUrl,
    };
  });
  return provider.report(attempt);
}

/** Gives up a UPI request still waiting: the session is open again, nothing was taken. */
export async function cancelUpi(
  provider: SimulatedProvider,
  sessionId: string,
): Promise<SandboxSessionView> {
  await provider.db.transaction(async (tx) => {
    const session = await provider.lockOpenSession(tx, sessionId);
    if (session.status !== 'AWAITING_UPI') throw new ApiError('SESSION_NOT_AWAITING_UPI');
    await tx
      .update(sandboxCharges)
      .set({ status: 'failed', failureCode: 'ABANDONED' })
      .where(
        and(eq(sandboxCharges.sessionId, sessionId), eq(sandboxCharges.status, 'pending_upi')),
      );
    await tx
      .update(sandboxSessions)
      .set({ status: 'OPEN' })
      .where(eq(sandboxSessions.id, sessionId));
  });
  return provider.view(sessionId);
}
