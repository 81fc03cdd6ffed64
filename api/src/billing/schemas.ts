/**
 * TypeBox schemas of the billing wire types (contract billing.ts and wire.ts), for ajv and the
 * OpenAPI document. Field for field the contract's; `satisfies` checks keep them in step.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@fastify/type-provider-typebox';
import {
  CHECKOUT_STATUSES,
  COUPON_RESERVATIONS,
  DEVICE_OS_VALUES,
  DEVICE_TYPE_VALUES,
  ENTITLEMENT_REASONS,
  PASS_SCOPES,
  HISTORY_ENTRY_TYPES,
  PAYMENT_FAILURE_CODES,
  PAYMENT_SYSTEMS,
  PLAN_END_REASONS,
  PLAN_KINDS,
  SUBSCRIPTION_STATES,
  VIDEO_QUALITIES,
} from '@crease/contract';
import { ErrorResponse, errorResponses } from '../platform/http/error-schemas';
import { UserProfile } from './routes/me';

const literals = <T extends readonly string[]>(values: T, description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const isoDate = Type.String({ format: 'date-time' });
const money = (description: string) => Type.Number({ description });

/** TaxBreakdown (contract billing-prices.ts): India's GST in a price (decision 422). */
export const TaxBreakdownSchema = Type.Object({
  label: Type.String(),
  ratePercent: Type.Number(),
  net: money('Major units.'),
  tax: money('Major units.'),
});

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
  renews: Type.Boolean({
    description:
      'A subscription that renews at the period end until cancelled (true) or a pass that ends (false).',
  }),
  created: isoDate,
  updated: isoDate,
  currency: Type.Optional(Type.String({ description: "The viewer's region's currency (421)." })),
  region: Type.Optional(Type.String({ description: 'The region the price is for.' })),
  taxBreakdown: Type.Optional(nullable(TaxBreakdownSchema)),
});

export const PaymentSchema = Type.Object({
  paymentId: Type.String(),
  plan: Type.String({ description: 'The plan name at the time of payment.' }),
  planEndDate: isoDate,
  amount: money('Major units.'),
  paymentSystem: Type.String({ description: 'SANDBOX or STRIPE.' }),
  paymentDate: Type.Integer({ description: 'Epoch seconds (docs/product.md §3).' }),
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

export const WelcomeOfferSchema = Type.Object({
  coupon: nullable(Type.Object({ code: Type.String(), percentage: Type.Integer() })),
});

export const RenewalTermsSchema = Type.Object({
  amount: Type.Number(),
  currency: Type.String(),
  at: isoDate,
  everyDays: Type.Integer(),
});

export const ReceiptSchema = Type.Object({
  ...PaymentSchema.properties,
  planId: Type.String(),
  currency: Type.String(),
  listPrice: Type.Number(),
  couponCode: nullable(Type.String()),
  percentage: Type.Integer(),
  checkoutId: nullable(Type.String()),
  kind: literals(['CHECKOUT', 'RENEWAL', 'UPGRADE'] as const),
  credit: money('Credit for the unused time of the previous plan (an upgrade), major units.'),
  providerReference: Type.String(),
  email: Type.String(),
  seller: Type.Object({
    name: Type.String(),
    address: Type.String(),
    taxId: Type.String(),
    gstin: Type.Optional(nullable(Type.String())),
  }),
  net: nullable(money('Net of tax, major units; null before tax was itemised.')),
  tax: nullable(money('Tax included in the amount, major units.')),
  taxRatePercent: nullable(Type.Number()),
  taxRegion: nullable(Type.String()),
  refunds: Type.Array(Type.Object({ amount: money('Major units.'), refunded: isoDate })),
  renewal: nullable(RenewalTermsSchema),
  placeOfSupply: Type.Optional(nullable(Type.String())),
});

export const BillingHistoryPageSchema = Type.Object({
  entries: Type.Array(
    Type.Object({
      entryId: Type.String(),
      type: literals(HISTORY_ENTRY_TYPES),
      at: isoDate,
      plan: Type.String(),
      amount: money('Charged, tried or given back, major units.'),
      currency: Type.String(),
      paymentSystem: Type.String(),
      kind: nullable(literals(['CHECKOUT', 'RENEWAL', 'UPGRADE'] as const)),
      cardBrand: nullable(Type.String()),
      cardLast4: nullable(Type.String()),
      paymentId: nullable(Type.String()),
      invoiceNumber: nullable(Type.String()),
      failureCode: nullable(Type.String()),
      failureMessage: nullable(Type.String()),
    }),
  ),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});

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
  listPrice: Type.Number(),
  amount: Type.Number(),
  discount: Type.Number(),
  currency: Type.String(),
  couponCode: nullable(Type.String()),
  percentage: Type.Integer(),
  renewal: nullable(RenewalTermsSchema),
  region: Type.Optional(Type.String()),
  taxBreakdown: Type.Optional(nullable(TaxBreakdownSchema)),
});

export const CouponCheckSchema = Type.Object({
  valid: Type.Boolean(),
  couponCode: Type.String(),
  percentage: Type.Integer(),
  quote: PriceQuoteSchema,
});

export const SubscriptionSchema = Type.Object({
  state: literals(SUBSCRIPTION_STATES),
  planId: nullable(Type.String()),
  planName: nullable(Type.String()),
  periodStart: nullable(isoDate),
  periodEnd: nullable(isoDate),
  cancelledAt: nullable(isoDate),
  entitled: Type.Boolean(),
  kind: nullable(literals(PLAN_KINDS)),
  renews: Type.Boolean({ description: 'Renewal is on: the saved card is charged at periodEnd.' }),
  nextRenewalAt: nullable(isoDate),
  renewalFailures: Type.Integer(),
  graceUntil: nullable(isoDate),
  pendingPlanId: nullable(Type.String()),
  pendingPlanName: nullable(Type.String()),
  renewalAmount: nullable(Type.Number()),
  currency: Type.Optional(Type.String({ description: 'The currency bought in (421).' })),
  endedReason: nullable(literals(PLAN_END_REASONS)),
});

