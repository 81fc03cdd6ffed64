/**
 * Prices by region (issue 34 §1, decisions 421, 422). A plan carries a price per currency in
 * whole minor units (`plans.prices`; `price_cents` is its USD price); the viewer's region picks
 * the currency: the profile's region when set, else the CDN's country header (production), else
 * the browser's guess the screen sends. India's prices include GST, split here once so /plans,
 * the quote, the checkout and the invoice show the same figures.
 */
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_REGION,
  FALLBACK_CURRENCY,
  GST_REGION,
  currencyForRegion,
  isRegion,
} from '@crease/contract';
import type { Plan, TaxBreakdown } from '@crease/contract';
import type { InvoiceConfig } from '../platform/invoice-config';
import { includedTax, taxRateFor } from './invoices';
import { toMajor } from './money';
import type { PlanRow } from './plans';

/** Who is being priced: the region and the currency its prices are in. */
export interface Pricing {
  region: string;
  currency: string;
}

/** A plan's price in a currency: that currency's when set, else the plan's USD price. */
export function priceIn(plan: PlanRow, currency: string): { currency: string; minor: number } {
  const minor = plan.prices[currency];
  if (currency !== FALLBACK_CURRENCY && Number.isInteger(minor))
    return { currency, minor: minor as number };
  return { currency: FALLBACK_CURRENCY, minor: plan.priceCents };
}

/** A country code the profile could hold, else null (GLOBAL and junk say nothing). */
function countryOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return code !== DEFAULT_REGION && isRegion(code) ? code : null;
}

/**
 * The region to price for (decision 421): the profile's, else the CDN's country header when
 * one is configured, else the browser's guess, else GLOBAL.
 */
export function resolveRegion(
  config: InvoiceConfig,
  sources: { profileRegion?: string | null; request?: FastifyRequest; guess?: string | null },
): string {
  const header = config.countryHeader ? sources.request?.headers[config.countryHeader] : undefined;
  return (
    countryOrNull(sources.profileRegion) ??
    countryOrNull(Array.isArray(header) ? header[0] : header) ??
    countryOrNull(sources.guess) ??
    DEFAULT_REGION
  );
}

export function pricingFor(region: string): Pricing {
  return { region, currency: currencyForRegion(region) };
}

/**
 * The GST in a price paid in India (decision 422): net + tax = gross exactly, in minor units,
 * by the invoice's own rule. null for any other region or currency: their tax stays on the
 * receipt, as before.
 */
export function gstBreakdown(
  config: InvoiceConfig,
  region: string,
  currency: string,
  grossMinor: number,
): TaxBreakdown | null {
  if (region !== GST_REGION || currency !== currencyForRegion(GST_REGION)) return null;
  const rateBp = taxRateFor(config, region);
  const { netCents, taxCents } = includedTax(grossMinor, rateBp);
  return {
    label: 'GST',
    ratePercent: rateBp / 100,
    net: toMajor(netCents),
    tax: toMajor(taxCents),
  };
}

/** The wire plan, priced for `pricing`: price, currency, region and India's GST. */
export function pricedPlan(
  plan: Plan,
  row: PlanRow,
  pricing: Pricing,
  config: InvoiceConfig,
): Plan {
  const { currency, minor } = priceIn(row, pricing.currency);
  return {
    ...plan,
    price: toMajor(minor),
    currency,
    region: pricing.region,
    taxBreakdown: gstBreakdown(config, pricing.region, currency, minor),
  };
}

/** A signed-in viewer's pricing: their profile's region, else the visitor's guesses. */
export function viewerPricing(
  config: InvoiceConfig,
  viewer: { region: string },
  request: FastifyRequest,
  guess: string | null | undefined,
): Pricing {
  return pricingFor(resolveRegion(config, { profileRegion: viewer.region, request, guess }));
}
