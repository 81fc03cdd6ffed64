/** @jest-environment node */
/**
 * Receipts and history over real HTTP on PGlite and PostgreSQL (issue 22 §5): every payment is
 * an invoice with a gap-free number, the configured seller and the tax its price includes at the
 * rate of the viewer's region (GLOBAL's for one the table lacks); the card's brand and last four
 * come from the sandbox's hosted page; declined attempts are listed with their reason; and the
 * `invoice.issued` event carries exactly the mail contract's payload.
 */
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import type { BillingHistoryPage, PaymentReceipt } from '@crease/contract';
import {
  buyPlan,
  createCheckout,
  eventually,
  newViewer,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiForSuite } from '../testing/billing-suite';
import { DEMO_GSTIN } from '../platform/invoice-config';

const DAY = 24 * 60 * 60;
const SELLER = {
  name: 'Crease Test Traders Ltd',
  address: '2 Boundary Road, Leeds LS1 1AA, United Kingdom',
  taxId: 'GB 987 6543 21',
};
const ENV = {
  CREASE_SELLER_NAME: SELLER.name,
  CREASE_SELLER_ADDRESS: SELLER.address,
  CREASE_SELLER_TAX_ID: SELLER.taxId,
  CREASE_TAX_RATES: 'GLOBAL=20,GB=20,IN=18,US=0',
};

