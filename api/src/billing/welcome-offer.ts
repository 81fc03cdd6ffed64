/**
 * The welcome coupon (decision 393): one code, named here, that the welcome mail and /plans
 * offer to an account that has never paid. It is offered only while it would be accepted: on
 * sale now, not used up, and not yet used by the account. An operator who removes or ends the
 * coupon ends the offer; no mail or page then names a code that would be refused.
 */
import { count, eq } from 'drizzle-orm';
import type { WelcomeOffer } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { coupons, payments } from './tables';
import { redemptionsBy } from './coupon-reservations';

/** The code the welcome mail names (seed.ts sells it: 20 % off, once per account). */
export const WELCOME_COUPON_CODE = 'WELCOME20';

export async function welcomeOfferFor(
  db: Pick<Db, 'select'>,
  userId: string,
  now: Date,
): Promise<WelcomeOffer> {
  const none: WelcomeOffer = { coupon: null };
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, WELCOME_COUPON_CODE));
  if (!coupon) return none;
  const onSale =
    coupon.validFrom <= now &&
    (coupon.validUntil === null || coupon.validUntil > now) &&
    (coupon.redemptionLimit === null || coupon.redeemed < coupon.redemptionLimit);
  if (!onSale) return none;
  // A new account: it has never paid (a renewal or upgrade is a payment too) …
  const [paid] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  if (Number(paid?.n ?? 0) > 0) return none;
  // … and has not redeemed the code (a checkout paid with it and then refunded still counts).
  if ((await redemptionsBy(db, userId, WELCOME_COUPON_CODE)) > 0) return none;
  return { coupon: { code: coupon.code, percentage: coupon.percentage } };
}
