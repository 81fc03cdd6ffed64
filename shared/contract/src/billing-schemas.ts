/**
 * TypeBox schemas of the billing API's wire shapes: the one spelling of each (issue 35 §2). The
 * contract's billing types are their `Static` (billing.ts, billing-ledger.ts, billing-quote.ts…),
 * the API validates and documents with them, and the apps import only the types, so no schema
 * code reaches a browser bundle. Re-exported by wire-schemas.ts (`@crease/contract/schemas`).
 */
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import {
  CHECKOUT_STATUSES,
  COUPON_RESERVATIONS,
  ENTITLEMENT_REASONS,
  PAYMENT_FAILURE_CODES,
  PAYMENT_SYSTEMS,
  SUBSCRIPTION_STATES,
  VIDEO_QUALITIES,
} from './billing';
import { HISTORY_ENTRY_TYPES } from './billing-ledger';
import { PASS_SCOPES } from './billing-passes';
import { PLAN_END_REASONS, PLAN_KINDS } from './billing-renewals';
import { DEVICE_OS_VALUES, DEVICE_TYPE_VALUES } from './device';
import { ErrorResponseSchema, UserProfileSchema } from './wire-base-schemas';

/**
 * A string enum as JSON Schema `enum` (a bad value's 400 lists the allowed ones), typed as the
 * union of its values: the catalog's StringEnum.
 */
export const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** ISO 8601. */
const isoDate = Type.String({ format: 'date-time' });
const money = (description: string) => Type.Number({ description });

/** The GST in a price, for India (decision 422). */
export const TaxBreakdownSchema = Type.Object({
  /** "GST". */
  label: Type.String(),
  ratePercent: Type.Number(),
  net: money('Major units.'),
  tax: money('Major units.'),
});

/** docs/product.md §3 Plan. */
export const PlanSchema = Type.Object({
  planId: Type.String(),
  planName: Type.String(),
  description: Type.String(),
  maxDevices: Type.Integer(),
  duration: Type.Integer({ description: 'Days.' }),
  orderNumber: Type.Integer(),
  price: money('Major units of `currency`, e.g. 9.99.'),
  active: Type.Boolean(),
  status: Type.String({ description: 'ACTIVE or INACTIVE.' }),
  trial: Type.Boolean({ description: 'The free-trial plan (taken with trial activation).' }),
  /**
   * true: a subscription that renews at each period end until cancelled (Monthly, Annual);
   * false: a pass, paid once for its whole duration, never renews (Match Pass, Season), and the
   * free trial (issue 22 §1).
   */
  renews: Type.Boolean({
    description:
      'A subscription that renews at the period end until cancelled (true) or a pass that ends (false).',
  }),
  created: isoDate,
  updated: isoDate,
  /**
   * Added (issue 34 §1, decision 421): `price` is in this currency, the one of the viewer's
   * region (absent from an older API: BILLING_CURRENCY).
   */
  currency: Type.Optional(Type.String({ description: "The viewer's region's currency (421)." })),
  /** The region the price is for: the profile's, else the visitor's guessed one, else GLOBAL. */
  region: Type.Optional(Type.String({ description: 'The region the price is for.' })),
  /** The GST in the price, for India (decision 422); null elsewhere. */
  taxBreakdown: Type.Optional(nullable(TaxBreakdownSchema)),
});

/** docs/product.md §3 Payment. */
export const PaymentSchema = Type.Object({
  paymentId: Type.String(),
  plan: Type.String({ description: 'The plan name at the time of payment.' }),
  planEndDate: isoDate,
  amount: money('Major units.'),
  paymentSystem: Type.String({ description: 'SANDBOX, STRIPE or RAZORPAY.' }),
  /** Epoch seconds; shown as a local date. */
  paymentDate: Type.Integer({ description: 'Epoch seconds (docs/product.md §3).' }),
  /** Added (issue 22 §5): the invoice (`CRS-000042`) and the card charged (`visa`, `4242`). */
  invoiceNumber: Type.Optional(
    nullable(Type.String({ description: 'CRS-000042 (decision 300).' })),
  ),
  cardBrand: Type.Optional(nullable(Type.String({ description: "Stripe's brand code: visa…" }))),
  cardLast4: Type.Optional(nullable(Type.String())),
});

