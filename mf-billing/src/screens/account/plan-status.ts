import { BILLING_CURRENCY } from '@crease/contract';
import type { PlanEndReason, Subscription } from '@crease/contract';
import { formatMoney } from '../../format/formatters';
import { dateOf } from './account-data';

/** Why a plan ended, as the account screen says it. */
const ENDED_BECAUSE: Record<PlanEndReason, string> = {
  PERIOD_ENDED: 'It ran to the end of the period you paid for.',
  CANCELLED: 'It ended because you cancelled it.',
  RENEWAL_FAILED:
    'It ended because your card was declined on every renewal try. Choose a plan to watch again.',
  PROVIDER_CANCELLED: 'The payment provider ended the subscription.',
  ACCOUNT_DELETED: 'It ended when the account was deleted.',
  REFUNDED: 'It ended when its payment was refunded in full.',
};

/**
 * The plan's state and date in local time: "Renews on …" for a subscription, "Ends on …" for a
 * pass (it never renews), the grace period after a failed renewal, and why a plan ended.
 */
export function statusLine(subscription: Subscription): string {
  const end = dateOf(subscription.periodEnd);
  switch (subscription.state) {
    case 'ACTIVE':
      if (!subscription.renews) return `Ends on ${end}`;
      if (subscription.renewalFailures > 0)
        return `Your renewal payment was declined. We will try your card again on ${dateOf(subscription.nextRenewalAt)}; you can keep watching until ${dateOf(subscription.graceUntil)}.`;
      return `Renews on ${end}`;
    case 'TRIAL':
      return `Trial ends on ${end}`;
    case 'CANCELLED':
      return subscription.entitled
        ? `Cancelled: you can watch until ${end}. It will not renew.`
        : `Ended on ${end}`;
    case 'EXPIRED':
      return `Ended on ${end}`;
    default:
      return 'Choose a plan or start a free trial to watch.';
  }
}

/** A second line when there is more to say: why it ended, or a downgrade waiting. */
export function statusNote(subscription: Subscription): string | null {
  if (subscription.state === 'EXPIRED' && subscription.endedReason)
    return ENDED_BECAUSE[subscription.endedReason];
  const charge =
    subscription.renews && subscription.renewalAmount !== null
      ? formatMoney(subscription.renewalAmount, subscription.currency ?? BILLING_CURRENCY)
      : null;
  if (subscription.pendingPlanName && subscription.renews)
    return `Changes to ${subscription.pendingPlanName} on ${dateOf(subscription.periodEnd)}${charge ? `, for ${charge}` : ''}.`;
  // What the renewal charges, as the API states it (a first-payment coupon is not repeated).
  if (charge && subscription.state === 'ACTIVE' && subscription.renewalFailures === 0)
    return `The renewal charges ${charge} to your saved card.`;
  return null;
}
