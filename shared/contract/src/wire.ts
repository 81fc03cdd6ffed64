/**
 * Wire types of the API, field names exactly as docs/product.md §3. Both the API and the apps use them. Where a
 * TypeBox schema exists (wire-schemas.ts), the type is its `Static`: one spelling of each shape.
 */
import type { Static } from 'typebox';
import type { DeviceOs, DeviceType } from './device';
import type { PriceQuote } from './billing-quote';
import type { TaxBreakdown } from './billing-prices';
import type {
  ChangePasswordRequestSchema,
  EmailChangeConfirmationSchema,
  EmailChangeRequestSchema,
  ErrorResponseSchema,
  ForgotPasswordRequestSchema,
  RegistrationRequestSchema,
  ResetPasswordRequestSchema,
  TokenResponseSchema,
  UserProfileSchema,
} from './wire-schemas';

/** docs/product.md §3 League lives with the catalog's types (catalog.ts). */
export type { League } from './catalog';

/** The one error format on the wire (docs/product.md §3, §8). */
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

export function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' && typeof v.message === 'string' && typeof v.timeStamp === 'string'
  );
}

/** What POST /oauth2/token answers (docs/product.md §3, plus RFC 6749's token_type). */
export type TokenResponse = Static<typeof TokenResponseSchema>;

/** The tokens the shell keeps: the spec's three fields (docs/product.md §5 validates these, not token_type). */
export type SessionTokens = Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in'>;

export type RegistrationRequest = Static<typeof RegistrationRequestSchema>;

export interface Plan {
  planId: string;
  planName: string;
  description: string;
  maxDevices: number;
  duration: number;
  orderNumber: number;
  price: number;
  active: boolean;
  status: string;
  trial: boolean;
  /**
   * true: a subscription that renews at each period end until cancelled (Monthly, Annual);
   * false: a pass, paid once for its whole duration, never renews (Match Pass, Season), and the
   * free trial (issue 22 §1).
   */
  renews: boolean;
  created: string;
  updated: string;
  /**
   * Added (issue 34 §1, decision 421): `price` is in this currency, the one of the viewer's
   * region (absent from an older API: BILLING_CURRENCY).
   */
  currency?: string;
  /** The region the price is for: the profile's, else the visitor's guessed one, else GLOBAL. */
  region?: string;
  /** The GST in the price, for India (decision 422); null elsewhere. */
  taxBreakdown?: TaxBreakdown | null;
}

export type UserProfile = Static<typeof UserProfileSchema>;

export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;

export interface Payment {
  paymentId: string;
  plan: string;
  planEndDate: string;
  amount: number;
  paymentSystem: string;
  /** Epoch seconds; shown as a local date. */
  paymentDate: number;
  /** Added (issue 22 §5): the invoice (`CRS-000042`) and the card charged (`visa`, `4242`). */
  invoiceNumber?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
}

export interface AccountOverview {
  userProfile: UserProfile;
  userPlans: Plan[];
  payments: Payment[];
  channels: ChannelStream[];
  statics: Record<string, unknown>;
  loginId: string;
  errorText: string | null;
}

export interface CouponCheck {
  valid: boolean;
  couponCode: string;
  percentage: number;
  /** The plan's price with the coupon, as the API computed it (decision 397). */
  quote: PriceQuote;
}

export interface DeviceRegistration {
  vidictId: string;
  deviceOs: DeviceOs;
  deviceType: DeviceType;
  appVersion: string;
  userAgent: string;
}

export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequestSchema>;

export type ResetPasswordRequest = Static<typeof ResetPasswordRequestSchema>;

/** POST email-change and its confirmation (decision 423). */
export type EmailChangeRequest = Static<typeof EmailChangeRequestSchema>;
export type EmailChangeConfirmation = Static<typeof EmailChangeConfirmationSchema>;

export interface EdgeStreamRequest {
  edgeAddress: string;
  pk: string;
  vidictId: string;
  videoQuality: string;
}

export interface ChannelStream {
  userId: string;
  edge: string;
  application: string;
  streamApp: string;
  channelName: string;
  channelId: string;
  eventStatus: string;
  bitrateName: string;
}

export type PasswordResetResponse = ErrorResponse;
