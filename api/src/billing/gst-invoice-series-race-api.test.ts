/** @jest-environment node */
/**
 * The GST invoice series under concurrent payments, on PostgreSQL only (issue 34 §1, decision
 * 422; PGlite's one connection would serialise the race away): rupee payments made at the same
 * moment, beside dollar ones, get one invoice number each, with no duplicate and no gap, and
 * every Indian invoice carries the seller's GSTIN and the place of supply.
 */
import type { Checkout } from '@crease/contract';
import {
  createCheckout,
  eventually,
  getCheckout,
  newViewer,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';

const PAYERS = 12;

describeOnPostgres('GST invoice series', (host) => {
  const suite = billingApiForSuite(host);

  const open = async (viewer: Viewer, regionGuess: string) => {
    const created = await createCheckout(viewer, { planId: 'match-pass', regionGuess });
    if (created.status !== 201) throw new Error(`checkout: ${created.status} ${created.text}`);
    return created.body;
  };
  const paid = (viewer: Viewer, checkout: Checkout) =>
    eventually(async () => {
      const now = await getCheckout(viewer, checkout.checkoutId);
      return now.status === 'PAID' ? now : null;
    });

  it('concurrent payments in rupees and dollars get unique, gap-free numbers', async () => {
    const viewers = await Promise.all(
      Array.from({ length: PAYERS }, (_, i) => newViewer(suite.api, `gst-series-${i}`)),
    );
    const checkouts = await Promise.all(
      viewers.map((viewer, i) => open(viewer, i % 3 === 0 ? 'US' : 'IN')),
    );
    // Every card at once: each webhook issues its invoice in its own transaction.
    await Promise.all(
      viewers.map((viewer, i) => submitCard(viewer.client, checkouts[i]?.sessionId ?? '')),
    );
    await Promise.all(viewers.map((viewer, i) => paid(viewer, checkouts[i] as Checkout)));

    const rows = await host().query<{
      invoice_number: string;
      currency: string;
      tax_region: string;
      seller: { gstin?: string };
    }>('SELECT invoice_number, currency, tax_region, seller FROM payments ORDER BY invoice_number');
    const numbers = rows.map((row) => Number(row.invoice_number.slice('CRS-'.length)));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const [series] = await host().query<{ last_number: number }>(
      "SELECT last_number FROM invoice_series WHERE prefix = 'CRS'",
    );
    expect(Number(series?.last_number)).toBe(numbers.length);

    const indian = rows.filter((row) => row.tax_region === 'IN');
    expect(indian).toHaveLength(PAYERS - PAYERS / 3);
    for (const row of indian) {
      expect(row.currency).toBe('INR');
      expect(row.seller.gstin).toMatch(/^[0-9A-Z]{15}$/);
    }
    for (const row of rows.filter((r) => r.tax_region !== 'IN'))
      expect(row.seller.gstin).toBeUndefined();
  });
});
