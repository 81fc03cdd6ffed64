/**
 * The billing routes' schemas. Every wire shape is written once, as a TypeBox schema in the
 * contract (shared/contract/src/billing-schemas.ts), whose `Static` is the type both sides use;
 * this module adds only what is the API's own: the error responses its routes declare.
 */
import type { Static } from '@fastify/type-provider-typebox';
import type { DeviceRegistrationSchema } from '@crease/contract/schemas';
import { VidictIdSchema } from '@crease/contract/schemas';
import { ErrorResponse, errorResponses } from '../platform/http/error-schemas';

export {
  AccountDeletionRequestSchema,
  AccountDeletionResultSchema,
  AccountOverviewSchema,
  AccountSettingsSchema,
  AccountStaticsSchema,
  BillingHistoryPageSchema,
  CheckoutSchema,
  CouponCheckSchema,
  DeviceLimitErrorSchema,
  DeviceListSchema,
  DeviceRegistrationSchema,
  DeviceRenameSchema,
  EntitlementSchema,
  OwnedPassSchema,
  PaymentPageSchema,
  PaymentReceiptSchema as ReceiptSchema,
  PaymentSchema,
  PlanChangeQuoteSchema,
  PlanChangeResultSchema,
  PlanSchema,
  PriceQuoteSchema,
  RegisteredDeviceSchema,
  RenewalTermsSchema,
  SubscriptionSchema,
  TaxBreakdownSchema,
  TrialLimitsSchema,
  VideoQualitySchema,
  WelcomeOfferSchema,
} from '@crease/contract/schemas';

/** The browser's device id (a UUID from the shell; other clients may use their own). */
export const VidictId = VidictIdSchema;

/** The 402 of a declined payment on the sandbox's card page, and the usual 4xx. */
export const billingErrorResponses = { ...errorResponses, 402: ErrorResponse, 410: ErrorResponse };

export type DeviceRegistrationBody = Static<typeof DeviceRegistrationSchema>;
