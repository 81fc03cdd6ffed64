/**
 * Wire types of the API, field names exactly as SPEC §3. Both the API and the apps use them.
 */
import type { DeviceOs, DeviceType } from './device';

/** SPEC §3 League lives with the catalog's types (catalog.ts). */
export type { League } from './catalog';

/** The one error format on the wire (SPEC §3, §8). */
export interface ErrorResponse {
  code: string;
  userId: string | null;
  message: string;
  timeStamp: string;
}

export function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'string' && typeof v.message === 'string' && typeof v.timeStamp === 'string'
  );
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
}

export interface RegistrationRequest {
  email: string;
  password: string;
  emailSubscribe: boolean;
}

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
  created: string;
  updated: string;
}

export interface UserProfile {
  userId: string;
  email: string;
  active: boolean;
  status: string;
  region: string;
  videoQuality: string;
  planId: string | null;
  planStartDate: string | null;
  planEndDate: string | null;
  planActive: boolean;
  planStatus: string | null;
  planCreated: string | null;
  planUpdated: string | null;
  trialOverallTime: number;
  trialTodayTime: number;
}

export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
}

export interface Payment {
  paymentId: string;
  plan: string;
  planEndDate: string;
  amount: number;
  paymentSystem: string;
  /** Epoch seconds; shown as a local date. */
  paymentDate: number;
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
}

export interface DeviceRegistration {
  vidictId: string;
  deviceOs: DeviceOs;
  deviceType: DeviceType;
  appVersion: string;
  userAgent: string;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  email: string;
  token: string;
  newPassword: string;
}

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
