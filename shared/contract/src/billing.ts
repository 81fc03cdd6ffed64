/**
 * The billing API as both sides see it (issue 11): paths, subscription states, the entitlement
 * answer, checkout, the sandbox provider's hosted card page, devices, error codes.
 *
 * The docs/product.md §3 entities (Plan, UserProfile, AccountOverview, Payment, CouponCheck,
 * DeviceRegistration) are spelled once, in wire.ts; this file adds what the spec leaves "not
 * shown" and we designed. Money on the wire is a number in the currency's major unit
 * (`price: 9.99`), always in BILLING_CURRENCY; the API stores whole minor units (cents).
 */
import type { DeviceRegistration, Payment, Plan } from './wire';
import type { PlanEndReason, PlanKind } from './billing-renewals';
import type { RenewalTerms } from './billing-quote';

/** The one currency every price and amount is in (ISO 4217); screens format it with Intl. */
export const BILLING_CURRENCY = 'USD';

/**
 * API paths, relative to the API origin, with `:name` parameters (fill them with `billingPath`).
 * The API registers exactly these; the mf-billing remote calls exactly these.
 */
export const BILLING_PATHS = {
  /** GET: active plans in orderNumber order (public, cacheable: ETag + max-age). */
  plans: 'api/v1/billing/plans',
  /** GET ?code=&planId=: CouponCheck. Rate-limited per account and per address. */
  couponCheck: 'api/v1/billing/coupons/check',
  /** GET ?planId=&couponCode=: PriceQuote, the server's figures for the payment page (397). */
  quote: 'api/v1/billing/quote',
  /** POST CheckoutRequest + Idempotency-Key (required): 201 Checkout. */
  checkouts: 'api/v1/billing/checkouts',
  /** GET: one checkout of the caller (the payment screens poll it with the entitlement). */
  checkout: 'api/v1/billing/checkouts/:checkoutId',
  /** GET: Storefront, the public storefront on / (no auth, ETag + short max-age, no viewer data). */
  storefront: 'api/v1/storefront',
  /** GET: TrialOffer; POST TrialActivationRequest: start the trial (once per account and device). */
  trial: 'api/v1/billing/trial',
  /** GET: WelcomeOffer, the welcome mail's coupon while this account may use it (decision 393). */
  welcomeOffer: 'api/v1/billing/welcome-offer',
  /** GET: the caller's Subscription. */
  subscription: 'api/v1/billing/subscription',
  /**
   * POST: cancel at period end: renewal off, access to periodEnd (a second cancel is 409
   * SUBSCRIPTION_ALREADY_CANCELLED; a pass, which never renews, is 409 PLAN_DOES_NOT_RENEW).
   */
  cancelSubscription: 'api/v1/billing/subscription/cancel',
  /** POST: turn renewal back on before periodEnd (409 SUBSCRIPTION_NOT_CANCELLED otherwise). */
  resumeSubscription: 'api/v1/billing/subscription/resume',
  /**
   * GET ?planId=: PlanChangeQuote. POST PlanChangeRequest + Idempotency-Key: PlanChangeResult.
   * An upgrade is charged now to the saved card, less credit for the unused time; a downgrade
   * starts at the period end (decision 246).
   */
  planChange: 'api/v1/billing/subscription/change',
  /** GET ?page=&pageSize=: PaymentPage, newest first. */
  payments: 'api/v1/billing/payments',
  /** GET: one payment with its receipt details. */
  payment: 'api/v1/billing/payments/:paymentId',
  /** POST RefundRequest (operator token, Idempotency-Key): money back on a payment (351). */
  operatorRefunds: 'api/v1/billing/operator/payments/:paymentId/refunds',
  /**
   * GET ?page=&pageSize=: BillingHistoryPage, newest first: payments, declined and failed
   * attempts with their reason, and refunds (issue 22 §5).
   */
  billingHistory: 'api/v1/billing/history',
  /**
   * POST AccountDeletionRequest {password}: deletes the account (decision 302). 200
   * AccountDeletionResult; every session, device and stream ends; the ledger is kept anonymised.
   */
  accountDeletion: 'api/v1/account/deletion',
  /** GET ?vidictId=: Entitlement, "may this account watch now, on this device, and if not, why". */
  entitlement: 'api/v1/entitlement',
  /** GET: AccountOverview (docs/product.md §3). */
  account: 'api/v1/account',
  /** PATCH AccountSettingsRequest: preferred video quality, email subscription, region. */
  accountSettings: 'api/v1/account/settings',
  /** GET: DeviceList; POST DeviceRegistration (201 new, 200 known; no limit: decision 265). */
  devices: 'api/v1/devices',
  /**
   * DELETE: sign that device out (its sessions end and its streams are refused), 204.
   * PATCH DeviceRename: name it (200 RegisteredDevice, decision 394).
   */
  device: 'api/v1/devices/:vidictId',
  /** POST: the payment provider's signed webhook (raw body); `:provider` is `sandbox` or `stripe`. */
  webhook: 'api/v1/billing/webhooks/:provider',
  /** GET: the sandbox provider's hosted-page view of a session (the /secure-payment screen). */
  sandboxSession: 'api/v1/sandbox-provider/sessions/:sessionId',
  /** POST SandboxCardRequest: the card form's submission. */
  sandboxCard: 'api/v1/sandbox-provider/sessions/:sessionId/card',
  /** POST SandboxConfirmRequest: the 3-D-Secure-style confirmation step. */
  sandboxConfirm: 'api/v1/sandbox-provider/sessions/:sessionId/confirm',
} as const;
export type BillingPathName = keyof typeof BILLING_PATHS;

