/**
 * Billing error codes (docs/billing.md). Payment declines are 402, like the card networks' own answer.
 * The codes are the contract's (@crease/contract); each status and message is part of it too.
 */
import { ApiError, isApiError, registerErrors, plainEntry } from '../platform/errors';
import type { ErrorTable } from '../platform/errors';

export const BILLING_ERRORS = {
  PLAN_NOT_FOUND: plainEntry(404, 'There is no such plan for sale.'),
  PLAN_INACTIVE: plainEntry(409, 'This plan is no longer sold. Please choose another plan.'),
  PRICE_CHANGED: plainEntry(
    409,
    'The price has changed. Please review the new price and try again.',
  ),
  COUPON_NOT_FOUND: plainEntry(404, 'This coupon code is not valid.'),
  COUPON_EXPIRED: plainEntry(410, 'This coupon has expired.'),
  COUPON_NOT_YET_VALID: plainEntry(409, 'This coupon is not valid yet.'),
  COUPON_EXHAUSTED: plainEntry(409, 'This coupon has been used up.'),
  COUPON_NOT_APPLICABLE: plainEntry(422, 'This coupon does not apply to the chosen plan.'),
  COUPON_ALREADY_USED: plainEntry(409, 'You have already used this coupon.'),
  REFUND_EXCEEDS_PAYMENT: plainEntry(
    409,
    'The refund must be more than 0 and at most what is left of the payment.',
  ),
  IDEMPOTENCY_KEY_REQUIRED: plainEntry(
    400,
    'Send an Idempotency-Key header, so that a retried or double-clicked payment is made once.',
  ),
  CHECKOUT_NOT_FOUND: plainEntry(404, 'There is no such checkout.'),
  TRIAL_ALREADY_USED: plainEntry(409, 'This account has already used its free trial.'),
  TRIAL_DEVICE_ALREADY_USED: plainEntry(409, 'This device has already been used for a free trial.'),
  PLAN_ALREADY_ACTIVE: plainEntry(409, 'You already have an active plan.'),
  NO_ACTIVE_SUBSCRIPTION: plainEntry(409, 'You have no active subscription to cancel.'),
  SUBSCRIPTION_ALREADY_CANCELLED: plainEntry(
    409,
    'Your subscription is already cancelled; it stays active until the end of the period.',
  ),
  DEVICE_LIMIT_REACHED: plainEntry(
    409,
    'Your plan allows no more devices. Sign out one of your devices to use this one.',
  ),
  DEVICE_NOT_FOUND: plainEntry(404, 'There is no such device on your account.'),
  DEVICE_NAME_INVALID: plainEntry(
    400,
    'A device name is at most 40 letters, numbers, spaces or signs, on one line.',
  ),
  DEVICE_NOT_REGISTERED: plainEntry(409, 'Register this device first.'),
  PAYMENT_NOT_FOUND: plainEntry(404, 'There is no such payment.'),
  PLAN_DOES_NOT_RENEW: plainEntry(
    409,
    'A pass ends on its own date and never renews, so there is nothing to cancel.',
  ),
  SUBSCRIPTION_NOT_CANCELLED: plainEntry(
    409,
    'There is no cancelled subscription to resume: renewal is already on, or the plan has ended.',
  ),
  SUBSCRIPTION_CHANGED: plainEntry(
    409,
    'The subscription changed since it was read (another agent or a second click). Nothing was changed by this request; read it again.',
  ),
  EXTENSION_NOT_POSSIBLE: plainEntry(
    409,
    'Only a running plan whose period has not ended, and that our own job renews, can be extended.',
  ),
  PLAN_CHANGE_NOT_ALLOWED: plainEntry(
    409,
    'This plan cannot be changed to that one. Plans can be changed between subscriptions while one is running.',
  ),
  PLAN_CHANGE_IN_PROGRESS: plainEntry(
    409,
    'Another change of this plan is being paid right now (another tab or a second click). Nothing was charged for this one; reload your account page to see the result.',
  ),
  PLAN_WOULD_DOWNGRADE: plainEntry(
    409,
    'Buying this plan now would lower the plan you have (fewer screens, or a pass in place of your subscription). Nothing was charged.',
  ),
  WEBHOOK_SIGNATURE_INVALID: plainEntry(
    400,
    'The webhook signature is missing or does not verify.',
  ),
  WEBHOOK_TIMESTAMP_STALE: plainEntry(
    400,
    'The webhook timestamp is outside the tolerance (a replay or a skewed clock).',
  ),
  WEBHOOK_PROVIDER_UNKNOWN: plainEntry(404, 'This API does not take webhooks from that provider.'),
  SESSION_NOT_FOUND: plainEntry(404, 'This payment page has no session. Start the payment again.'),
  SESSION_EXPIRED: plainEntry(410, 'This payment session has expired. Start the payment again.'),
  SESSION_ALREADY_PAID: plainEntry(409, 'This payment has already been made.'),
  SESSION_NOT_AWAITING_CONFIRMATION: plainEntry(
    409,
    'This payment is not waiting for a confirmation.',
  ),
  CARD_NUMBER_INVALID: plainEntry(400, 'The card number is not valid. Check it and try again.'),
  CARD_EXPIRED: plainEntry(400, 'The card has expired. Use another card.'),
  CARD_EXPIRY_INVALID: plainEntry(
    400,
    'The expiry date is not valid. Use the month and year on the card.',
  ),
  CARD_CVC_INVALID: plainEntry(
    400,
    'The security code (CVC) must be the 3 digits on the back of the card.',
  ),
  CARD_DECLINED: plainEntry(402, 'Your card was declined. Try another card.'),
  INSUFFICIENT_FUNDS: plainEntry(402, 'Your card has insufficient funds. Try another card.'),
  AUTHENTICATION_FAILED: plainEntry(
    402,
    'The payment was not confirmed with your bank. Try again or use another card.',
  ),
  VPA_INVALID: plainEntry(
    400,
    'That is not a UPI ID. It looks like name@bank (for example success@razorpay).',
  ),
  UPI_NOT_OFFERED: plainEntry(409, 'UPI is offered for payments in Indian rupees only.'),
  UPI_DECLINED: plainEntry(
    402,
    'Your UPI app or bank declined the payment. Nothing was charged. Try again or pay another way.',
  ),
  SESSION_NOT_AWAITING_UPI: plainEntry(409, 'This payment is not waiting for a UPI app.'),
  MANDATE_INACTIVE: plainEntry(
    402,
    'Your UPI AutoPay mandate is paused or revoked, so nothing was charged. Pay another way.',
  ),
  AUTHENTICATION_REQUIRED: plainEntry(
    402,
    'This payment is over ₹15,000 and needs your approval. Nothing was charged.',
  ),
  MANDATE_CANCEL_TOKEN_INVALID: plainEntry(
    404,
    'This cancel link is not valid. Cancel your plan on your account page instead.',
  ),
  PAYMENT_PROVIDER_UNAVAILABLE: plainEntry(
    503,
    'Our payment provider is not answering right now. You have not been charged. Please try again in a few minutes.',
  ),
  PAYMENT_PROVIDER_ERROR: plainEntry(
    502,
    'We could not start the payment with our payment provider. You have not been charged. Please try again later.',
  ),
  COUPON_UNAVAILABLE: plainEntry(
    409,
    'This coupon can no longer be used for this payment. Nothing was charged.',
  ),
  ACCOUNT_CLOSED: plainEntry(
    409,
    'This account has been deleted, so this payment was not taken. Nothing was charged.',
  ),
  COUPON_REFUNDED: plainEntry(
    409,
    'This coupon could no longer be used for this payment, so it has been refunded in full.',
  ),
  COUPON_NETWORK_LIMIT_REACHED: plainEntry(
    429,
    'Too many checkouts with this coupon have been started from your network. Please try again later, or pay without the coupon.',
  ),
  PASS_NOT_AVAILABLE: plainEntry(409, 'This pass is not sold now. Nothing was charged.'),
  PASS_ALREADY_OWNED: plainEntry(
    409,
    'You already have this pass, so this payment was not taken. Nothing was charged.',
  ),
  TRIAL_NETWORK_LIMIT_REACHED: plainEntry(
    429,
    'Too many free trials have been started from your network today. Please try again tomorrow, or choose a plan.',
  ),
} satisfies ErrorTable;

registerErrors(BILLING_ERRORS);

/** This feature's code throws ApiError from here, so its table is loaded first. */
export { ApiError, isApiError };
