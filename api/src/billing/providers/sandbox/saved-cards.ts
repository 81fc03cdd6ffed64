/**
 * The sandbox's off-session charges to a saved card (a Stripe PaymentIntent with
 * `off_session: true`): renewals and upgrades. Once per idempotency key, as Stripe's
 * Idempotency-Key: a second request with the key answers the first result and charges nothing.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { sandboxOffSessionCharges, sandboxPaymentMethods } from './sandbox-tables';
import type { CardFacts, SavedCardCharge, SavedCardChargeInput } from '../payment-provider';

type ChargeRow = typeof sandboxOffSessionCharges.$inferSelect;

const DECLINED = 'Your card was declined when we tried to renew your plan. Update your card.';

function resultOf(row: ChargeRow, card: CardFacts | null): SavedCardCharge {
  return row.status === 'succeeded'
    ? { status: 'SUCCEEDED', providerReference: row.id, card }
    : { status: 'FAILED', failureCode: 'CARD_DECLINED', failureMessage: DECLINED, card };
}

async function savedCard(db: Db, paymentMethod: string) {
  const [method] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, paymentMethod));
  return method;
}

const factsOf = (method: { cardBrand: string; cardLast4: string } | undefined) =>
  method ? { brand: method.cardBrand, last4: method.cardLast4 } : null;

async function existing(db: Db, key: string): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxOffSessionCharges)
    .where(eq(sandboxOffSessionCharges.idempotencyKey, key));
  return row;
}

export async function chargeSavedCard(
  db: Db,
  now: Date,
  input: SavedCardChargeInput,
): Promise<SavedCardCharge> {
  const earlier = await existing(db, input.idempotencyKey);
  const method = await savedCard(db, earlier?.paymentMethodId ?? input.paymentMethod);
  if (earlier) return resultOf(earlier, factsOf(method));
  if (!method)
    return {
      card: null,
      status: 'FAILED',
      failureCode: 'CARD_DECLINED',
      failureMessage: 'The saved card is no longer on file. Pay with a card again.',
    };
  const [made] = await db
    .insert(sandboxOffSessionCharges)
    .values({
      id: `ch_${randomBytes(18).toString('base64url')}`,
      idempotencyKey: input.idempotencyKey,
      paymentMethodId: method.id,
      amountCents: input.amountCents,
      currency: input.currency,
      status: method.failsOffSession ? 'failed' : 'succeeded',
      failureCode: method.failsOffSession ? 'CARD_DECLINED' : null,
      createdAt: now,
    })
    // A racing request with the same key made it first: its result is the answer.
    .onConflictDoNothing()
    .returning();
  const row = made ?? (await existing(db, input.idempotencyKey));
  if (!row) throw new Error(`sandbox charge ${input.idempotencyKey} vanished`);
  return resultOf(row, factsOf(method));
}