describeEachDatabase('Receipts and payment history', (host) => {
  const suite = billingApiForSuite(host, ENV);

  const setRegion = (viewer: Viewer, region: string) =>
    host().query('UPDATE users SET region = $1 WHERE id = $2', [region, viewer.userId]);
  const history = async (viewer: Viewer) =>
    (
      await viewer.client.get<BillingHistoryPage>('/api/v1/billing/history', {
        bearer: viewer.bearer,
      })
    ).body;
  const receiptOf = async (viewer: Viewer, paymentId: string | null) =>
    (
      await viewer.client.get<PaymentReceipt>(`/api/v1/billing/payments/${paymentId}`, {
        bearer: viewer.bearer,
      })
    ).body;

  it('a payment is an invoice: number, seller, net + tax = gross at the region rate, the card', async () => {
    const viewer = await newViewer(suite.api, 'receipt-in');
    await setRegion(viewer, 'IN');
    await buyPlan(viewer, 'monthly');
    const [entry] = (await history(viewer)).entries;
    // India pays in rupees (issue 34 §1, decision 421): the seeded Monthly is ₹299.
    expect(entry).toMatchObject({ type: 'PAYMENT', kind: 'CHECKOUT', amount: 299 });
    const receipt = await receiptOf(viewer, entry?.paymentId ?? null);
    expect(receipt.invoiceNumber).toMatch(/^CRS-\d{6}$/);
    expect(receipt).toMatchObject({
      seller: { ...SELLER, gstin: DEMO_GSTIN },
      currency: 'INR',
      amount: 299,
      // 29900 / 1.18 = 25338.98 → 25339 net; the rest is tax.
      net: 253.39,
      tax: 45.61,
      taxRatePercent: 18,
      taxRegion: 'IN',
      cardBrand: 'visa',
      cardLast4: '4242',
      refunds: [],
    });
    expect(entry).toMatchObject({ invoiceNumber: receipt.invoiceNumber, cardLast4: '4242' });

    const [event] = await host().query<{ dedupe_key: string; payload: Record<string, unknown> }>(
      "SELECT dedupe_key, payload FROM billing_events WHERE user_id = $1 AND type = 'invoice.issued'",
      [viewer.userId],
    );
    expect(event?.dedupe_key).toBe(receipt.invoiceNumber);
    const issuedAt = new Date(String(event?.payload.issuedAt)).getTime() / 1000;
    expect(Math.floor(issuedAt)).toBe(receipt.paymentDate);
    expect(event?.payload).toEqual({
      invoiceNumber: receipt.invoiceNumber,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      seller: { ...SELLER, gstin: DEMO_GSTIN },
      planName: 'Monthly',
      currency: 'INR',
      netMinor: 25339,
      taxMinor: 4561,
      grossMinor: 29900,
      taxRatePercent: 18,
      region: 'IN',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  it('restates the renewal: the list price after a first-payment coupon, on the period’s end', async () => {
    const viewer = await newViewer(suite.api, 'receipt-renewal');
    await buyPlan(viewer, 'monthly', 'WELCOME20');
    const [entry] = (await history(viewer)).entries;
    const receipt = await receiptOf(viewer, entry?.paymentId ?? null);
    expect(receipt).toMatchObject({ amount: 7.99, listPrice: 9.99, couponCode: 'WELCOME20' });
    expect(receipt.renewal).toEqual({
      amount: 9.99,
      currency: 'USD',
      at: receipt.planEndDate,
      everyDays: 30,
    });

    // A pass is paid once: nothing renews.
    const passer = await newViewer(suite.api, 'receipt-pass');
    await buyPlan(passer, 'match-pass');
    const [passEntry] = (await history(passer)).entries;
    expect((await receiptOf(passer, passEntry?.paymentId ?? null)).renewal).toBeNull();
  });

  it("a region the table does not list pays GLOBAL's rate; a zero-rated one shows no tax", async () => {
    const abroad = await newViewer(suite.api, 'receipt-fr');
    await setRegion(abroad, 'FR');
    await buyPlan(abroad, 'match-pass');
    const [paid] = (await history(abroad)).entries;
    // 299 / 1.2 = 249.2 → 249 net, 50 tax.
    expect(await receiptOf(abroad, paid?.paymentId ?? null)).toMatchObject({
      amount: 2.99,
      net: 2.49,
      tax: 0.5,
      taxRatePercent: 20,
      taxRegion: 'FR',
    });

    const untaxed = await newViewer(suite.api, 'receipt-us');
    await setRegion(untaxed, 'US');
    await buyPlan(untaxed, 'match-pass');
    const [free] = (await history(untaxed)).entries;
    expect(await receiptOf(untaxed, free?.paymentId ?? null)).toMatchObject({
      net: 2.99,
      tax: 0,
      taxRatePercent: 0,
    });
  });

  it('invoice numbers are unique and gap-free, whatever pays at the same moment', async () => {
    const viewers = await Promise.all(
      Array.from({ length: 4 }, () => newViewer(suite.api, 'receipt-series')),
    );
    await Promise.all(viewers.map((viewer) => buyPlan(viewer, 'match-pass')));
    const numbers = (
      await host().query<{ invoice_number: string }>(
        'SELECT invoice_number FROM payments ORDER BY invoice_number',
      )
    ).map((row) => Number(row.invoice_number.slice('CRS-'.length)));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const [series] = await host().query<{ last_number: number }>(
      "SELECT last_number FROM invoice_series WHERE prefix = 'CRS'",
    );
    expect(Number(series?.last_number)).toBe(numbers.length);
  });

  it('lists a declined card with its reason and digits, then the payment that followed', async () => {
    const viewer = await newViewer(suite.api, 'receipt-declined');
    const checkout = await createCheckout(viewer, { planId: 'match-pass' });
    const declined = await submitCard(
      viewer.client,
      checkout.body.sessionId,
      SANDBOX_TEST_CARDS.declined,
    );
    expect(declined.status).toBe(402);
    const afterDecline = await eventually(async () => {
      const page = await history(viewer);
      return page.total === 1 ? page : null;
    });
    expect(afterDecline.entries[0]).toMatchObject({
      type: 'DECLINED',
      kind: 'CHECKOUT',
      plan: 'Match Pass',
      amount: 2.99,
      failureCode: 'CARD_DECLINED',
      failureMessage: expect.stringMatching(/declined/i),
      cardBrand: 'visa',
      cardLast4: '0002',
      paymentId: null,
      invoiceNumber: null,
    });
    const poor = await submitCard(
      viewer.client,
      checkout.body.sessionId,
      SANDBOX_TEST_CARDS.insufficientFunds,
    );
    expect(poor.status).toBe(402);
    await submitCard(viewer.client, checkout.body.sessionId, SANDBOX_TEST_CARDS.success);
    const page = await eventually(async () => {
      const current = await history(viewer);
      return current.total === 3 ? current : null;
    });
    expect(page.entries.map((entry) => [entry.type, entry.failureCode])).toEqual([
      ['PAYMENT', null],
      ['DECLINED', 'INSUFFICIENT_FUNDS'],
      ['DECLINED', 'CARD_DECLINED'],
    ]);
    // Paging reads the same list in pieces.
    const second = await viewer.client.get<BillingHistoryPage>(
      '/api/v1/billing/history?page=2&pageSize=2',
      { bearer: viewer.bearer },
    );
    expect(second.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(second.body.entries.map((entry) => entry.failureCode)).toEqual(['CARD_DECLINED']);
  });

  it('a renewal the saved card declines is in the history with the card it tried', async () => {
    const viewer = await newViewer(suite.api, 'receipt-renewal');
    await buyPlan(viewer, 'monthly', undefined, SANDBOX_TEST_CARDS.failsAtRenewal);
    await suite.api.advanceClock(30 * DAY + 60);
    await suite.api.runRenewals();
    const page = await history(viewer);
    expect(page.entries[0]).toMatchObject({
      type: 'DECLINED',
      kind: 'RENEWAL',
      amount: 9.99,
      failureCode: 'CARD_DECLINED',
      cardBrand: 'visa',
      cardLast4: '0341',
    });
    expect(page.entries[1]).toMatchObject({ type: 'PAYMENT', cardLast4: '0341' });
  });

  it('refuses a bad page and a receipt that is not the caller’s', async () => {
    const viewer = await newViewer(suite.api, 'receipt-bad');
    const other = await newViewer(suite.api, 'receipt-other');
    await buyPlan(other, 'match-pass');
    const [theirs] = (await history(other)).entries;
    const res = await viewer.client.get(`/api/v1/billing/payments/${theirs?.paymentId}`, {
      bearer: viewer.bearer,
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    const bad = await viewer.client.get('/api/v1/billing/history?pageSize=51', {
      bearer: viewer.bearer,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
