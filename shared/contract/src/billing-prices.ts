/**
 * Prices by region (issue 34 §1, decision 421): every plan has a price in each currency we sell
 * in, in whole minor units on the server and major units on the wire, and the viewer's region
 * picks the currency. India's prices include 18% GST, shown broken up wherever a price is shown
 * (decision 422). Nothing is converted anywhere: each currency's price is set by hand.
 */
import type { Static } from 'typebox';
import type { TaxBreakdownSchema } from './billing-schemas';

/** The currencies a plan is priced in (ISO 4217). USD is also the price of every other region. */
export const PRICE_CURRENCIES = ['USD', 'INR', 'GBP', 'AUD'] as const;
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];

/** The currency of a region that has none of its own (and of GLOBAL, the profile's "not set"). */
export const FALLBACK_CURRENCY: PriceCurrency = 'USD';

/** Regions with a currency of their own; every other region pays in FALLBACK_CURRENCY. */
const REGION_CURRENCIES: Readonly<Record<string, PriceCurrency>> = {
  IN: 'INR',
  GB: 'GBP',
  AU: 'AUD',
};

/** The currency a region's viewers see and pay in. */
export function currencyForRegion(region: string | null | undefined): PriceCurrency {
  return (region && REGION_CURRENCIES[region]) || FALLBACK_CURRENCY;
}

export function isPriceCurrency(value: unknown): value is PriceCurrency {
  return typeof value === 'string' && (PRICE_CURRENCIES as readonly string[]).includes(value);
}

/** The region whose invoices are GST invoices (seller's GSTIN, place of supply). */
export const GST_REGION = 'IN';

/** Time zones that say which country the browser is in, when its locale names none. */
const ZONE_REGIONS: Readonly<Record<string, string>> = {
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Europe/London': 'GB',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
};

/** Languages spoken (as a browser language) almost only in one country. */
const LANGUAGE_REGIONS: Readonly<Record<string, string>> = { hi: 'IN', ta: 'IN', te: 'IN' };

/**
 * A visitor's region guessed from the browser (decision 421): the locale's own region (`en-IN`,
 * `hi-IN`, `en-GB`), else the time zone (`Asia/Kolkata`), else a language of one country
 * (`hi`); null when none says. Only ever a guess: the profile's region wins, and production's CDN
 * country header beats it.
 */
export function guessRegion(hints: { locale?: string; timeZone?: string }): string | null {
  const locale = hints.locale ?? '';
  const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Z]{2})\b/i.exec(locale)?.[1]?.toUpperCase();
  if (region) return region;
  const zone = hints.timeZone ? ZONE_REGIONS[hints.timeZone] : undefined;
  if (zone) return zone;
  return LANGUAGE_REGIONS[locale.slice(0, 2).toLowerCase()] ?? null;
}

/** The query parameter (plans, quote, coupon check) and CheckoutRequest field with the guess. */
export const REGION_GUESS_PARAM = 'regionGuess';

/**
 * A price's tax, shown beside it where the law asks (India's GST): the price includes the tax;
 * net + tax = the price exactly, in minor units, split on the server (decision 422).
 */
export type TaxBreakdown = Static<typeof TaxBreakdownSchema>;

/** "Includes GST 18%: ₹211.02 + ₹37.98": one wording on /plans, checkout and the receipt. */
export function taxBreakdownText(
  breakdown: TaxBreakdown,
  money: (amount: number) => string,
): string {
  const rate = Number(breakdown.ratePercent.toFixed(2));
  return `Includes ${breakdown.label} ${rate}%: ${money(breakdown.net)} + ${money(breakdown.tax)} ${breakdown.label}`;
}
