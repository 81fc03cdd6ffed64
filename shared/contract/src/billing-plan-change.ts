/** Changing plan (issue 22 §1, decision 246): the quote, the request and its result. */
import type { Subscription } from './billing';

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
