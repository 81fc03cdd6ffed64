/** Changing plan (issue 22 §1, decision 246): the quote, the request and its result. */
import type { Static } from 'typebox';
import type {
  PlanChangeCreditSchema,
  PlanChangeQuoteSchema,
  PlanChangeResultSchema,
} from './billing-schemas';

/** GET planChange ?planId=: what changing to that plan would do. */
export type PlanChangeQuote = Static<typeof PlanChangeQuoteSchema>;

/** One prepaid period an upgrade ends early: its unused value, pro rata, rounded down. */
export type PlanChangeCredit = Static<typeof PlanChangeCreditSchema>;

export interface PlanChangeRequest {
  planId: string;
}

export type PlanChangeResult = Static<typeof PlanChangeResultSchema>;