export const PaymentPageSchema = Type.Object({
  payments: Type.Array(PaymentSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});

/**
 * The welcome coupon (WELCOME20 as seeded), offered to an account that has never paid: in the
 * welcome mail and on /plans. `coupon` is null when there is nothing to offer.
 */
export const WelcomeOfferSchema = Type.Object({
  coupon: nullable(Type.Object({ code: Type.String(), percentage: Type.Integer() })),
});

/** A subscription's renewal: the list price, charged to the saved card on `at`. */
export const RenewalTermsSchema = Type.Object({
  /** Major units: what each renewal charges (a coupon is for the first payment only). */
  amount: Type.Number(),
  currency: Type.String(),
  /** When the first renewal is charged if the viewer pays now (or, once paid, when it is). */
  at: isoDate,
  /** Renewals follow every this many days until cancelled. */
  everyDays: Type.Integer(),
});

const PAYMENT_KINDS = ['CHECKOUT', 'RENEWAL', 'UPGRADE'] as const;

export const InvoiceSellerSchema = Type.Object({
  name: Type.String(),
  address: Type.String(),
  taxId: Type.String(),
  /** The seller's GST registration, on a GST invoice only (decision 422). */
  gstin: Type.Optional(nullable(Type.String())),
});

export const ReceiptRefundSchema = Type.Object({
  amount: money('Major units.'),
  refunded: isoDate,
});

/** One payment with what a printable receipt needs. */
export const PaymentReceiptSchema = Type.Object({
  ...PaymentSchema.properties,
  planId: Type.String(),
  currency: Type.String(),
  listPrice: Type.Number(),
  couponCode: nullable(Type.String()),
  percentage: Type.Integer(),
  /** null for a renewal or an upgrade charged to the saved card. */
  checkoutId: nullable(Type.String()),
  kind: StringEnum(PAYMENT_KINDS),
  /** Credit for the unused time of the previous plan, taken off an upgrade (major units). */
  credit: money('Credit for the unused time of the previous plan (an upgrade), major units.'),
  /** The provider's payment reference. */
  providerReference: Type.String(),
  email: Type.String(),
  /** Added (issue 22 §5, decisions 300, 301): the invoice's seller and the tax included. */
  seller: InvoiceSellerSchema,
  /** Net and tax in major units; null for a payment made before tax was itemised. */
  net: nullable(money('Net of tax, major units; null before tax was itemised.')),
  tax: nullable(money('Tax included in the amount, major units.')),
  taxRatePercent: nullable(Type.Number()),
  /** The profile's region whose rate applied (GLOBAL's rate for a region not in the table). */
  taxRegion: nullable(Type.String()),
  /** Money given back on this payment, newest last. */
  refunds: Type.Array(ReceiptRefundSchema),
  /**
   * What this payment renews into, as agreed when it was made: the plan's list price, charged at
   * the end of the period it paid for unless the viewer cancels. null for a pass, and for a
   * payment refunded in full.
   */
  renewal: nullable(RenewalTermsSchema),
  /**
   * Added (issue 34 §1, decision 422): for a GST invoice (region IN), the place of supply
   * ("India (IN)"); null for any other invoice. The seller then carries its GSTIN.
   */
  placeOfSupply: Type.Optional(nullable(Type.String())),
});

/** A row of the payment history: a payment, a charge that took no money, or a refund. */
export const BillingHistoryEntrySchema = Type.Object({
  entryId: Type.String(),
  type: StringEnum(HISTORY_ENTRY_TYPES),
  at: isoDate,
  plan: Type.String(),
  /** Major units: charged, tried, or given back. */
  amount: money('Charged, tried or given back, major units.'),
  currency: Type.String(),
  paymentSystem: Type.String(),
  /** CHECKOUT, RENEWAL or UPGRADE; null for a refund. */
  kind: nullable(StringEnum(PAYMENT_KINDS)),
  cardBrand: nullable(Type.String()),
  cardLast4: nullable(Type.String()),
  /** The payment (its receipt) this row is or refunds; null for an attempt. */
  paymentId: nullable(Type.String()),
  invoiceNumber: nullable(Type.String()),
  /** Why an attempt took no money (PaymentFailureCode) and the provider's words. */
  failureCode: nullable(Type.String()),
  failureMessage: nullable(Type.String()),
});

export const BillingHistoryPageSchema = Type.Object({
  entries: Type.Array(BillingHistoryEntrySchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});

/** The current password: deleting needs the owner, not just an open tab. */
export const AccountDeletionRequestSchema = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false },
);

