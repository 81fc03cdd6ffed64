/**
 * The admin's coupons (issue 33 §5, decision 458): create one, change its redemption limit and
 * its expiry, end it, and see who redeemed it. The checkout's rules stay where they are
 * (coupons.ts, coupon-reservations.ts): `redeemed` counts the places taken (held and paid), so a
 * limit can never be set below it (one conditional UPDATE: a checkout taking a place at the same
 * moment cannot slip under it), and ending a coupon stops new checkouts while those already
 * opened keep the price they froze.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminCoupon,
  AdminCouponCreateRequest,
  AdminCouponRedemptions,
  AdminCouponState,
  CouponReservation,
} from '@crease/contract';
import { users } from '../accounts';
import type { Db } from '../platform/db/client';
import { ApiError } from '../platform/errors';
import { rowsOf } from '../platform/db/rows';
import { normalizeCouponCode } from './coupons';
import { checkouts, coupons, payments, plans } from './tables';
import type { CouponRow } from './tables';

const REDEEMED: CouponReservation = 'REDEEMED';
const HELD: CouponReservation = 'HELD';

function stateOf(row: CouponRow, now: Date): AdminCouponState {
  if (row.validUntil && row.validUntil <= now) return 'ENDED';
  if (row.validFrom > now) return 'SCHEDULED';
  if (row.redemptionLimit !== null && row.redeemed >= row.redemptionLimit) return 'USED_UP';
  return 'ACTIVE';
}

function toAdminCoupon(row: CouponRow, paid: number, now: Date): AdminCoupon {
  return {
    code: row.code,
    percentage: row.percentage,
    planIds: row.planIds,
    redemptionLimit: row.redemptionLimit,
    perAccountLimit: row.perAccountLimit,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil?.toISOString() ?? null,
    taken: row.redeemed,
    redeemed: paid,
    state: stateOf(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Paid redemptions per coupon code. */
async function paidByCode(db: Db, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: checkouts.couponCode, n: count() })
    .from(checkouts)
    .where(and(inArray(checkouts.couponCode, codes), eq(checkouts.couponReservation, REDEEMED)))
    .groupBy(checkouts.couponCode);
  return new Map(rows.map((row) => [String(row.code), Number(row.n)]));
}

export async function adminCoupons(db: Db, now: Date): Promise<AdminCoupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), coupons.code);
  const paid = await paidByCode(
    db,
    rows.map((row) => row.code),
  );
  return rows.map((row) => toAdminCoupon(row, paid.get(row.code) ?? 0, now));
}

async function couponRow(db: Db, code: string): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(code)));
  if (!row) throw new ApiError('BUSINESS_COUPON_NOT_FOUND');
  return row;
}

export async function adminCoupon(db: Db, code: string, now: Date): Promise<AdminCoupon> {
  const row = await couponRow(db, code);
  return toAdminCoupon(row, (await paidByCode(db, [row.code])).get(row.code) ?? 0, now);
}

/** The window must end after it starts and after now (an end in the past is "end it"). */
function assertWindow(validFrom: Date, validUntil: Date | null, now: Date): void {
  if (validUntil && (validUntil <= validFrom || validUntil <= now))
    throw new ApiError('COUPON_DATES_INVALID');
}