const planChangeQuoteProperties = {
  planId: Type.String(),
  planName: Type.String(),
  kind: literals(['UPGRADE', 'DOWNGRADE'] as const),
  amount: money('Charged now, major units (0 for a downgrade).'),
  credit: money('Credit for the unused value of every prepaid period, major units (decision 391).'),
  effectiveAt: isoDate,
  givesUpUntil: nullable(isoDate),
  credits: Type.Array(
    Type.Object({
      planName: Type.String(),
      periodStart: isoDate,
      periodEnd: isoDate,
      paid: money('What the period cost, major units.'),
      credit: money('Its unused value now, major units.'),
    }),
  ),
};
export const PlanChangeQuoteSchema = Type.Object(planChangeQuoteProperties);
export const PlanChangeResultSchema = Type.Object({
  ...planChangeQuoteProperties,
  subscription: SubscriptionSchema,
  paymentId: nullable(Type.String()),
});

export const EntitlementSchema = Type.Object({
  entitled: Type.Boolean(),
  reason: literals(ENTITLEMENT_REASONS),
  state: literals(SUBSCRIPTION_STATES),
  planId: nullable(Type.String()),
  periodEnd: nullable(isoDate),
  trialSecondsLeft: nullable(Type.Integer()),
  trialTodaySecondsLeft: nullable(Type.Integer()),
  vidictId: nullable(Type.String()),
  deviceRegistered: nullable(Type.Boolean()),
  checkedAt: isoDate,
});

/** OwnedPass (contract billing-passes.ts): what a pass plays (issue 34 §3). */
export const OwnedPassSchema = Type.Object({
  scope: literals(PASS_SCOPES),
  eventId: nullable(Type.String()),
  leagueId: Type.String(),
  title: Type.String(),
});

export const CheckoutSchema = Type.Object({
  checkoutId: Type.String({ format: 'uuid' }),
  status: literals(CHECKOUT_STATUSES),
  planId: Type.String(),
  planName: Type.String(),
  amount: Type.Number(),
  listPrice: Type.Number(),
  currency: Type.String(),
  couponCode: nullable(Type.String()),
  percentage: Type.Integer(),
  couponReservation: nullable(literals(COUPON_RESERVATIONS)),
  paymentSystem: literals(PAYMENT_SYSTEMS),
  sessionId: Type.String(),
  redirectUrl: Type.String(),
  failureCode: nullable(literals(PAYMENT_FAILURE_CODES)),
  failureMessage: nullable(Type.String()),
  created: isoDate,
  expiresAt: isoDate,
  paymentId: nullable(Type.String()),
  renewal: nullable(RenewalTermsSchema),
  pass: Type.Optional(nullable(OwnedPassSchema)),
});

export const TrialLimitsSchema = Type.Object({
  days: Type.Integer(),
  overallMinutes: Type.Integer(),
  dailyMinutes: Type.Integer(),
});

/** The browser's device id (a UUID from the shell; other clients may use their own). */
export const VidictId = Type.String({
  minLength: 8,
  maxLength: 128,
  pattern: '^[A-Za-z0-9._:-]+$',
});

export const DeviceRegistrationSchema = Type.Object(
  {
    vidictId: VidictId,
    deviceOs: literals(DEVICE_OS_VALUES),
    deviceType: literals(DEVICE_TYPE_VALUES),
    appVersion: Type.String({ minLength: 1, maxLength: 64 }),
    userAgent: Type.String({ maxLength: 512 }),
  },
  { additionalProperties: false },
);

export const RegisteredDeviceSchema = Type.Object({
  vidictId: Type.String(),
  deviceOs: literals(DEVICE_OS_VALUES),
  deviceType: literals(DEVICE_TYPE_VALUES),
  appVersion: Type.String(),
  userAgent: Type.String(),
  registered: isoDate,
  lastSeen: isoDate,
  name: nullable(Type.String()),
  lastNetwork: nullable(Type.String()),
});

export const DeviceRenameSchema = Type.Object(
  { name: nullable(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

export const DeviceListSchema = Type.Object({
  devices: Type.Array(RegisteredDeviceSchema),
  maxDevices: Type.Integer(),
});

export const DeviceLimitErrorSchema = Type.Object(
  {
    ...ErrorResponse.properties,
    maxDevices: Type.Optional(Type.Integer()),
    devices: Type.Optional(Type.Array(RegisteredDeviceSchema)),
  },
  { description: 'DEVICE_LIMIT_REACHED: the error shape plus the devices to offer "sign out".' },
);

export const VideoQualitySchema = literals(VIDEO_QUALITIES);

export const AccountSettingsSchema = Type.Object({
  videoQuality: VideoQualitySchema,
  emailSubscribe: Type.Boolean(),
  region: Type.String(),
});

export const AccountOverviewSchema = Type.Object({
  userProfile: UserProfile,
  userPlans: Type.Array(PlanSchema),
  payments: Type.Array(PaymentSchema),
  channels: Type.Array(Type.Object({}, { additionalProperties: true })),
  statics: Type.Object(
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
  ),
  loginId: Type.String(),
  errorText: nullable(Type.String()),
});

/** The 402 of a declined payment on the sandbox's card page, and the usual 4xx. */
export const billingErrorResponses = { ...errorResponses, 402: ErrorResponse, 410: ErrorResponse };

export type DeviceRegistrationBody = Static<typeof DeviceRegistrationSchema>;