export const AccountDeletionResultSchema = Type.Object({
  deleted: Type.Literal(true),
  deletedAt: isoDate,
});

/** PriceQuote (decision 397): the server's figures; screens show them and compute none. */
export const PriceQuoteSchema = Type.Object({
  planId: Type.String(),
  planName: Type.String(),
  /** Major units, before the coupon. */
  listPrice: Type.Number(),
  /** Major units: the total today, what the checkout will charge (send it as expectedAmount). */
  amount: Type.Number(),
  /** Major units: what the coupon takes off (listPrice − amount, from the server's cents). */
  discount: Type.Number(),
  currency: Type.String(),
  couponCode: nullable(Type.String()),
  percentage: Type.Integer(),
  /** null for a pass, which is paid once. */
  renewal: nullable(RenewalTermsSchema),
  /** Added (issue 34 §1): the region whose currency this is (decision 421). */
  region: Type.Optional(Type.String()),
  /** The GST in `amount`, for India (decision 422); null elsewhere. */
  taxBreakdown: Type.Optional(nullable(TaxBreakdownSchema)),
});

/** docs/product.md §3 CouponCheck. */
export const CouponCheckSchema = Type.Object({
  valid: Type.Boolean(),
  couponCode: Type.String(),
  percentage: Type.Integer(),
  /** The plan's price with the coupon, as the API computed it (decision 397). */
  quote: PriceQuoteSchema,
});

/** The caller's subscription (GET subscription; inside AccountOverview.statics.subscription). */
export const SubscriptionSchema = Type.Object({
  state: StringEnum(SUBSCRIPTION_STATES),
  /** null in NONE. */
  planId: nullable(Type.String()),
  planName: nullable(Type.String()),
  /** null in NONE. */
  periodStart: nullable(isoDate),
  /** Renewal/end date; access ends here (also after a cancel). */
  periodEnd: nullable(isoDate),
  /** When cancelled, else null. */
  cancelledAt: nullable(isoDate),
  /** Entitled right now (TRIAL, ACTIVE, or CANCELLED before periodEnd). */
  entitled: Type.Boolean(),
  /** PASS or SUBSCRIPTION (Plan.renews), TRIAL; null in NONE. */
  kind: nullable(StringEnum(PLAN_KINDS)),
  /** Renewal is on: the saved card is charged at periodEnd (off for a pass and after Cancel). */
  renews: Type.Boolean({ description: 'Renewal is on: the saved card is charged at periodEnd.' }),
  /** When the next renewal charge is tried (periodEnd, then the retry days). */
  nextRenewalAt: nullable(isoDate),
  /** Failed renewal charges for this period end (retried after 1, 3 and 5 days). */
  renewalFailures: Type.Integer(),
  /** After a failed renewal, access continues until here while retries run. */
  graceUntil: nullable(isoDate),
  /** A downgrade waiting for periodEnd (decision 246). */
  pendingPlanId: nullable(Type.String()),
  pendingPlanName: nullable(Type.String()),
  /** Major units: what the next renewal charges (the list price of the plan it renews to). */
  renewalAmount: nullable(Type.Number()),
  /** Added (issue 34 §1): the currency bought in, that renewals charge (decision 421). */
  currency: Type.Optional(Type.String({ description: 'The currency bought in (421).' })),
  /** Why the plan ended (EXPIRED), else null. */
  endedReason: nullable(StringEnum(PLAN_END_REASONS)),
});

/** One prepaid period an upgrade ends early: its unused value, pro rata, rounded down. */
export const PlanChangeCreditSchema = Type.Object({
  planName: Type.String(),
  /** The period as paid for. */
  periodStart: isoDate,
  periodEnd: isoDate,
  /** What the period cost (major units): the price paid plus any credit carried into it. */
  paid: money('What the period cost, major units.'),
  /** Its unused value now (major units). */
  credit: money('Its unused value now, major units.'),
});

