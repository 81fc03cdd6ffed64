/**
 * Coupons: a percentage off within a validity window, for some plans, up to a redemption limit
 * and a per-account limit. A checkout reserves one redemption (coupon-reservations.ts); failed
 * checks count against a per-account and per-address budget so codes cannot be enumerated
 * (decision 094).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../platform/db/client';
import { coupons } from './tables';
import type { CouponRow } from './tables';
import { ApiError, isApiError } from './errors';
import type { AttemptStore } from '../accounts';
import type { ApiConfig } from '../platform/config';
import {
  assertAccountMayRedeem,
  holdsReservation,
  releaseLapsedHolds,
} from './coupon-reservations';

/** What people type: surrounding spaces dropped, case ignored. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The coupon if it applies to `planId` at `now` for this account, or the precise 4xx why not.
 * Only the account's own history is consulted (decision 167): COUPON_ALREADY_USED tells the caller
 * about codes it has paid with, nothing about anyone else.
 */
export async function applicableCoupon(
  db: Db,
  code: string,
  planId: string,
  now: Date,
  userId: string,
  /** Holds taken before this have lapsed (decision 396): they no longer use the coupon up. */
  heldBefore: Date,
): Promise<CouponRow> {
  const read = () =>
    db
      .select()
      .from(coupons)
      .where(eq(coupons.code, normalizeCouponCode(code)));
  let [coupon] = await read();
  if (!coupon) throw new ApiError('COUPON_NOT_FOUND');
  if (coupon.redemptionLimit !== null && coupon.redeemed >= coupon.redemptionLimit) {
    const { code: found } = coupon;
    if ((await db.transaction((tx) => releaseLapsedHolds(tx, found, heldBefore))) > 0)
      [coupon] = await read();
    if (!coupon) throw new ApiError('COUPON_NOT_FOUND');
  }
  if (coupon.validFrom > now) throw new ApiError('COUPON_NOT_YET_VALID');
  if (coupon.validUntil && coupon.validUntil <= now) throw new ApiError('COUPON_EXPIRED');
  await assertAccountMayRedeem(db, userId, coupon);
  // Used up, unless one of the places is this account's: a new checkout takes that one over.
  if (
    coupon.redemptionLimit !== null &&
    coupon.redeemed >= coupon.redemptionLimit &&
    !(await holdsReservation(db, userId, coupon.code))
  )
    throw new ApiError('COUPON_EXHAUSTED');
  if (coupon.planIds.length > 0 && !coupon.planIds.includes(planId))
    throw new ApiError('COUPON_NOT_APPLICABLE');
  return coupon;
}

/**
 * Runs a coupon lookup under the enumeration budget: over budget, 429 before looking; a coupon
 * error (unknown, expired…) spends budget. Valid codes cost nothing, so typing one is free.
 */
export async function withCouponBudget<T>(
  request: FastifyRequest,
  services: { attempts: AttemptStore; config: ApiConfig },
  userId: string,
  lookup: () => Promise<T>,
): Promise<T> {
  const { attempts, config } = services;
  const billing = config.billing;
  const keys = [
    { key: `coupon:account:${userId}`, max: billing.couponFailuresPerAccount },
    { key: `coupon:ip:${request.ip}`, max: billing.couponFailuresPerIp },
  ];
  // Count first, then check (decision 055): a peek before the lookup would let parallel
  // guesses all pass before any of them was counted.
  const counted = [];
  for (const { key, max } of keys)
    counted.push({ key, max, state: await attempts.hit(key, billing.couponWindowSeconds) });
  const over = counted.find(({ state, max }) => state.count > max);
  if (over) {
    const retryAfter = over.state.secondsLeft;
    throw new ApiError(
      'TOO_MANY_ATTEMPTS',
      'Too many coupon codes tried. Please wait and try again.',
      { headers: { 'retry-after': String(retryAfter) } },
    );
  }
  let spent = false;
  try {
    return await lookup();
  } catch (error) {
    spent = isApiError(error) && error.code.startsWith('COUPON_');
    throw error;
  } finally {
    // A valid code (or a failure that is not the coupon's) gives its attempt back.
    if (!spent) for (const { key } of counted) await attempts.undo(key);
  }
}
