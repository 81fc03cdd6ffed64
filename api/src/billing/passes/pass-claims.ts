/**
 * A pass's part in the payment's claim (decision 455) and in recording it. The claim runs under
 * the account's row lock (payment-claims.ts), in the charge's own transaction: the sandbox asks
 * before it takes the money, Stripe's webhook as it records money already taken. Of two
 * payments for the same pass at once (two tabs, two Idempotency-Keys), the first claims it and
 * the second is refused: nothing charged in the sandbox, refunded in full with Stripe.
 */
import { and, eq } from 'drizzle-orm';
import type { OwnedPass, PassScope } from '@crease/contract';
import type { Executor } from '../subscription-machine';
import { ownsPass } from './pass-ownership';
import { passOrders } from './tables';
import type { PassOrderRow } from './tables';

export interface PassRefusal {
  code: 'PASS_ALREADY_OWNED';
  message: string;
}

/** The pass a checkout is for, or null for a plan's checkout. */
export async function passOrderOf(tx: Executor, checkoutId: string): Promise<PassOrderRow | null> {
  const [row] = await tx.select().from(passOrders).where(eq(passOrders.checkoutId, checkoutId));
  return row ?? null;
}

/** What checkout `checkoutId` buys, on the wire (Checkout.pass); null for a plan's checkout. */
export async function passOf(db: Executor, checkoutId: string): Promise<OwnedPass | null> {
  const order = await passOrderOf(db, checkoutId);
  if (!order) return null;
  const { scope, eventId, leagueId, title } = order;
  return { scope: scope as PassScope, eventId, leagueId, title };
}

/** Claims checkout `checkoutId`'s pass, or says why not; a plan's checkout claims nothing. */
export async function claimPass(
  tx: Executor,
  checkoutId: string,
  moneyTaken: boolean,
): Promise<PassRefusal | null> {
  const order = await passOrderOf(tx, checkoutId);
  if (!order) return null;
  const target = {
    scope: order.scope as PassScope,
    eventId: order.eventId,
    leagueId: order.leagueId,
  };
  if (await ownsPass(tx, order.userId, target, checkoutId))
    return {
      code: 'PASS_ALREADY_OWNED',
      message: `You already have a pass for ${order.title}, so ${moneyTaken ? 'this payment has been refunded in full' : 'this payment was not taken. Nothing was charged'}.`,
    };
  if (!order.claimed)
    await tx.update(passOrders).set({ claimed: true }).where(eq(passOrders.checkoutId, checkoutId));
  return null;
}

/** Records the payment that bought the pass: from now on it plays (pass-ownership.ts). */
export async function grantPass(
  tx: Executor,
  checkoutId: string,
  paymentId: string,
): Promise<void> {
  await tx
    .update(passOrders)
    .set({ paymentId, claimed: true })
    .where(and(eq(passOrders.checkoutId, checkoutId)));
}

/** The ledger's name of what was bought: "Match pass: India v Australia". */
export const passPaymentName = (productName: string, order: PassOrderRow) =>
  `${productName}: ${order.title}`;