const planChangeQuoteProperties = {
  planId: Type.String(),
  planName: Type.String(),
  /** To a dearer plan (UPGRADE: charged now, less credit, unless `atRenewal`) or a cheaper one. */
  kind: StringEnum(['UPGRADE', 'DOWNGRADE'] as const),
  /** Charged now (major units; 0 for a downgrade). */
  amount: money('Charged now, major units (0 for a downgrade).'),
  /** Credit for the unused value of every prepaid period: the sum of `credits` (decision 391). */
  credit: money('Credit for the unused value of every prepaid period, major units (decision 391).'),
  /** When the new plan starts. */
  effectiveAt: isoDate,
  /**
   * An upgrade: the end of the prepaid time the viewer gives up (it ends now and is credited);
   * null for a downgrade, which gives nothing up.
   */
  givesUpUntil: nullable(isoDate),
  /** An upgrade: each prepaid period still to run and its credit; empty for a downgrade. */
  credits: Type.Array(PlanChangeCreditSchema),
  /**
   * Nothing is charged now: the new plan starts at `effectiveAt`, the period end, and the renewal
   * charges it. Every downgrade; an upgrade too on a UPI AutoPay mandate, which is debited only
   * after a notice a day ahead (decision 491).
   */
  atRenewal: Type.Boolean(),
};
/** GET planChange ?planId=: what changing to that plan would do. */
export const PlanChangeQuoteSchema = Type.Object(planChangeQuoteProperties);
export const PlanChangeResultSchema = Type.Object({
  ...planChangeQuoteProperties,
  subscription: SubscriptionSchema,
  /** The ledger entry of an upgrade's charge (null for a downgrade). */
  paymentId: nullable(Type.String()),
});

/**
 * The one server-side answer every screen and the stream origin share (docs/architecture.md §8):
 * may this account watch now, on this device, and if not, why.
 */
export const EntitlementSchema = Type.Object({
  entitled: Type.Boolean(),
  reason: StringEnum(ENTITLEMENT_REASONS),
  state: StringEnum(SUBSCRIPTION_STATES),
  planId: nullable(Type.String()),
  /** When access ends, if it does. */
  periodEnd: nullable(isoDate),
  /** Seconds of trial watching left, overall and today (null outside a trial). */
  trialSecondsLeft: nullable(Type.Integer()),
  trialTodaySecondsLeft: nullable(Type.Integer()),
  /** The device asked about (null when the request named none). */
  vidictId: nullable(Type.String()),
  deviceRegistered: nullable(Type.Boolean()),
  /** The server's clock when it answered. */
  checkedAt: isoDate,
});

/** A pass the viewer holds (paid, not refunded in full): what it plays (issue 34 §3). */
export const OwnedPassSchema = Type.Object({
  scope: StringEnum(PASS_SCOPES),
  eventId: nullable(Type.String()),
  leagueId: Type.String(),
  title: Type.String(),
});

export const CheckoutSchema = Type.Object({
  checkoutId: Type.String({ format: 'uuid' }),
  status: StringEnum(CHECKOUT_STATUSES),
  planId: Type.String(),
  planName: Type.String(),
  /** Major units, after the coupon. */
  amount: Type.Number(),
  /** Before the coupon. */
  listPrice: Type.Number(),
  currency: Type.String(),
  couponCode: nullable(Type.String()),
  percentage: Type.Integer(),
  /** null without a coupon. */
  couponReservation: nullable(StringEnum(COUPON_RESERVATIONS)),
  paymentSystem: StringEnum(PAYMENT_SYSTEMS),
  /** The provider's session id (the sandbox's `/secure-payment?session=` parameter). */
  sessionId: Type.String(),
  /**
   * Where the browser goes to pay: for the sandbox, the site's `/secure-payment?session=…`; for
   * Stripe, Stripe Checkout's hosted page.
   */
  redirectUrl: Type.String(),
  failureCode: nullable(StringEnum(PAYMENT_FAILURE_CODES)),
  failureMessage: nullable(Type.String()),
  created: isoDate,
  expiresAt: isoDate,
  /** The ledger entry, once PAID. */
  paymentId: nullable(Type.String()),
  /** What renews after this payment, and when (null for a pass); decision 397. */
  renewal: nullable(RenewalTermsSchema),
  /** Issue 34 §3: what a pass's checkout is for (decision 452); absent or null for a plan. */
  pass: Type.Optional(nullable(OwnedPassSchema)),
});

