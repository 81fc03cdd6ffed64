/**
 * Plans that renew (issue 22 §1, decisions 245–247): what a plan is, why one ended, and when a
 * failed renewal is tried again. The Subscription carrying these is in billing.ts; changing
 * plan is in billing-plan-change.ts.
 */

export const PLAN_KINDS = ['TRIAL', 'PASS', 'SUBSCRIPTION'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/**
 * Why a plan ended: its period ran out (a pass, a trial), it was cancelled, the renewal payment
 * failed after every retry, or the provider ended the subscription.
 */
export const PLAN_END_REASONS = [
  'PERIOD_ENDED',
  'CANCELLED',
  'RENEWAL_FAILED',
  'PROVIDER_CANCELLED',
  /** The viewer deleted their account (decision 302). */
  'ACCOUNT_DELETED',
  /** The payment for the current period was refunded in full (decision 351). */
  'REFUNDED',
] as const;
export type PlanEndReason = (typeof PLAN_END_REASONS)[number];

/** Days after the period end on which a failed renewal is tried again; then the plan ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;
