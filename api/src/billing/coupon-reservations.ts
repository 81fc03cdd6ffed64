/**
 * Who holds a coupon's redemptions (decisions 166, 167). A checkout with a coupon reserves one
 * redemption; an account holds at most one open reservation per coupon, so a new checkout with
 * the same code takes the older checkout's place over instead of taking another. A coupon may
 * also limit how often one account redeems it (paid checkouts): WELCOME20 once.
 *
 * The rules live in the database, not in a replica's memory: each reservation runs in a
 * transaction that locks the account's row (so one account's checkouts take turns), and a partial
 * unique index allows one HELD checkout per account and coupon whatever happens.
 */
import { and, count, eq, lte, sql } from 'drizzle-orm';
import type { CouponReservation } from '@crease/contract';
import { checkouts } from './tables';
import { users } from '../accounts';
import { ApiError } from './errors';
import type { CouponRow } from './tables';
import type { DisplacedCheckout } from './displaced-sessions';
import type { Executor } from './subscription-machine';

/** Gives one redemption back (a holding checkout expired unpaid). */
export async function releaseRedemption(
  db: Pick<Executor, 'execute'>,
  code: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE coupons SET redeemed = redeemed - 1 WHERE code = ${code} AND redeemed > 0`,
  );
}

const held = (userId: string, code: string) =>
  and(
    eq(checkouts.userId, userId),
    eq(checkouts.couponCode, code),
    eq(checkouts.couponReservation, 'HELD' satisfies CouponReservation),
  );

/** How many times the account has paid with the coupon. */
export async function redemptionsBy(
  db: Pick<Executor, 'select'>,
  userId: string,
  code: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.userId, userId),
        eq(checkouts.couponCode, code),
        eq(checkouts.couponReservation, 'REDEEMED' satisfies CouponReservation),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Whether one of the account's checkouts holds a redemption of the coupon right now. */
export async function holdsReservation(
  db: Pick<Executor, 'select'>,
  userId: string,
  code: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(held(userId, code))
    .limit(1);
  return row !== undefined;
}

/** 409 COUPON_ALREADY_USED when the account has redeemed the coupon as often as it allows. */
export async function assertAccountMayRedeem(
  db: Pick<Executor, 'select'>,
  userId: string,
  coupon: Pick<CouponRow, 'code' | 'perAccountLimit'>,
): Promise<void> {
  if (coupon.perAccountLimit === null) return;
  if ((await redemptionsBy(db, userId, coupon.code)) >= coupon.perAccountLimit)
    throw new ApiError('COUPON_ALREADY_USED', undefined, { userId });
}

/**
 * Gives back the places of checkouts that held one longer than a hold lasts (decision 396): an
 * unpaid checkout keeps a limited coupon's redemption for `CREASE_COUPON_HOLD_SECONDS` only, so
 * throwaway accounts cannot keep a coupon used up. The checkout stays payable; its payment then
 * takes a redemption again if one is left (claimCheckoutPayment). Each row is released once
 * (the UPDATE re-checks HELD under its row lock), so concurrent callers give each place back once.
 */
export async function releaseLapsedHolds(
  tx: Executor,
  code: string,
  heldBefore: Date,
): Promise<number> {
  const lapsed = await tx
    .update(checkouts)
    .set({ couponReservation: 'RELEASED' satisfies CouponReservation })
    .where(
      and(
        eq(checkouts.couponCode, code),
        eq(checkouts.couponReservation, 'HELD' satisfies CouponReservation),
        lte(checkouts.createdAt, heldBefore),
      ),
    )
    .returning({ id: checkouts.id });
  if (lapsed.length > 0)
    await tx.execute(
      sql`UPDATE coupons SET redeemed = GREATEST(redeemed - ${lapsed.length}, 0) WHERE code = ${code}`,
    );
  return lapsed.length;
}

/**
 * Gives a new checkout of the account the coupon's place, inside the transaction that inserts it
 * as HELD: the account's open reservation (if any) is taken over, else one redemption is taken
 * if any is left (COUPON_EXHAUSTED otherwise; lapsed holds are given back first). The account
 * row lock makes two concurrent checkouts of one account take turns, so the second takes over
 * the first's place. Returns the checkouts it displaced: the caller ends their sessions once
 * this commits (decision 203).
 */
export async function reserveForCheckout(
  tx: Executor,
  userId: string,
  coupon: Pick<CouponRow, 'code' | 'perAccountLimit'>,
  heldBefore: Date,
): Promise<DisplacedCheckout[]> {
  // FOR NO KEY UPDATE: it does not block rows that merely reference the account (their inserts).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  await assertAccountMayRedeem(tx, userId, coupon);
  const claimed = await claimRedemption(tx, userId, coupon.code, heldBefore);
  if (!claimed.ok) throw new ApiError('COUPON_EXHAUSTED');
  return claimed.displaced;
}

/**
 * The account's place of the coupon for one of its checkouts (the account row locked by the
 * caller): its open reservation is taken over, else one redemption is taken if any is left
 * (lapsed holds given back first when `heldBefore` is set).
 */
export async function claimRedemption(
  tx: Executor,
  userId: string,
  code: string,
  heldBefore: Date | null = null,
): Promise<{ ok: true; displaced: DisplacedCheckout[] } | { ok: false }> {
  const taken = await takeOver(tx, userId, code);
  if (taken.length > 0) return { ok: true, displaced: taken };
  if (await takeRedemption(tx, code)) return { ok: true, displaced: [] };
  if (
    heldBefore &&
    (await releaseLapsedHolds(tx, code, heldBefore)) > 0 &&
    (await takeRedemption(tx, code))
  )
    return { ok: true, displaced: [] };
  return { ok: false };
}

/** Takes one redemption if any is left (one statement: two last-redemption races, one wins). */
async function takeRedemption(tx: Pick<Executor, 'execute'>, code: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    UPDATE coupons SET redeemed = redeemed + 1
    WHERE code = ${code} AND (redemption_limit IS NULL OR redeemed < redemption_limit)
    RETURNING code`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Marks the account's HELD checkout of the coupon TAKEN_OVER; returns it for its session's end. */
function takeOver(tx: Executor, userId: string, code: string): Promise<DisplacedCheckout[]> {
  return tx
    .update(checkouts)
    .set({ couponReservation: 'TAKEN_OVER' satisfies CouponReservation })
    .where(held(userId, code))
    .returning({
      id: checkouts.id,
      sessionId: checkouts.sessionId,
      paymentSystem: checkouts.paymentSystem,
    });
}
