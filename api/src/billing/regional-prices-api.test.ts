/** @jest-environment node */
/**
 * Prices by region over real HTTP on PGlite and PostgreSQL (issue 34 §1, decisions 421, 422):
 * the region picks the currency (profile, else the CDN's country header, else the browser's
 * guess); India's prices show their GST, net + tax = price to the paisa; the checkout charges
 * the currency and amount shown, a GST invoice names the seller's GSTIN and the place of supply;
 * a coupon and a renewal stay in the currency bought in.
 */
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import type { Checkout, Plan, PaymentReceipt, PriceQuote } from '@crease/contract';
import {
  createCheckout,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiForSuite } from '../testing/billing-suite';

const DAY = 24 * 60 * 60;
const GSTIN = '27AAACR5055K1ZT';
const ENV = { CREASE_COUNTRY_HEADER: 'CF-IPCountry', CREASE_SELLER_GSTIN: GSTIN };

const minor = (major: number) => Math.round(major * 100);

describeEachDatabase('Prices by region', (host) => {
  const suite = billingApiForSuite(host, ENV);

  const plansFor = async (query = '', headers: Record<string, string> = {}, bearer?: string) => {
    const res = await suite.api
      .client()
      .get<Plan[]>(`/api/v1/billing/plans${query}`, { headers, ...(bearer ? { bearer } : {}) });
    expect(res.status).toBe(200);
    return { plans: res.body, cache: String(res.headers.get('cache-control')) };
  };
  const monthly = (plans: Plan[]) => plans.find((plan) => plan.planId === 'monthly');
  const quote = async (viewer: Viewer, query: string) =>
    (
      await viewer.client.get<PriceQuote>(`/api/v1/billing/quote?${query}`, {
        bearer: viewer.bearer,
      })
    ).body;
  const pay = async (viewer: Viewer, checkout: Checkout) => {
    const paid = await submitCard(viewer.client, checkout.sessionId, SANDBOX_TEST_CARDS.success);
    expect(paid.status).toBe(200);
    return eventually(async () => {
      const now = await getCheckout(viewer, checkout.checkoutId);
      return now.status === 'PAID' ? now : null;
    });
  };
  const receiptOf = async (viewer: Viewer, paymentId: string | null) =>
    (
      await viewer.client.get<PaymentReceipt>(`/api/v1/billing/payments/${paymentId}`, {
        bearer: viewer.bearer,
      })
    ).body;

  it('a visitor sees the currency of the guessed region; the CDN header beats the guess', async () => {
    const plain = monthly((await plansFor()).plans);
    expect(plain).toMatchObject({ price: 9.99, currency: 'USD', region: 'GLOBAL' });
    expect(plain?.taxBreakdown).toBeNull();
    expect(monthly((await plansFor('?regionGuess=IN')).plans)).toMatchObject({
      price: 299,
      currency: 'INR',
      region: 'IN',
      taxBreakdown: { label: 'GST', ratePercent: 18, net: 253.39, tax: 45.61 },
    });
    expect(monthly((await plansFor('?regionGuess=GB')).plans)).toMatchObject({
      price: 7.99,
      currency: 'GBP',
      taxBreakdown: null,
    });
    expect(monthly((await plansFor('?regionGuess=AU')).plans)).toMatchObject({
      price: 14.99,
      currency: 'AUD',
    });
    // A country with no currency of its own pays dollars; junk is no guess at all.
    expect(monthly((await plansFor('?regionGuess=FR')).plans)?.currency).toBe('USD');
    expect(monthly((await plansFor('?regionGuess=XX')).plans)?.region).toBe('GLOBAL');
    const behindCdn = await plansFor('?regionGuess=IN', { 'cf-ipcountry': 'GB' });
    expect(monthly(behindCdn.plans)).toMatchObject({ currency: 'GBP', region: 'GB' });
    expect(behindCdn.cache).toMatch(/^public/);
  });

  it("a signed-in viewer's profile region wins over every guess, and the answer is private", async () => {
    const viewer = await newViewer(suite.api, 'prices-profile');
    await host().query("UPDATE users SET region = 'IN' WHERE id = $1", [viewer.userId]);
    const mine = await plansFor('?regionGuess=GB', { 'cf-ipcountry': 'AU' }, viewer.bearer);
    expect(monthly(mine.plans)).toMatchObject({ currency: 'INR', region: 'IN', price: 299 });
    expect(mine.cache).toMatch(/^private/);
  });

  it("India's GST break-up sums exactly to every price, in paise", async () => {
    const { plans } = await plansFor('?regionGuess=IN');
    const sold = plans.filter((plan) => !plan.trial);
    expect(sold.length).toBeGreaterThan(2);
    for (const plan of sold) {
      const gst = plan.taxBreakdown;
      expect(gst).not.toBeNull();
      expect(minor(gst?.net ?? 0) + minor(gst?.tax ?? 0)).toBe(minor(plan.price));
      // Whole paise on the wire: nothing for a screen to round.
      expect(Math.abs(minor(gst?.net ?? 0) - (gst?.net ?? 0) * 100)).toBeLessThan(1e-6);
    }
  });

  it('pays in rupees what /plans showed, and the invoice is a GST invoice', async () => {
    const viewer = await newViewer(suite.api, 'prices-in');
    const shown = await quote(viewer, 'planId=monthly&regionGuess=IN');
    expect(shown).toMatchObject({
      amount: 299,
      currency: 'INR',
      region: 'IN',
      taxBreakdown: { net: 253.39, tax: 45.61 },
      renewal: { amount: 299, currency: 'INR', everyDays: 30 },
    });
    const created = await createCheckout(viewer, {
      planId: 'monthly',
      expectedAmount: 299,
      currency: 'INR',
      regionGuess: 'IN',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ amount: 299, currency: 'INR' });
    const paid = await pay(viewer, created.body);
    const receipt = await receiptOf(viewer, paid.paymentId);
    expect(receipt).toMatchObject({
      currency: 'INR',
      amount: 299,
      net: 253.39,
      tax: 45.61,
      taxRatePercent: 18,
      taxRegion: 'IN',
      placeOfSupply: 'India (IN)',
      seller: { gstin: GSTIN },
      renewal: { amount: 299, currency: 'INR' },
    });
    expect(receipt.invoiceNumber).toMatch(/^CRS-\d{6}$/);
    // The region the prices were for is now the profile's: later pages and renewals agree.
    const [row] = await host().query<{ region: string }>('SELECT region FROM users WHERE id = $1', [
      viewer.userId,
    ]);
    expect(row?.region).toBe('IN');
  });

  it("a guess of a region without a currency of its own leaves the profile's region alone", async () => {
    const viewer = await newViewer(suite.api, 'prices-us');
    const created = await createCheckout(viewer, {
      planId: 'match-pass',
      expectedAmount: 2.99,
      currency: 'USD',
      regionGuess: 'US',
    });
    expect(created.status).toBe(201);
    const [row] = await host().query<{ region: string }>('SELECT region FROM users WHERE id = $1', [
      viewer.userId,
    ]);
    expect(row?.region).toBe('GLOBAL');
  });

  it('refuses a currency the page did not show, and opens nothing', async () => {
    const viewer = await newViewer(suite.api, 'prices-mismatch');
    await host().query("UPDATE users SET region = 'GB' WHERE id = $1", [viewer.userId]);
    const refused = await createCheckout(viewer, {
      planId: 'monthly',
      expectedAmount: 299,
      currency: 'INR',
      regionGuess: 'IN',
    });
    expect(refused.status).toBe(409);
    expectErrorShape(refused.body, 'PRICE_CHANGED');
    const [count] = await host().query<{ n: string }>(
      'SELECT count(*) AS n FROM checkouts WHERE user_id = $1',
      [viewer.userId],
    );
    expect(Number(count?.n)).toBe(0);
  });

  it("a coupon takes its percentage of the currency's price, rounded once in paise", async () => {
    const viewer = await newViewer(suite.api, 'prices-coupon');
    const withCoupon = await quote(viewer, 'planId=monthly&couponCode=WELCOME20&regionGuess=IN');
    // 29900 × 0.8 = 23920; its GST: 23920 / 1.18 = 20271.2 → 20271 net, 3649 tax.
    expect(withCoupon).toMatchObject({
      listPrice: 299,
      amount: 239.2,
      discount: 59.8,
      currency: 'INR',
      taxBreakdown: { net: 202.71, tax: 36.49 },
      renewal: { amount: 299, currency: 'INR' },
    });
  });

  it('a subscription renews in the currency it was bought in, whatever the region later says', async () => {
    const viewer = await newViewer(suite.api, 'prices-renew');
    const created = await createCheckout(viewer, {
      planId: 'monthly',
      expectedAmount: 7.99,
      currency: 'GBP',
      regionGuess: 'GB',
    });
    expect(created.status).toBe(201);
    await pay(viewer, created.body);
    await host().query("UPDATE users SET region = 'IN' WHERE id = $1", [viewer.userId]);
    await suite.api.advanceClock(30 * DAY + 60);
    await suite.api.runRenewals();
    const rows = await host().query<{ currency: string; amount_cents: number }>(
      'SELECT currency, amount_cents FROM payments WHERE user_id = $1 ORDER BY paid_at',
      [viewer.userId],
    );
    expect(rows.map((row) => [row.currency, Number(row.amount_cents)])).toEqual([
      ['GBP', 799],
      ['GBP', 799],
    ]);
  });
});
