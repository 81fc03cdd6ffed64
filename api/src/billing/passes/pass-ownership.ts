/**
 * Which passes a viewer has. A pass counts from its claim (the money is being taken) and plays
 * from its payment; either way it stops counting once its payment is refunded in full (decision
 * 453: a partial refund, a goodwill gesture, leaves it playing, as for plans, decision 351).
 */
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { OwnedPass, PassScope } from '@crease/contract';
import type { Executor } from '../subscription-machine';
import { passOrders } from './tables';

/** The pass's payment has not been refunded in full (or it is not recorded yet). */
const notRefundedInFull = sql`(${passOrders.paymentId} IS NULL OR NOT EXISTS (
  SELECT 1 FROM payments p WHERE p.id = ${passOrders.paymentId} AND p.amount_cents <= (
    SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r WHERE r.payment_id = p.id)))`;

/** What the pass is for, as a condition on pass_orders. */
function targetIs(scope: PassScope, eventId: string | null, leagueId: string) {
  return scope === 'MATCH' && eventId !== null
    ? and(eq(passOrders.scope, 'MATCH'), eq(passOrders.eventId, eventId))
    : and(eq(passOrders.scope, 'SEASON'), eq(passOrders.leagueId, leagueId));
}

/**
 * Whether the account holds (or is being charged for) this very pass, other than the checkout
 * `besides`: the claim asks it under the account's row lock, so of two payments at once for
 * the same pass, only the first is taken (decision 455).
 */
export async function ownsPass(
  tx: Executor,
  userId: string,
  target: { scope: PassScope; eventId: string | null; leagueId: string },
  besides: string | null = null,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: passOrders.checkoutId })
    .from(passOrders)
    .where(
      and(
        eq(passOrders.userId, userId),
        targetIs(target.scope, target.eventId, target.leagueId),
        eq(passOrders.claimed, true),
        besides ? ne(passOrders.checkoutId, besides) : undefined,
        notRefundedInFull,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * The pass that lets the account play `eventId` of `leagueId`, if any: a paid match pass for
 * that match, else a paid season pass for its league. One indexed read.
 */
export async function passPlaying(
  db: Executor,
  userId: string,
  eventId: string,
  leagueId: string,
): Promise<PassScope | null> {
  const rows = await db
    .select({ scope: passOrders.scope })
    .from(passOrders)
    .where(
      and(
        eq(passOrders.userId, userId),
        isNotNull(passOrders.paymentId),
        or(targetIs('MATCH', eventId, leagueId), targetIs('SEASON', null, leagueId)),
        notRefundedInFull,
      ),
    );
  if (rows.some((r) => r.scope === 'MATCH')) return 'MATCH';
  return rows.length > 0 ? 'SEASON' : null;
}

/** The passes the account holds: paid, not refunded in full, oldest first. */
export async function ownedPasses(db: Executor, userId: string): Promise<OwnedPass[]> {
  const rows = await db
    .select({
      scope: passOrders.scope,
      eventId: passOrders.eventId,
      leagueId: passOrders.leagueId,
      title: passOrders.title,
    })
    .from(passOrders)
    .where(and(eq(passOrders.userId, userId), isNotNull(passOrders.paymentId), notRefundedInFull))
    .orderBy(passOrders.createdAt);
  return rows.map((r) => ({ ...r, scope: r.scope as PassScope }));
}
