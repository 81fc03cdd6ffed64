/**
 * Plans that renew (issue 22 §1, decisions 245–247): what a plan is, why one ended, when a
 * failed renewal is tried again, and changing plan. The Subscription carrying these is in
 * billing.ts.
 */
import type { Subscription } from './billing';

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
] as const;
export type PlanEndReason = (typeof PLAN_END_REASONS)[number];

/** Days after the period end on which a failed renewal is tried again; then the plan ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

/** GET planChange ?planId=: what changing to that plan would do. */
export interface PlanChangeQuote {
  planId: string;
  planName: string;
  /** UPGRADE: charged now, less credit; DOWNGRADE: starts at periodEnd, nothing charged now. */
  kind: 'UPGRADE' | 'DOWNGRADE';
  /** Charged now (major units; 0 for a downgrade). */
  amount: number;
  /** Credit for the unused time of the current period (major units; 0 for a downgrade). */
  credit: number;
  /** ISO 8601: when the new plan starts. */
  effectiveAt: string;
}

export interface PlanChangeRequest {
  planId: string;
}

export interface PlanChangeResult extends PlanChangeQuote {
  subscription: Subscription;
  /** The ledger entry of an upgrade's charge (null for a downgrade). */
  paymentId: string | null;
}
