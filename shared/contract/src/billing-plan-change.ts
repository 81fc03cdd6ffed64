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
  /**
   * Credit for the unused value of every prepaid period (major units; 0 for a downgrade): the
   * sum of `credits` (decision 391).
   */
  credit: number;
  /** ISO 8601: when the new plan starts. */
  effectiveAt: string;
  /**
   * An upgrade: ISO 8601 end of the prepaid time the viewer gives up (it ends now and is
   * credited); null for a downgrade, which gives nothing up.
   */
  givesUpUntil: string | null;
  /** An upgrade: each prepaid period still to run and its credit; empty for a downgrade. */
  credits: PlanChangeCredit[];
}

/** One prepaid period an upgrade ends early: its unused value, pro rata, rounded down. */
export interface PlanChangeCredit {
  planName: string;
  /** ISO 8601: the period as paid for. */
  periodStart: string;
  periodEnd: string;
  /** What the period cost (major units): the price paid plus any credit carried into it. */
  paid: number;
  /** Its unused value now (major units). */
  credit: number;
}

export interface PlanChangeRequest {
  planId: string;
}

export interface PlanChangeResult extends PlanChangeQuote {
  subscription: Subscription;
  /** The ledger entry of an upgrade's charge (null for a downgrade). */
  paymentId: string | null;
}