export async function createCoupon(
  db: Db,
  request: Omit<AdminCouponCreateRequest, 'reason'>,
  now: Date,
): Promise<AdminCoupon> {
  const planIds = [...new Set(request.planIds)];
  if (planIds.length > 0) {
    const known = await db
      .select({ id: plans.id })
      .from(plans)
      .where(and(inArray(plans.id, planIds), eq(plans.trial, false)));
    if (known.length !== planIds.length) throw new ApiError('COUPON_PLANS_UNKNOWN');
  }
  const validFrom = request.validFrom ? new Date(request.validFrom) : now;
  const validUntil = request.validUntil ? new Date(request.validUntil) : null;
  assertWindow(validFrom, validUntil, now);
  const [inserted] = await db
    .insert(coupons)
    .values({
      code: normalizeCouponCode(request.code),
      percentage: request.percentage,
      validFrom,
      validUntil,
      redemptionLimit: request.redemptionLimit,
      perAccountLimit: request.perAccountLimit,
      planIds,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) throw new ApiError('COUPON_CODE_TAKEN');
  return toAdminCoupon(inserted, 0, now);
}

export interface CouponChange {
  before: AdminCoupon;
  after: AdminCoupon;
}

/**
 * A new redemption limit (null: none) and/or expiry (null: none). The limit is set only while
 * it is not below the places taken, in the UPDATE itself, so a concurrent checkout cannot make
 * it false; an ended coupon is not brought back here (create a new one).
 */
export async function updateCoupon(
  db: Db,
  code: string,
  change: { redemptionLimit?: number | null; validUntil?: string | null },
  now: Date,
): Promise<CouponChange> {
  const before = await adminCoupon(db, code, now);
  if (before.state === 'ENDED') throw new ApiError('COUPON_ALREADY_ENDED');
  const set: Partial<typeof coupons.$inferInsert> = {};
  if (change.validUntil !== undefined) {
    const until = change.validUntil === null ? null : new Date(change.validUntil);
    assertWindow(new Date(before.validFrom), until, now);
    set.validUntil = until;
  }
  if (change.redemptionLimit !== undefined) set.redemptionLimit = change.redemptionLimit;
  if (Object.keys(set).length > 0) {
    const limit = change.redemptionLimit;
    const changed = await db
      .update(coupons)
      .set(set)
      .where(
        and(
          eq(coupons.code, before.code),
          limit === undefined || limit === null ? undefined : sql`${coupons.redeemed} <= ${limit}`,
        ),
      )
      .returning({ code: coupons.code });
    if (changed.length === 0) throw new ApiError('COUPON_LIMIT_BELOW_TAKEN');
  }
  return { before, after: await adminCoupon(db, before.code, now) };
}

/** Ends the coupon now: no new checkout takes it; opened checkouts keep their frozen price. */
export async function endCoupon(db: Db, code: string, now: Date): Promise<CouponChange> {
  const before = await adminCoupon(db, code, now);
  const ended = await db
    .update(coupons)
    .set({ validUntil: now })
    .where(
      and(
        eq(coupons.code, before.code),
        sql`(${coupons.validUntil} IS NULL OR ${coupons.validUntil} > ${now})`,
      ),
    )
    .returning({ code: coupons.code });
  // A second click, or another admin first: it acts once.
  if (ended.length === 0) throw new ApiError('COUPON_ALREADY_ENDED');
  return { before, after: await adminCoupon(db, before.code, now) };
}

/** Who paid with the coupon, newest first, and how many checkouts hold a place unpaid. */
export async function couponRedemptions(
  db: Db,
  code: string,
  now: Date,
): Promise<AdminCouponRedemptions> {
  const coupon = await adminCoupon(db, code, now);
  const redemptions = await db
    .select({
      paymentId: payments.id,
      email: users.email,
      status: users.status,
      paidAt: payments.paidAt,
      planId: payments.planId,
      amountCents: payments.amountCents,
      currency: payments.currency,
    })
    .from(checkouts)
    .innerJoin(payments, eq(payments.checkoutId, checkouts.id))
    .innerJoin(users, eq(users.id, checkouts.userId))
    .where(and(eq(checkouts.couponCode, coupon.code), eq(checkouts.couponReservation, REDEEMED)))
    .orderBy(desc(payments.paidAt))
    .limit(500);
  const [held] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM checkouts
        WHERE coupon_code = ${coupon.code} AND coupon_reservation = ${HELD}`,
    ),
  );
  return {
    coupon,
    redemptions: redemptions.map((row) => ({
      paymentId: row.paymentId,
      viewer: row.status === 'DELETED' ? 'deleted account' : row.email,
      paidAt: row.paidAt.toISOString(),
      planId: row.planId,
      amountMinor: row.amountCents,
      currency: row.currency,
    })),
    holding: Number(held?.n ?? 0),
  };
}
