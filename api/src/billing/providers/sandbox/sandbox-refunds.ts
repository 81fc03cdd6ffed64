/**
 * The sandbox provider's refunds (decision 351), as Stripe's `refunds.create` behaves: money back
 * on one succeeded charge (a hosted-page charge or a saved-card charge), never more than is left
 * of it, once per idempotency key; each refund is followed by a signed `charge.refunded` webhook
 * listing every refund of the charge, which is how the API's ledger learns of it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import type { ProviderEvent, RefundInput } from '../payment-provider';
import { RefundRefusedError } from '../payment-provider';
import {
  sandboxCharges,
  sandboxOffSessionCharges,
  sandboxRefunds,
  sandboxSessions,
} from './sandbox-tables';
import { EVENT_REFUNDED } from './sandbox-wire';
import type { WebhookDispatcher } from './webhook-dispatcher';

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

/** A succeeded charge, locked: concurrent refunds of it take turns. */
async function lockCharge(
  tx: Tx,
  chargeId: string,
): Promise<{ amountCents: number; currency: string } | null> {
  const [hosted] = await tx
    .select({ amountCents: sandboxCharges.amountCents, sessionId: sandboxCharges.sessionId })
    .from(sandboxCharges)
    .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, 'succeeded')))
    .for('update');
  if (hosted) {
    const [session] = await tx
      .select({ currency: sandboxSessions.currency })
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, hosted.sessionId));
    return { amountCents: hosted.amountCents, currency: session?.currency ?? 'USD' };
  }
  const [saved] = await tx
    .select({
      amountCents: sandboxOffSessionCharges.amountCents,
      currency: sandboxOffSessionCharges.currency,
    })
    .from(sandboxOffSessionCharges)
    .where(
      and(
        eq(sandboxOffSessionCharges.id, chargeId),
        eq(sandboxOffSessionCharges.status, 'succeeded'),
      ),
    )
    .for('update');
  return saved ?? null;
}

/** Refunds part or all of a charge; the same idempotency key answers the first refund again. */
export async function refundCharge(
  db: Db,
  now: Date,
  dispatcher: WebhookDispatcher,
  input: RefundInput,
): Promise<{ refundId: string; amountCents: number }> {
  const outcome = await db.transaction(async (tx) => {
    const charge = await lockCharge(tx, input.providerReference);
    if (!charge) throw new RefundRefusedError('NO_CHARGE');
    // Checked under the charge's lock, so two requests with one key make one refund.
    const [earlier] = await tx
      .select({ id: sandboxRefunds.id, amountCents: sandboxRefunds.amountCents })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
    if (earlier) return { refundId: earlier.id, amountCents: earlier.amountCents, sent: false };
    const given = await tx
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.chargeId, input.providerReference))
      .orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
    const left = charge.amountCents - given.reduce((sum, refund) => sum + refund.amountCents, 0);
    const amountCents = input.amountCents ?? left;
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > left)
      throw new RefundRefusedError('EXCEEDS_CHARGE');
    const refund = {
      id: newId('re'),
      chargeId: input.providerReference,
      idempotencyKey: input.idempotencyKey,
      amountCents,
      currency: charge.currency,
      createdAt: now,
    };
    await tx.insert(sandboxRefunds).values(refund);
    const all = [...given, refund];
    const eventId = newId('evt');
    const refunded = all.reduce((sum, r) => sum + r.amountCents, 0);
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: EVENT_REFUNDED,
      created: Math.floor(now.getTime() / 1000),
      livemode: false,
      data: {
        object: {
          id: input.providerReference,
          object: 'charge',
          payment_intent: input.providerReference,
          amount: charge.amountCents,
          amount_refunded: refunded,
          refunded: refunded === charge.amountCents,
          currency: charge.currency.toLowerCase(),
          refunds: {
            object: 'list',
            data: all.map((r) => ({
              id: r.id,
              object: 'refund',
              amount: r.amountCents,
              currency: r.currency.toLowerCase(),
              created: Math.floor(r.createdAt.getTime() / 1000),
              status: 'succeeded',
            })),
          },
        },
      },
    });
    await dispatcher.enqueue(tx, eventId, payload);
    return { refundId: refund.id, amountCents, sent: true };
  });
  if (outcome.sent) dispatcher.kick();
  return { refundId: outcome.refundId, amountCents: outcome.amountCents };
}

/** The adapter's reading of a verified `charge.refunded` body (Stripe's charge shape). */
export function refundedEvent(
  base: { eventId: string; type: string; created: Date; payload: Record<string, unknown> },
  object: Record<string, unknown>,
): Extract<ProviderEvent, { kind: 'REFUNDED' }> {
  const list = (object.refunds as { data?: unknown } | undefined)?.data;
  const refunds = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  return {
    kind: 'REFUNDED',
    ...base,
    providerReference: String(object.payment_intent ?? object.id ?? ''),
    refunds: refunds
      .filter((r) => r.status === 'succeeded' && typeof r.amount === 'number')
      .map((r) => ({
        refundId: String(r.id),
        amountCents: r.amount as number,
        currency: String(r.currency ?? '').toUpperCase(),
        created: new Date(Number(r.created) * 1000),
      })),
  };
}