/** Fills a path's `:name` parameters (URL-encoded): `billingPath('checkout', { checkoutId })`. */
export function billingPath(name: BillingPathName, params: Record<string, string> = {}): string {
  return BILLING_PATHS[name].replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`billingPath(${name}) needs "${key}"`);
    return encodeURIComponent(value);
  });
}

/** Which provider took the money (Payment.paymentSystem, Checkout.paymentSystem). */
export const PAYMENT_SYSTEMS = ['SANDBOX', 'STRIPE'] as const;
export type PaymentSystem = (typeof PAYMENT_SYSTEMS)[number];

/** Plan.status values (Plan.active mirrors ACTIVE). */
export const PLAN_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/**
 * Subscription states and their only transitions (UserProfile.planStatus carries the state):
 *   NONE → TRIAL (trial activation) · NONE | TRIAL | EXPIRED | CANCELLED → ACTIVE (a paid checkout,
 *   confirmed by the provider's webhook) · ACTIVE → ACTIVE (paying again extends the period) ·
 *   ACTIVE → CANCELLED (cancel: still entitled until the period ends) ·
 *   TRIAL | ACTIVE | CANCELLED → EXPIRED (the period ended, on the server's clock).
 */
export const SUBSCRIPTION_STATES = ['NONE', 'TRIAL', 'ACTIVE', 'CANCELLED', 'EXPIRED'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The caller's subscription (GET subscription; inside AccountOverview.statics.subscription). */
export interface Subscription {
  state: SubscriptionState;
  /** null in NONE. */
  planId: string | null;
  planName: string | null;
  /** ISO 8601; null in NONE. */
  periodStart: string | null;
  /** ISO 8601: renewal/end date; access ends here (also after a cancel). */
  periodEnd: string | null;
  /** ISO 8601 when cancelled, else null. */
  cancelledAt: string | null;
  /** PASS or SUBSCRIPTION (Plan.renews), TRIAL; null in NONE. */
  kind: PlanKind | null;
  /** Renewal is on: the saved card is charged at periodEnd (off for a pass and after Cancel). */
  renews: boolean;
  /** ISO 8601: when the next renewal charge is tried (periodEnd, then the retry days). */
  nextRenewalAt: string | null;
  /** Failed renewal charges for this period end (retried after 1, 3 and 5 days). */
  renewalFailures: number;
  /** ISO 8601: after a failed renewal, access continues until here while retries run. */
  graceUntil: string | null;
  /** A downgrade waiting for periodEnd (decision 246). */
  pendingPlanId: string | null;
  pendingPlanName: string | null;
  /** Major units: what the next renewal charges (the list price of the plan it renews to). */
  renewalAmount: number | null;
  /** Why the plan ended (EXPIRED), else null. */
  endedReason: PlanEndReason | null;
  /** Entitled right now (TRIAL, ACTIVE, or CANCELLED before periodEnd). */
  entitled: boolean;
}

/** Trial limits: watching is metered by the server from player heartbeats (docs/architecture.md §8). */
export interface TrialLimits {
  /** Calendar length of the trial. */
  days: number;
  /** Minutes of watching over the whole trial. */
  overallMinutes: number;
  /** Minutes of watching per UTC day. */
  dailyMinutes: number;
}

/** GET trial: what /trial-activation explains, and whether "Start free trial" is offered. */
/**
 * The welcome coupon (WELCOME20 as seeded), offered to an account that has never paid: in the
 * welcome mail and on /plans. `coupon` is null when there is nothing to offer (the account has
 * paid, or used it, or the coupon is not on sale).
 */
export interface WelcomeOffer {
  coupon: { code: string; percentage: number } | null;
}

export interface TrialOffer {
  planId: string;
  limits: TrialLimits;
  /**
   * false after the account (or this device, when vidictId is given) has had its trial, or while
   * the caller's network has spent its trials for the day: read before the click, so a "Start
   * free trial" button is shown only when pressing it can work (issue 23 §3).
   */
  available: boolean;
  /** Why not, when not available. */
  reason: TrialUnavailableReason | null;
}

export const TRIAL_UNAVAILABLE_REASONS = [
  'TRIAL_ALREADY_USED',
  'TRIAL_DEVICE_ALREADY_USED',
  'PLAN_ALREADY_ACTIVE',
  'TRIAL_NETWORK_LIMIT_REACHED',
] as const;
export type TrialUnavailableReason = (typeof TRIAL_UNAVAILABLE_REASONS)[number];

/** GET storefront: what a signed-out visitor may read on / (public, cacheable, no viewer data). */
export interface Storefront {
  /** Matches live now, soonest start first (at most STOREFRONT_MATCH_LIMIT). */
  live: StorefrontMatch[];
  /** The next scheduled fixtures, soonest first (at most STOREFRONT_MATCH_LIMIT). */
  upcoming: StorefrontMatch[];
  /** The plans on sale (active, not the trial), in orderNumber order. */
  plans: Plan[];
  /** The free trial's terms, or null when none is offered. */
  trial: TrialLimits | null;
}

export interface StorefrontMatch {
  eventId: string;
  title: string;
  /** The league's caption ("Premier Cricket League"). */
  league: string;
  /** The two teams' names. */
  teams: [string, string];
  /** UTC ISO: shown in the visitor's local time. */
  startTime: string;
}

export const STOREFRONT_MATCH_LIMIT = 4;
/** Browsers and CDNs may reuse the storefront this long: live-now changes within a minute. */
export const STOREFRONT_MAX_AGE_SECONDS = 15;
export const STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS = 30;

export interface TrialActivationRequest {
  /** The browser's device id (platform.device.vidictId): one trial per device. */
  vidictId: string;
}

/** Why the entitlement is what it is. The first three mean "may watch". */
export const ENTITLEMENT_REASONS = [
  'ACTIVE_PLAN',
  'TRIAL',
  'CANCELLED_UNTIL_PERIOD_END',
  'NO_PLAN',
  'PLAN_EXPIRED',
  'TRIAL_EXPIRED',
  'TRIAL_TIME_USED',
  'TRIAL_DAILY_TIME_USED',
  'DEVICE_NOT_REGISTERED',
  'ACCOUNT_INACTIVE',
] as const;
export type EntitlementReason = (typeof ENTITLEMENT_REASONS)[number];

/**
 * The one server-side answer every screen and the stream origin share (docs/architecture.md §8):
 * may this account watch now, on this device, and if not, why. The browser polls it after a
 * checkout until `entitled` (or the checkout fails).
 */
export interface Entitlement {
  entitled: boolean;
  reason: EntitlementReason;
  state: SubscriptionState;
  planId: string | null;
  /** ISO 8601: when access ends, if it does. */
  periodEnd: string | null;
  /** Seconds of trial watching left, overall and today (null outside a trial). */
  trialSecondsLeft: number | null;
  trialTodaySecondsLeft: number | null;
  /** The device asked about (null when the request named none). */
  vidictId: string | null;
  deviceRegistered: boolean | null;
  /** ISO 8601: the server's clock when it answered. */
  checkedAt: string;
}

/** POST checkouts. The price is always computed by the API; `expectedAmount` only guards it. */
export interface CheckoutRequest {
  planId: string;
  couponCode?: string;
  /**
   * The amount the screen showed (major units). If the API computes another amount the checkout
   * is refused with 409 PRICE_CHANGED, so a viewer never pays what they did not see.
   */
  expectedAmount?: number;
}

/**
 * Checkout states. Only the provider's webhook moves a checkout to PAID or FAILED; the browser
 * never does. FAILED can still turn PAID (the viewer tries another card on the same session).
 */
export const CHECKOUT_STATUSES = ['OPEN', 'PAID', 'FAILED', 'EXPIRED'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Why a payment failed (Checkout.failureCode), from the provider. */
export const PAYMENT_FAILURE_CODES = [
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'AUTHENTICATION_FAILED',
  'SESSION_EXPIRED',
  /** Refused before any charge: the coupon was used up, or already used by the account (395). */
  'COUPON_UNAVAILABLE',
  /** Refused before any charge: the account was deleted (395). */
  'ACCOUNT_CLOSED',
  /**
   * The coupon was used up, or already used by the account, when a provider that charges
   * without asking (Stripe Checkout) took the money: it was refunded in full (392).
   */
  'COUPON_REFUNDED',
] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];

/**
 * Where a checkout stands with its coupon's redemption (decision 166). An account holds at most
 * one open reservation per coupon: a new checkout with the same code takes it over.
 * HELD: this checkout holds it. TAKEN_OVER: a newer checkout of the account took it. RELEASED:
 * given back (the session expired). REDEEMED: paid with it.
 */
export const COUPON_RESERVATIONS = ['HELD', 'TAKEN_OVER', 'RELEASED', 'REDEEMED'] as const;
export type CouponReservation = (typeof COUPON_RESERVATIONS)[number];

export interface Checkout {
  checkoutId: string;
  status: CheckoutStatus;
  planId: string;
  planName: string;
  /** Major units, after the coupon. */
  amount: number;
  /** Before the coupon. */
  listPrice: number;
  currency: string;
  couponCode: string | null;
  percentage: number;
  /** null without a coupon. */
  couponReservation: CouponReservation | null;
  paymentSystem: PaymentSystem;
  /** The provider's session id (the sandbox's `/secure-payment?session=` parameter). */
  sessionId: string;
  /**
   * Where the browser goes to pay: for the sandbox, the site's `/secure-payment?session=…`; for
   * Stripe, Stripe Checkout's hosted page.
   */
  redirectUrl: string;
  failureCode: PaymentFailureCode | null;
  failureMessage: string | null;
  /** ISO 8601. */
  created: string;
  expiresAt: string;
  /** The ledger entry, once PAID. */
  paymentId: string | null;
  /** What renews after this payment, and when (null for a pass); decision 397. */
  renewal: RenewalTerms | null;
}

export interface PaymentPage {
  payments: Payment[];
  page: number;
  pageSize: number;
  total: number;
}

/** One payment with what a printable receipt needs. */
export interface PaymentReceipt extends Payment {
  planId: string;
  currency: string;
  listPrice: number;
  couponCode: string | null;
  percentage: number;
  /** null for a renewal or an upgrade charged to the saved card. */
  checkoutId: string | null;
  /** RENEWAL, UPGRADE or CHECKOUT. */
  kind: 'CHECKOUT' | 'RENEWAL' | 'UPGRADE';
  /** Credit for the unused time of the previous plan, taken off an upgrade (major units). */
  credit: number;
  /** The provider's payment reference. */
  providerReference: string;
  email: string;
  /** Added (issue 22 §5, decisions 300, 301): the invoice's seller and the tax included. */
  seller: InvoiceSeller;
  /** Net and tax in major units; null for a payment made before tax was itemised. */
  net: number | null;
  tax: number | null;
  taxRatePercent: number | null;
  /** The profile's region whose rate applied (GLOBAL's rate for a region not in the table). */
  taxRegion: string | null;
  /** Money given back on this payment, newest last. */
  refunds: ReceiptRefund[];
  /**
   * What this payment renews into, as agreed when it was made (issue 31 §10): the plan's list
   * price (a coupon is for the first payment only), charged at the end of the period it paid for
   * unless the viewer cancels. null for a pass, and for a payment refunded in full.
   */
  renewal: RenewalTerms | null;
}

export interface InvoiceSeller {
  name: string;
  address: string;
  taxId: string;
}

export interface ReceiptRefund {
  amount: number;
  /** ISO 8601. */
  refunded: string;
}

/**
 * A row of the payment history: a payment (with its receipt), a charge that took no money
 * (DECLINED: the card said no; FAILED: any other reason, such as the bank's confirmation not
 * given), or a refund.
 */
export const HISTORY_ENTRY_TYPES = ['PAYMENT', 'DECLINED', 'FAILED', 'REFUND'] as const;
export type HistoryEntryType = (typeof HISTORY_ENTRY_TYPES)[number];

/** The failure codes that mean the card itself was refused (HistoryEntryType DECLINED). */
export const DECLINE_CODES: readonly string[] = ['CARD_DECLINED', 'INSUFFICIENT_FUNDS'];

export interface BillingHistoryEntry {
  entryId: string;
  type: HistoryEntryType;
  /** ISO 8601. */
  at: string;
  plan: string;
  /** Major units: charged, tried, or given back. */
  amount: number;
  currency: string;
  paymentSystem: string;
  /** CHECKOUT, RENEWAL or UPGRADE; null for a refund. */
  kind: PaymentReceipt['kind'] | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The payment (its receipt) this row is or refunds; null for an attempt. */
  paymentId: string | null;
  invoiceNumber: string | null;
  /** Why an attempt took no money (PaymentFailureCode) and the provider's words. */
  failureCode: string | null;
  failureMessage: string | null;
}

export interface BillingHistoryPage {
  entries: BillingHistoryEntry[];
  page: number;
  pageSize: number;
  total: number;
}

export interface AccountDeletionRequest {
  /** The current password: deleting needs the owner, not just an open tab. */
  password: string;
}

export interface AccountDeletionResult {
  deleted: true;
  /** ISO 8601. */
  deletedAt: string;
}

/** UserProfile.videoQuality values (the preferred quality; the player may go lower). */
export const VIDEO_QUALITIES = ['AUTO', 'SD', 'HD', 'FULL_HD'] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

/** An operator's refund: `amount` in major units; without it, all that is left (decision 351). */
export interface RefundRequest {
  amount?: number;
}

/** Asked of the provider; the ledger records it when the provider's webhook reports it. */
export interface RefundAccepted {
  paymentId: string;
  refundId: string;
  amount: number;
}

export interface AccountSettingsRequest {
  videoQuality?: VideoQuality;
  emailSubscribe?: boolean;
  /** The profile's region: `GLOBAL` or an ISO 3166-1 alpha-2 code (decision 350). */
  region?: string;
}

/** A registered device as the account screen lists it. */
export interface RegisteredDevice extends DeviceRegistration {
  /** ISO 8601. */
  registered: string;
  lastSeen: string;
  /** The viewer's own name for it; null: called by its browser and system (decision 394). */
  name: string | null;
  /** Where it last opened Crease, approximately: "203.0.113.x" (never the whole address). */
  lastNetwork: string | null;
}

/** PATCH devices/:vidictId: rename it; null (or only spaces) gives back the browser's name. */
export interface DeviceRename {
  name: string | null;
}

/** A device's own name is at most this long (after trimming). */
export const DEVICE_NAME_MAX = 40;

export interface DeviceList {
  devices: RegisteredDevice[];
  /** The plan's screens at a time (devices playing at once), not a cap on devices. */
  maxDevices: number;
}

/** The error shape plus devices: StreamLimitError's (registration no longer sends it, 265). */
export interface DeviceLimitError {
  code: 'DEVICE_LIMIT_REACHED';
  userId: string | null;
  message: string;
  timeStamp: string;
  maxDevices: number;
  devices: RegisteredDevice[];
}

/** AccountOverview.statics: what /account needs beyond the spec's named fields. */
export interface AccountStatics {
  subscription: Subscription;
  trial: TrialLimits;
  emailSubscribe: boolean;
  videoQualities: readonly VideoQuality[];
  devices: RegisteredDevice[];
  maxDevices: number;
  currency: string;
}

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
  /** Too many free trials started from one network address today (decision 106): 429. */
  'TRIAL_NETWORK_LIMIT_REACHED',
] as const;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];
