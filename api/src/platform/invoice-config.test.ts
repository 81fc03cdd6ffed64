/** @jest-environment node */
import {
  DEMO_GSTIN,
  DEMO_SELLER,
  DEMO_TAX_RATES,
  loadInvoiceConfig,
  parseTaxRates,
} from './invoice-config';
import { includedTax, taxRateFor } from '../billing/invoices';

describe('invoice config: the seller, the series and the tax table (decisions 300, 301)', () => {
  it('defaults to the demo seller, the CRS series and the demo rates', () => {
    const problems: string[] = [];
    expect(loadInvoiceConfig({}, problems)).toEqual({
      seller: DEMO_SELLER,
      prefix: 'CRS',
      taxRates: DEMO_TAX_RATES,
      gstin: DEMO_GSTIN,
      countryHeader: null,
    });
    expect(problems).toEqual([]);
  });

  it('reads REGION=percent pairs in basis points, and needs GLOBAL', () => {
    const problems: string[] = [];
    expect(parseTaxRates('GLOBAL=20,IN=18,DE=19.5', problems)).toEqual({
      GLOBAL: 2000,
      IN: 1800,
      DE: 1950,
    });
    expect(parseTaxRates('GB=20', problems)).toBeNull();
    expect(parseTaxRates('GLOBAL=20,india=18', problems)).toBeNull();
    expect(parseTaxRates('GLOBAL=120', problems)).toBeNull();
    expect(problems).toEqual([
      'CREASE_TAX_RATES must list GLOBAL, the rate for any other region',
      expect.stringContaining('"india=18" is not REGION=percent'),
      expect.stringContaining('"GLOBAL=120" is not REGION=percent'),
    ]);
  });

  it('refuses a bad prefix or table at start, with the variable named', () => {
    const problems: string[] = [];
    loadInvoiceConfig({ CREASE_INVOICE_PREFIX: 'crs-', CREASE_TAX_RATES: 'GB=20' }, problems);
    expect(problems).toEqual([
      expect.stringContaining('CREASE_INVOICE_PREFIX'),
      expect.stringContaining('CREASE_TAX_RATES must list GLOBAL'),
    ]);
  });

  it('splits a price that includes tax into net and tax, to the cent, adding up exactly', () => {
    expect(includedTax(999, 2000)).toEqual({ netCents: 833, taxCents: 166 });
    expect(includedTax(999, 1800)).toEqual({ netCents: 847, taxCents: 152 });
    expect(includedTax(6999, 1000)).toEqual({ netCents: 6363, taxCents: 636 });
    expect(includedTax(299, 0)).toEqual({ netCents: 299, taxCents: 0 });
    for (let gross = 1; gross < 10_000; gross += 37)
      for (const rate of [0, 500, 1000, 1800, 2000, 2300]) {
        const { netCents, taxCents } = includedTax(gross, rate);
        expect(netCents + taxCents).toBe(gross);
      }
  });

  it("takes a region's rate, and GLOBAL's for a region the table does not list", () => {
    const config = loadInvoiceConfig({}, []);
    expect(taxRateFor(config, 'IN')).toBe(1800);
    expect(taxRateFor(config, 'FR')).toBe(2000);
    expect(taxRateFor(config, 'GLOBAL')).toBe(2000);
  });
});
