import { BILLING_CURRENCY } from '@crease/contract';
import type { Subscription } from '@crease/contract';
import { dateOf } from './account-data';
import type { AccountWords } from './account-data';

/**
 * The plan's state and date in local time: "Renews on …" for a subscription, "Ends on …" for a
 * pass (it never renews), the grace period after a failed renewal, and why a plan ended.
 */
export function statusLine(subscription: Subscription, words: AccountWords): string {
  const { t } = words;
  const end = dateOf(subscription.periodEnd, words) ?? '';
  switch (subscription.state) {
    case 'ACTIVE':
      if (!subscription.renews) return t('account.endsOn', { end });
      if (subscription.renewalFailures > 0)
        return t('account.renewalDeclined', {
          retry: dateOf(subscription.nextRenewalAt, words) ?? '',
          grace: dateOf(subscription.graceUntil, words) ?? '',
        });
      return t('account.renewsOn', { end });
    case 'TRIAL':
      return t('account.trialEndsOn', { end });
    case 'CANCELLED':
      return subscription.entitled
        ? t('account.cancelledUntil', { end })
        : t('account.endedOn', { end });
    case 'EXPIRED':
      return t('account.endedOn', { end });
    default:
      return t('account.noPlanYet');
  }
}

/** A second line when there is more to say: why it ended, or a downgrade waiting. */
export function statusNote(subscription: Subscription, words: AccountWords): string | null {
  const { t } = words;
  if (subscription.state === 'EXPIRED' && subscription.endedReason)
    return t(`account.ended.${subscription.endedReason}`);
  const charge =
    subscription.renews && subscription.renewalAmount !== null
      ? words.money(subscription.renewalAmount, subscription.currency ?? BILLING_CURRENCY)
      : null;
  if (subscription.pendingPlanName && subscription.renews) {
    const values = {
      plan: subscription.pendingPlanName,
      date: dateOf(subscription.periodEnd, words) ?? '',
    };
    return charge
      ? t('account.changesToFor', { ...values, charge })
      : t('account.changesTo', values);
  }
  // What the renewal charges, as the API states it (a first-payment coupon is not repeated).
  if (charge && subscription.state === 'ACTIVE' && subscription.renewalFailures === 0)
    return t('account.renewalCharges', { charge });
  return null;
}
