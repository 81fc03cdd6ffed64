/**
 * Wire types of the API, field names exactly as docs/product.md §3. Both the API and the apps use them. Where a
 * TypeBox schema exists (wire-schemas.ts), the type is its `Static`: one spelling of each shape.
 */
import type { Static } from 'typebox';
import type {
  AccountOverviewSchema,
  ChannelStreamSchema,
  CouponCheckSchema,
  DeviceRegistrationSchema,
  PaymentSchema,
  PlanSchema,
} from './billing-schemas';
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

export type Plan = Static<typeof PlanSchema>;

export type UserProfile = Static<typeof UserProfileSchema>;

export type ChangePasswordRequest = Static<typeof ChangePasswordRequestSchema>;

export type Payment = Static<typeof PaymentSchema>;

export type AccountOverview = Static<typeof AccountOverviewSchema>;

export type CouponCheck = Static<typeof CouponCheckSchema>;

export type DeviceRegistration = Static<typeof DeviceRegistrationSchema>;

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

export type ChannelStream = Static<typeof ChannelStreamSchema>;

export type PasswordResetResponse = ErrorResponse;
