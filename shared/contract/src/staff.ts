/**
 * Staff accounts (issue 33 §1): the console's people, separate from viewers. Paths, roles,
 * codes and wire shapes, written once here. docs/operations.md "Staff accounts" tells the flow.
 */

export const STAFF_ROLES = ['admin', 'producer', 'scorer', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PATHS = {
  /** POST StaffSignInRequest: 200 StaffSession (password and TOTP or a recovery code, one call). */
  signIn: 'api/v1/staff/sessions',
  /** Staff bearer. DELETE: 204, the session is revoked at once. */
  signOut: 'api/v1/staff/sessions/current',
  /** Staff bearer. GET: StaffMember (who am I). */
  me: 'api/v1/staff/me',
  /** Staff bearer, admin. POST StaffCreateRequest: 201 StaffCreated; GET: StaffMember[]. */
  members: 'api/v1/staff/members',
  /** Staff bearer, admin. POST: 200 StaffMember, the account disabled and its sessions revoked. */
  disable: 'api/v1/staff/members/:staffId/disable',
  /** Staff bearer, admin. GET ?before=<id>: StaffAuditEntry[] newest first (50 a page). */
  audit: 'api/v1/staff/audit',
} as const;

export interface StaffSignInRequest {
  email: string;
  password: string;
  /** The 6-digit code of the authenticator app; or send `recoveryCode` instead. */
  totp?: string;
  /** One of the account's one-time recovery codes (each works once). */
  recoveryCode?: string;
}

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: string;
}

export interface StaffSession {
  /** Send as `Authorization: Bearer <token>`; it lives `expiresIn` seconds. */
  token: string;
  expiresIn: number;
  staff: StaffMember;
}

export interface StaffCreateRequest {
  email: string;
  password: string;
  role: StaffRole;
}

/** Shown once: the TOTP secret (and its otpauth URL) and the recovery codes. */
export interface StaffCreated {
  staff: StaffMember;
  totpSecret: string;
  otpauthUrl: string;
  recoveryCodes: string[];
}

export interface StaffAuditEntry {
  id: number;
  /** `staff:<id>` for a staff member, `bot:<name>` for an operator bearer token. */
  actor: string;
  action: string;
  subject: string;
  at: string;
  before: unknown;
  after: unknown;
}

export const STAFF_ERROR_CODES = [
  /** Signed in, but this role may not make this call. */
  'STAFF_FORBIDDEN',
  /** A staff account with this email exists already. */
  'STAFF_EMAIL_TAKEN',
  /** No staff account with this id. */
  'STAFF_NOT_FOUND',
  /** Support: no viewer with this email or id. */
  'VIEWER_NOT_FOUND',
  /** Support: this payment has no receipt yet (its invoice was not issued). */
  'RECEIPT_NOT_ISSUED',
  /** Support: this viewer's account is deleted already (a second click, another agent). */
  'VIEWER_ALREADY_DELETED',
  /** Admin: no plan with this id. */
  'BUSINESS_PLAN_NOT_FOUND',
  /** Admin: the free trial has no price to set. */
  'TRIAL_HAS_NO_PRICE',
  /** Admin: no coupon with this code. */
  'BUSINESS_COUPON_NOT_FOUND',
  /** Admin: a coupon with this code exists already. */
  'COUPON_CODE_TAKEN',
  /** Admin: a redemption limit below the places already taken. */
  'COUPON_LIMIT_BELOW_TAKEN',
  /** Admin: the coupon has ended already (a second click, another admin). */
  'COUPON_ALREADY_ENDED',
  /** Admin: the coupon's window ends before it starts, or in the past. */
  'COUPON_DATES_INVALID',
  /** Admin: a plan id the coupon names does not exist or is the trial. */
  'COUPON_PLANS_UNKNOWN',
] as const;
export type StaffErrorCode = (typeof STAFF_ERROR_CODES)[number];
