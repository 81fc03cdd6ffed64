/**
 * What a checkout claims at the moment its money is taken (decision 395). The provider asks
 * before it charges, in the transaction that records the charge, so a refusal takes no money:
 *
 * - the account must still exist: a deletion that landed first refuses the payment (issue 31 §15);
 * - a coupon limited per account (WELCOME20: once) is counted here, under the account's row lock,
 *   so two checkouts of one account paid at the same instant cannot both redeem it (issue 31 §6);
 * - a checkout whose coupon place lapsed or was taken over takes a redemption now, if any is
 *   left; otherwise the payment is refused (issue 31 §5). A checkout still holding its place
 *   keeps it. Either way the checkout is REDEEMED from here on, so the webhook counts nothing.
 *
 * The sandbox asks this gate for every card it is about to charge (simulated-provider.ts). A
 * provider that charges without asking (Stripe Checkout) makes the same claim when its webhook
 * reports the payment (webhook-events.ts), and a refusal there is refunded (decision 392).
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { CouponReservation } from '@crease/contract';
import { users } from '../accounts';
import { checkouts, coupons } from './tables';
import { claimRedemption } from './coupon-reservations';
import type { DisplacedCheckout } from './displaced-sessions';
import type { Executor } from './subscription-machine';
import { claimPass } from './passes/pass-claims';

/** Why a payment was refused before any money moved: a PaymentFailureCode and its words. */
export interface PaymentRefusal {
  code: 'COUPON_UNAVAILABLE' | 'ACCOUNT_CLOSED' | 'PASS_ALREADY_OWNED';
  message: string;
}

export type PaymentClaim =
  { ok: true; displaced: DisplacedCheckout[] } | { ok: false; refusal: PaymentRefusal };

const ACCOUNT_CLOSED: PaymentRefusal = {
  code: 'ACCOUNT_CLOSED',
  message: 'This account has been deleted, so this payment was not taken. Nothing was charged.',
};

const couponGone = (code: string, why: string, moneyTaken: boolean): PaymentRefusal => ({
  code: 'COUPON_UNAVAILABLE',
  message: `${why} ${moneyTaken ? 'Your payment has been refunded in full.' : 'Nothing was charged.'} Go back to the plans to pay the current price of your plan without ${code}.`,
});

/**
 * Claims what checkout `checkoutId` needs to be paid, in the charge's transaction: nothing is
 * written when it refuses. An unknown checkout (not ours) is let through: the webhook ignores it.
 */
export async function claimCheckoutPayment(
  tx: Executor,
  checkoutId: string,
  /** Holds taken before this have lapsed (decision 396): they may be given back for this one. */
  heldBefore: Date,
  /** The provider took the money already (Stripe Checkout): a refusal is refunded, not avoided. */
  moneyTaken = false,
): Promise<PaymentClaim> {
  const [owner] = await tx
    .select({ userId: checkouts.userId })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  if (!owner) return { ok: true, displaced: [] };
  // The account's row: a deletion (which rewrites it) and the account's other checkouts and
  // payments take turns with this charge.
  const [account] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, owner.userId))
    .for('no key update');
  if (!account || account.status === 'DELETED') return { ok: false, refusal: ACCOUNT_CLOSED };
  // Then the checkout itself, locked and read afresh (after the account, the order every
  // checkout takes): another account's checkout may have just given its lapsed hold back.
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for('update');
  if (!checkout) return { ok: true, displaced: [] };
  // A pass is bought once: the same pass paid twice at once takes the money once (decision 455).
  const passRefusal = await claimPass(tx, checkout.id, moneyTaken);
  if (passRefusal) return { ok: false, refusal: passRefusal };
  const code = checkout.couponCode;
  if (!code || checkout.couponReservation === 'REDEEMED') return { ok: true, displaced: [] };
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code));
  if (coupon?.perAccountLimit != null) {
    const [paid] = await tx
      .select({ n: count() })
      .from(checkouts)
      .where(
        and(
          eq(checkouts.userId, checkout.userId),
          eq(checkouts.couponCode, code),
          eq(checkouts.couponReservation, 'REDEEMED' satisfies CouponReservation),
          ne(checkouts.id, checkout.id),
        ),
      );
    if (Number(paid?.n ?? 0) >= coupon.perAccountLimit)
      return {
        ok: false,
        refusal: couponGone(code, `You have already used ${code} on this account.`, moneyTaken),
      };
  }
  let displaced: DisplacedCheckout[] = [];
  if (checkout.couponReservation !== 'HELD') {
    const claimed = await claimRedemption(tx, checkout.userId, code, heldBefore);
    if (!claimed.ok)
      return {
        ok: false,
        refusal: couponGone(
          code,
          `${code} was used up while this payment page was open.`,
          moneyTaken,
        ),
      };
    displaced = claimed.displaced;
  }
  await tx
    .update(checkouts)
    .set({ couponReservation: 'REDEEMED' satisfies CouponReservation })
    .where(eq(checkouts.id, checkout.id));
  return { ok: true, displaced };
}

/** Whether the account was deleted (its row anonymised): a payment for it is given back. */
export async function accountDeleted(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ deleted: sql<boolean>`${users.status} = 'DELETED'` })
    .from(users)
    .where(eq(users.id, userId));
  return !row || row.deleted;
}
