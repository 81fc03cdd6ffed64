/** The billing API's error codes (the `code` of the spec's error shape), one list. */

/** Stable error codes of the billing API (the `code` of the spec's error shape). */
export const BILLING_ERROR_CODES = [
  /** No such plan (or it is not for sale: the trial plan is taken with trial activation). */
  'PLAN_NOT_FOUND',
  'PLAN_INACTIVE',
  /** The amount the screen showed is not what the API computes (a changed or tampered price). */
  'PRICE_CHANGED',
  'COUPON_NOT_FOUND',
  'COUPON_EXPIRED',
  'COUPON_NOT_YET_VALID',
  'COUPON_EXHAUSTED',
  'COUPON_NOT_APPLICABLE',
  /** The account has used the coupon as often as the coupon allows one account (decision 167). */
  'COUPON_ALREADY_USED',
  /** Checkout needs an Idempotency-Key, so a double click cannot pay twice. */
  'IDEMPOTENCY_KEY_REQUIRED',
  'CHECKOUT_NOT_FOUND',
  'TRIAL_ALREADY_USED',
  'TRIAL_DEVICE_ALREADY_USED',
  'PLAN_ALREADY_ACTIVE',
  'NO_ACTIVE_SUBSCRIPTION',
  'SUBSCRIPTION_ALREADY_CANCELLED',
  'DEVICE_LIMIT_REACHED', // kept for old clients, no longer sent (decision 265)
  'DEVICE_NOT_FOUND',
  /** A device name longer than DEVICE_NAME_MAX or with control characters (394): 400. */
  'DEVICE_NAME_INVALID',
  'DEVICE_NOT_REGISTERED',
  'PAYMENT_NOT_FOUND',
  /** An operator's refund of more than is left of the payment, or of nothing (decision 351). */
  'REFUND_EXCEEDS_PAYMENT',
  /** Cancel of a pass: it ends on its own date and never renews. */
  'PLAN_DOES_NOT_RENEW',
  /** Resume of a subscription that is not cancelled (or whose period already ended). */
  'SUBSCRIPTION_NOT_CANCELLED',
  /** Support's goodwill extension: the subscription changed since the agent read it (414). */
  'SUBSCRIPTION_CHANGED',
  /** Support's goodwill extension of a plan that is not running, or one Stripe renews (414). */
  'EXTENSION_NOT_POSSIBLE',
  /** A plan change the current plan does not allow (not a running subscription, same plan, a pass). */
  'PLAN_CHANGE_NOT_ALLOWED',
  /** Another upgrade of this subscription is being charged; this one charged nothing (390). */
  'PLAN_CHANGE_IN_PROGRESS',
  /** A plan that would lower the running one (fewer screens, a pass on a subscription) (391). */
  'PLAN_WOULD_DOWNGRADE',
  /** Webhooks: a signature that does not verify, or none. */
  'WEBHOOK_SIGNATURE_INVALID',
  /** Webhooks: the signed timestamp is outside the tolerance (a replay). */
  'WEBHOOK_TIMESTAMP_STALE',
  'WEBHOOK_PROVIDER_UNKNOWN',
  /** Sandbox card page. */
  'SESSION_NOT_FOUND',
  'SESSION_EXPIRED',
  'SESSION_ALREADY_PAID',
  'SESSION_NOT_AWAITING_CONFIRMATION',
  'CARD_NUMBER_INVALID',
  'CARD_EXPIRED',
  'CARD_EXPIRY_INVALID',
  'CARD_CVC_INVALID',
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'AUTHENTICATION_FAILED',
  /** Sandbox UPI page (issue 34 §2). */
  'VPA_INVALID',
  'UPI_NOT_OFFERED',
  'UPI_DECLINED',
  'SESSION_NOT_AWAITING_UPI',
  'MANDATE_INACTIVE',
  'AUTHENTICATION_REQUIRED',
  /** The pre-debit notice's cancel link: unknown or already used token. */
  'MANDATE_CANCEL_TOKEN_INVALID',
  'COUPON_UNAVAILABLE',
  'ACCOUNT_CLOSED',
  'COUPON_REFUNDED',
  /** Too many checkouts with a limited coupon from one network this hour (decision 396): 429. */
  'COUPON_NETWORK_LIMIT_REACHED',
  /**
   * The payment provider did not answer, or answered with its own failure (an outage, a timeout,
   * its rate limit): 503 with Retry-After. Nothing was created and nothing charged; the same
   * Idempotency-Key may be retried.
   */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  /** The provider refused our request (its configuration on our side): 502. Nothing charged. */
  'PAYMENT_PROVIDER_ERROR',
  /** Issue 34 §3: a pass not sold (PassUnavailableReason in `reason`): 409, nothing charged. */
  'PASS_NOT_AVAILABLE',
  /** The same pass paid twice at once: the second is refused before any charge (455). */
  'PASS_ALREADY_OWNED',
  /** Too many free trials started from one network address today (decision 106): 429. */
  'TRIAL_NETWORK_LIMIT_REACHED',
] as const;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];
