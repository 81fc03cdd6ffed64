/**
 * A price as the API computed it (issue 31 §9, §10; decision 397): the total in the currency's
 * minor units, rounded once on the server, and what renews after the first payment. Screens show
 * these figures and never compute a price themselves, so the page and the charge always agree.
 */
import type { Static } from 'typebox';
import type { PriceQuoteSchema, RenewalTermsSchema } from './billing-schemas';

/** A subscription's renewal: the list price, charged to the saved card on `at` (ISO 8601). */
export type RenewalTerms = Static<typeof RenewalTermsSchema>;

/** GET BILLING_PATHS.quote ?planId=&couponCode=: what paying for the plan now costs the caller. */
export type PriceQuote = Static<typeof PriceQuoteSchema>;