/** Trial limits: watching is metered by the server from player heartbeats. */
export const TrialLimitsSchema = Type.Object({
  /** Calendar length of the trial. */
  days: Type.Integer(),
  /** Minutes of watching over the whole trial. */
  overallMinutes: Type.Integer(),
  /** Minutes of watching per UTC day. */
  dailyMinutes: Type.Integer(),
});

/** The browser's device id (a UUID from the shell; other clients may use their own). */
export const VidictIdSchema = Type.String({
  minLength: 8,
  maxLength: 128,
  pattern: '^[A-Za-z0-9._:-]+$',
});

/** docs/product.md §3 DeviceRegistration. */
export const DeviceRegistrationSchema = Type.Object(
  {
    vidictId: VidictIdSchema,
    deviceOs: StringEnum(DEVICE_OS_VALUES),
    deviceType: StringEnum(DEVICE_TYPE_VALUES),
    appVersion: Type.String({ minLength: 1, maxLength: 64 }),
    userAgent: Type.String({ maxLength: 512 }),
  },
  { additionalProperties: false },
);

/** A registered device as the account screen lists it. */
export const RegisteredDeviceSchema = Type.Object({
  vidictId: Type.String(),
  deviceOs: StringEnum(DEVICE_OS_VALUES),
  deviceType: StringEnum(DEVICE_TYPE_VALUES),
  appVersion: Type.String(),
  userAgent: Type.String(),
  registered: isoDate,
  lastSeen: isoDate,
  /** The viewer's own name for it; null: called by its browser and system (decision 394). */
  name: nullable(Type.String()),
  /** Where it last opened Crease, approximately: "203.0.113.x" (never the whole address). */
  lastNetwork: nullable(Type.String()),
});

/** PATCH devices/:vidictId: rename it; null (or only spaces) gives back the browser's name. */
export const DeviceRenameSchema = Type.Object(
  { name: nullable(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

export const DeviceListSchema = Type.Object({
  devices: Type.Array(RegisteredDeviceSchema),
  /** The plan's screens at a time (devices playing at once), not a cap on devices. */
  maxDevices: Type.Integer(),
});

/** The error shape plus the devices to offer "sign out" (StreamLimitError's; decision 265). */
export const DeviceLimitErrorSchema = Type.Object(
  {
    ...ErrorResponseSchema.properties,
    maxDevices: Type.Optional(Type.Integer()),
    devices: Type.Optional(Type.Array(RegisteredDeviceSchema)),
  },
  { description: 'DEVICE_LIMIT_REACHED: the error shape plus the devices to offer "sign out".' },
);

/** UserProfile.videoQuality values (the preferred quality; the player may go lower). */
export const VideoQualitySchema = StringEnum(VIDEO_QUALITIES);

/** PATCH accountSettings answers the settings as saved. */
export const AccountSettingsSchema = Type.Object({
  videoQuality: VideoQualitySchema,
  emailSubscribe: Type.Boolean(),
  /** `GLOBAL` or an ISO 3166-1 alpha-2 code (decision 350). */
  region: Type.String(),
});

/** AccountOverview.statics: what /account needs beyond the spec's named fields. */
export const AccountStaticsSchema = Type.Object(
  {
    subscription: SubscriptionSchema,
    trial: TrialLimitsSchema,
    emailSubscribe: Type.Boolean(),
    videoQualities: Type.Array(VideoQualitySchema),
    devices: Type.Array(RegisteredDeviceSchema),
    maxDevices: Type.Integer(),
    currency: Type.String(),
  },
  { description: 'AccountStatics (contract billing.ts).' },
);

/** The spec's channel list entry (AccountOverview.channels, docs/product.md §3). */
export const ChannelStreamSchema = Type.Object({
  userId: Type.String(),
  edge: Type.String(),
  application: Type.String(),
  streamApp: Type.String(),
  channelName: Type.String(),
  channelId: Type.String(),
  eventStatus: Type.String(),
  bitrateName: Type.String(),
});

/** docs/product.md §3 AccountOverview. */
export const AccountOverviewSchema = Type.Object({
  userProfile: UserProfileSchema,
  userPlans: Type.Array(PlanSchema),
  payments: Type.Array(PaymentSchema),
  channels: Type.Array(ChannelStreamSchema),
  statics: AccountStaticsSchema,
  loginId: Type.String(),
  errorText: nullable(Type.String()),
});
