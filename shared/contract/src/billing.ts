/**
 * The billing API as both sides see it (issue 11): paths, subscription states, the entitlement
 * answer, checkout, the sandbox provider's hosted card page, devices, error codes.
 *
 * The docs/product.md §3 entities (Plan, UserProfile, AccountOverview, Payment, CouponCheck,
 * DeviceRegistration) are spelled once, in wire.ts; this file adds what the spec leaves "not
 * shown" and we designed. Money on the wire is a number in the currency's major unit
 * (`price: 9.99`) in the currency named beside it (BILLING_CURRENCY when none is: decision 421);
 * the API stores whole minor units.
 */
import type { Static } from 'typebox';
import type {
  AccountDeletionRequestSchema,
  AccountDeletionResultSchema,
  AccountSettingsSchema,
  AccountStaticsSchema,
  CheckoutSchema,
  EntitlementSchema,
  SubscriptionSchema,
  TrialLimitsSchema,
  WelcomeOfferSchema,
} from './billing-schemas';

/** The currency of an amount that names none (an older API); screens format with Intl. */
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
  /** POST SandboxUpiRequest: a UPI collect request to a VPA (INR sessions only, issue 34 §2). */
  sandboxUpi: 'api/v1/sandbox-provider/sessions/:sessionId/upi',
  /** POST: gives up a UPI request still waiting for an answer, to pay another way. */
  sandboxUpiCancel: 'api/v1/sandbox-provider/sessions/:sessionId/upi/cancel',
  /**
   * POST MandateCancelRequest {token}: the pre-debit notice's one-click cancel (decision 462):
   * revokes the UPI AutoPay mandate and turns renewal off. No sign-in: the mailed token is the
   * capability. 200 MandateCancelResult.
   */
  mandateCancel: 'api/v1/billing/mandate-cancel',
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
export const PAYMENT_SYSTEMS = ['SANDBOX', 'STRIPE', 'RAZORPAY'] as const;
export type PaymentSystem = (typeof PAYMENT_SYSTEMS)[number];

/**
 * A UPI AutoPay mandate's state at the provider (issue 34 §2): only an ACTIVE one is ever
 * debited; PAUSED can come back, REVOKED never does.
 */
export const MANDATE_STATES = ['ACTIVE', 'PAUSED', 'REVOKED'] as const;
export type MandateState = (typeof MANDATE_STATES)[number];

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
export type Subscription = Static<typeof SubscriptionSchema>;

/** Trial limits: watching is metered by the server from player heartbeats (docs/architecture.md §8). */
export type TrialLimits = Static<typeof TrialLimitsSchema>;

/** GET trial: what /trial-activation explains, and whether "Start free trial" is offered. */
/**
 * The welcome coupon (WELCOME20 as seeded), offered to an account that has never paid: in the
 * welcome mail and on /plans. `coupon` is null when there is nothing to offer (the account has
 * paid, or used it, or the coupon is not on sale).
 */
export type WelcomeOffer = Static<typeof WelcomeOfferSchema>;

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

// The storefront's shapes live in billing-storefront.ts (this file stays under 400 lines).
export type { Storefront, StorefrontMatch, TeamCrest } from './billing-storefront';
export {
  STOREFRONT_MATCH_LIMIT,
  STOREFRONT_MAX_AGE_SECONDS,
  STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS,
} from './billing-storefront';

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
  /** Issue 34 §3: no plan, but a pass for this match, or for its league's season (453). */
  'MATCH_PASS',
  'SEASON_PASS',
] as const;
export type EntitlementReason = (typeof ENTITLEMENT_REASONS)[number];

/**
 * The one server-side answer every screen and the stream origin share (docs/architecture.md §8):
 * may this account watch now, on this device, and if not, why. The browser polls it after a
 * checkout until `entitled` (or the checkout fails).
 */
export type Entitlement = Static<typeof EntitlementSchema>;

/** POST checkouts. The price is always computed by the API; `expectedAmount` only guards it. */
export interface CheckoutRequest {
  planId: string;
  couponCode?: string;
  /**
   * The amount the screen showed (major units). If the API computes another amount the checkout
   * is refused with 409 PRICE_CHANGED, so a viewer never pays what they did not see.
   */
  expectedAmount?: number;
  /** Added (issue 34 §1): the currency shown; another is 409 PRICE_CHANGED (decision 421). */
  currency?: string;
  /** The browser's region guess (guessRegion), for a profile with no region. */
  regionGuess?: string;
  /** Issue 34 §3: the match a match pass is for (planId PASS_PLAN_IDS.MATCH; decision 452). */
  eventId?: string;
  /** Issue 34 §3: the league a season pass is for (planId PASS_PLAN_IDS.SEASON). */
  leagueId?: string;
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
  /** Refused before any charge (or refunded): the viewer already has this pass (455). */
  'PASS_ALREADY_OWNED',
  /** The UPI app or bank refused the collect request or the mandate (issue 34 §2). */
  'UPI_DECLINED',
  /**
   * A renewal on a UPI AutoPay mandate that is paused or revoked at the provider: nothing was
   * charged, the mandate's state was checked first (decision 462).
   */
  'MANDATE_INACTIVE',
  /**
   * A mandate renewal over ₹15,000: the RBI asks for fresh authentication, so it is never
   * debited silently; the viewer approves it by paying again (decision 463).
   */
  'AUTHENTICATION_REQUIRED',
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

export type Checkout = Static<typeof CheckoutSchema>;

export type AccountDeletionRequest = Static<typeof AccountDeletionRequestSchema>;

export type AccountDeletionResult = Static<typeof AccountDeletionResultSchema>;

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

/** What PATCH accountSettings answers: the settings as saved. */
export type AccountSettings = Static<typeof AccountSettingsSchema>;

/** AccountOverview.statics: what /account needs beyond the spec's named fields. */
export type AccountStatics = Static<typeof AccountStaticsSchema>;

export * from './billing-devices';
export * from './billing-ledger';
export * from './billing-errors';
