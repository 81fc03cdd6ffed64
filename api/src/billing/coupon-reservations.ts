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
import { and, count, eq, sql } from 'drizzle-orm';
import type { CouponReservation } from '@crease/contract';
import { checkouts } from './tables';
import { users } from '../accounts';
import { ApiError } from './errors';
import type { CouponRow } from './tables';
import type { DisplacedCheckout } from './displaced-sessions';
import type { Executor } from './subscription-machine';

/** Takes one redemption if any is left (one statement: two last-redemption races, one wins). */
export async function reserveRedemption(
  db: Pick<Executor, 'execute'>,
  code: string,
): Promise<void> {
  const result = (await db.execute(sql`
    UPDATE coupons SET redeemed = redeemed + 1
    WHERE code = ${code} AND (redemption_limit IS NULL OR redeemed < redemption_limit)
    RETURNING code`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw new ApiError('COUPON_EXHAUSTED');
}

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
 * Gives a new checkout of the account the coupon's place, inside the transaction that inserts it
 * as HELD: the account's open reservation (if any) is taken over, else one redemption is taken
 * if any is left (COUPON_EXHAUSTED otherwise). The account row lock makes two concurrent
 * checkouts of one account take turns, so the second takes over the first's place. Returns the
 * checkouts it displaced: the caller ends their sessions once this commits (decision 203).
 */
export async function reserveForCheckout(
  tx: Executor,
  userId: string,
  coupon: Pick<CouponRow, 'code' | 'perAccountLimit'>,
): Promise<DisplacedCheckout[]> {
  // FOR NO KEY UPDATE: it does not block rows that merely reference the account (their inserts).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  await assertAccountMayRedeem(tx, userId, coupon);
  const taken = await takeOver(tx, userId, coupon.code);
  if (taken.length === 0) await reserveRedemption(tx, coupon.code);
  return taken;
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

/**
 * A paid checkout redeems its coupon (run in the webhook's transaction, the checkout locked). One
 * that still held its place keeps it. One whose place was taken over (or given back at expiry)
 * was paid anyway, and money taken is honoured: it takes the account's open place back if there
 * is one, else one more redemption if any is left (decision 166). Returns the checkout whose
 * place it took, so that one's session is ended after the commit too (decision 203).
 */
export async function redeemOnPayment(
  tx: Executor,
  checkout: {
    id: string;
    userId: string;
    couponCode: string | null;
    couponReservation: string | null;
  },
): Promise<DisplacedCheckout[]> {
  const { couponCode } = checkout;
  if (!couponCode || checkout.couponReservation === 'HELD') return [];
  const taken = await takeOver(tx, checkout.userId, couponCode);
  if (taken.length === 0)
    await tx.execute(sql`
      UPDATE coupons SET redeemed = redeemed + 1
      WHERE code = ${couponCode} AND (redemption_limit IS NULL OR redeemed < redemption_limit)`);
  return taken;
}
