/**
 * Who issues the invoices and which tax the prices include (docs/billing.md "Invoices and tax",
 * decisions 300 and 301), validated at start with the rest of ApiConfig.
 */
import { envText, readEnv } from './env-schema';
import type { Env } from './env-schema';

export interface Seller {
  name: string;
  address: string;
  taxId: string;
  /** On a GST invoice only: the seller's GSTIN (decision 422). */
  gstin?: string | null;
}

export interface InvoiceConfig {
  seller: Seller;
  /** The invoice series: numbers read `<prefix>-000001`, one gap-free sequence per prefix. */
  prefix: string;
  /** Tax rate in basis points (2000 = 20 %) by the profile's `region`; `GLOBAL` is the fallback. */
  taxRates: Readonly<Record<string, number>>;
  /** The seller's GSTIN, printed on every invoice to a viewer in India (decision 422). */
  gstin: string;
  /**
   * The request header in which the CDN names the visitor's country (`CF-IPCountry` behind
   * Cloudflare); null: none is trusted, as in development (decision 421).
   */
  countryHeader: string | null;
}

/** The region whose rate applies to any region the table does not list (decision 301). */
export const FALLBACK_TAX_REGION = 'GLOBAL';

/**
 * The demo's table (decision 301): the seller is a UK company, so GB's VAT is also the rate for
 * a region the table does not know. Rates are those of digital services sold to consumers.
 */
export const DEMO_TAX_RATES: Readonly<Record<string, number>> = {
  GLOBAL: 2000,
  GB: 2000,
  IE: 2300,
  IN: 1800,
  AU: 1000,
  NZ: 1500,
  ZA: 1500,
};

export const DEMO_SELLER: Seller = {
  name: 'Crease Streaming Ltd',
  address: '1 Long Room Lane, London NW8 8QN, United Kingdom',
  taxId: 'GB 123 4567 89',
};

/** A demo GSTIN in the form India gives a foreign seller of online services (OIDAR). */
export const DEMO_GSTIN = '9926GBR29001OS7';

const RATE_ENTRY = /^([A-Z]{2}|GLOBAL)=(\d{1,2}(?:\.\d{1,2})?)$/;

/** `GB=20,IN=18,GLOBAL=20` → basis points; null and a problem when it does not parse. */
export function parseTaxRates(raw: string, problems: string[]): Record<string, number> | null {
  const rates: Record<string, number> = {};
  for (const entry of raw.split(',').map((part) => part.trim())) {
    const match = RATE_ENTRY.exec(entry);
    if (!match) {
      problems.push(
        `CREASE_TAX_RATES: "${entry}" is not REGION=percent (GB=20, IN=18, GLOBAL=20; percent 0-99.99)`,
      );
      return null;
    }
    rates[match[1] as string] = Math.round(Number(match[2]) * 100);
  }
  if (rates[FALLBACK_TAX_REGION] === undefined) {
    problems.push(
      `CREASE_TAX_RATES must list ${FALLBACK_TAX_REGION}, the rate for any other region`,
    );
    return null;
  }
  return rates;
}

const INVOICE_ENV = {
  CREASE_SELLER_NAME: envText(/^\S.{0,119}$/, 'a name of 1 to 120 characters'),
  CREASE_SELLER_ADDRESS: envText(/^\S.{0,299}$/, 'an address of 1 to 300 characters'),
  CREASE_SELLER_TAX_ID: envText(/^\S.{0,49}$/, 'a tax id of 1 to 50 characters'),
  CREASE_INVOICE_PREFIX: envText(/^[A-Z0-9]{2,10}$/, '2 to 10 capital letters or digits'),
  CREASE_TAX_RATES: envText(/^\S+$/, 'REGION=percent pairs, comma-separated'),
  CREASE_SELLER_GSTIN: envText(/^[0-9A-Z]{15}$/, 'a GSTIN of 15 capital letters or digits'),
  CREASE_COUNTRY_HEADER: envText(/^[A-Za-z0-9-]{1,64}$/, 'an HTTP header name'),
} as const;

export function loadInvoiceConfig(env: Env, problems: string[]): InvoiceConfig {
  const vars = readEnv(INVOICE_ENV, env, problems);
  const rates = vars.CREASE_TAX_RATES ? parseTaxRates(vars.CREASE_TAX_RATES, problems) : null;
  return {
    seller: {
      name: vars.CREASE_SELLER_NAME ?? DEMO_SELLER.name,
      address: vars.CREASE_SELLER_ADDRESS ?? DEMO_SELLER.address,
      taxId: vars.CREASE_SELLER_TAX_ID ?? DEMO_SELLER.taxId,
    },
    prefix: vars.CREASE_INVOICE_PREFIX ?? 'CRS',
    taxRates: rates ?? DEMO_TAX_RATES,
    gstin: vars.CREASE_SELLER_GSTIN ?? DEMO_GSTIN,
    countryHeader: vars.CREASE_COUNTRY_HEADER?.toLowerCase() ?? null,
  };
}
