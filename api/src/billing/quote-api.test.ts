/** @jest-environment node */
/**
 * One price, computed once on the server (issue 31 §9, §10; decision 397), over real HTTP: for
 * every seeded plan and coupon the quote's total is what the checkout accepts as expectedAmount
 * and what the card pays, and a subscription's quote, checkout and paid checkout state the
 * renewal at the list price (a coupon is for the first payment only) and its date.
 */
import type { Checkout, Plan, PriceQuote } from '@crease/contract';
import {
  createCheckout,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  submitCard,
  subscriptionOf,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

const SEEDED_COUPONS = [null, 'WELCOME20', 'SEASON50'] as const;

describeEachDatabase('Price quotes', (host) => {
  const suite = billingApiForSuite(host);

  const quote = (viewer: Viewer, planId: string, couponCode: string | null) =>
    viewer.client.get<PriceQuote & { code?: string }>(
      `/api/v1/billing/quote?planId=${planId}${couponCode ? `&couponCode=${couponCode}` : ''}`,
      { bearer: viewer.bearer },
    );

  it('quotes every plan × coupon at the amount the checkout takes and the card pays', async () => {
    const plans = (await suite.api.client().get<Plan[]>('/api/v1/billing/plans')).body.filter(
      (plan) => !plan.trial,
    );
    expect(plans.map((p) => p.planId).sort()).toEqual(
      ['annual', 'match-pass', 'monthly', 'season'].sort(),
    );
    let paid = 0;
    for (const plan of plans)
      for (const code of SEEDED_COUPONS) {
        // A fresh account each time: WELCOME20 is once per account.
        const viewer = await newViewer(suite.api, `quote-${plan.planId}`);
        const quoted = await quote(viewer, plan.planId, code);
        if (code === 'SEASON50' && plan.planId !== 'season') {
          expect(quoted.status).toBe(422);
          expectErrorShape(quoted.body, 'COUPON_NOT_APPLICABLE');
          continue;
        }
        expect(quoted.status).toBe(200);
        const q = quoted.body;
        expect(q).toMatchObject({ planId: plan.planId, listPrice: plan.price, couponCode: code });
        // Whole cents, and the saving and the total add up to the list price exactly.
        expect(Number.isInteger(Math.round(q.amount * 100))).toBe(true);
        expect(Math.round(q.amount * 100) + Math.round(q.discount * 100)).toBe(
          Math.round(plan.price * 100),
        );
        const opened = await createCheckout(viewer, {
          planId: plan.planId,
          ...(code ? { couponCode: code } : {}),
          expectedAmount: q.amount,
        });
        expect({ plan: plan.planId, code, status: opened.status }).toEqual({
          plan: plan.planId,
          code,
          status: 201,
        });
        expect(opened.body.amount).toBe(q.amount);
        expect((await submitCard(viewer.client, opened.body.sessionId)).status).toBe(200);
        const done = await eventually(async () => {
          const c = await getCheckout(viewer, opened.body.checkoutId);
          return c.status === 'PAID' ? c : null;
        });
        expect(done.amount).toBe(q.amount);
        const [ledger] = await host().query<{ amount_cents: number }>(
          'SELECT amount_cents FROM payments WHERE checkout_id = $1',
          [done.checkoutId],
        );
        expect(ledger?.amount_cents).toBe(Math.round(q.amount * 100));
        paid++;
      }
    // 4 plans without a coupon, 4 with WELCOME20, SEASON50 on the season pass only.
    expect(paid).toBe(9);
  }, 240_000);

  it('pays SEASON50 on Season at 19.99, the figure the page shows', async () => {
    const viewer = await newViewer(suite.api, 'season50');
    const q = (await quote(viewer, 'season', 'SEASON50')).body;
    expect(q).toMatchObject({ listPrice: 39.99, amount: 19.99, discount: 20, renewal: null });
    const check = await viewer.client.get<{ quote: PriceQuote }>(
      '/api/v1/billing/coupons/check?code=SEASON50&planId=season',
      { bearer: viewer.bearer },
    );
    expect(check.body.quote.amount).toBe(19.99);
    const opened = await createCheckout(viewer, {
      planId: 'season',
      couponCode: 'SEASON50',
      expectedAmount: 19.99,
    });
    expect(opened.status).toBe(201);
    expect(opened.body.renewal).toBeNull();
  });

  it('states the renewal at the list price and its date before payment, and once paid', async () => {
    const viewer = await newViewer(suite.api, 'renewal-terms');
    const q = (await quote(viewer, 'monthly', 'WELCOME20')).body;
    expect(q).toMatchObject({ amount: 7.99, discount: 2 });
    expect(q.renewal).toMatchObject({ amount: 9.99, currency: 'USD', everyDays: 30 });
    const opened = await createCheckout(viewer, {
      planId: 'monthly',
      couponCode: 'WELCOME20',
      expectedAmount: q.amount,
    });
    expect(opened.body.renewal).toMatchObject({ amount: 9.99, everyDays: 30 });
    // The provider's page states the renewal too (the sandbox shows the session's description).
    const page = await viewer.client.get<{ description: string }>(
      `/api/v1/sandbox-provider/sessions/${opened.body.sessionId}`,
    );
    expect(page.body.description).toBe(
      'Monthly (30 days), then 9.99 USD every 30 days until you cancel',
    );
    expect((await submitCard(viewer.client, opened.body.sessionId)).status).toBe(200);
    const paid: Checkout = await eventually(async () => {
      const c = await getCheckout(viewer, opened.body.checkoutId);
      return c.status === 'PAID' ? c : null;
    });
    const subscription = await subscriptionOf(viewer);
    // The account's subscription says what the renewal charges: the list price.
    expect(subscription.renewalAmount).toBe(9.99);
    expect(paid.renewal).toEqual({
      amount: 9.99,
      currency: 'USD',
      at: subscription.periodEnd,
      everyDays: 30,
    });
    // A second Monthly now would start after the running period: its renewal says so.
    const next = (await quote(viewer, 'monthly', null)).body;
    const periodEnd = new Date(subscription.periodEnd ?? 0).getTime();
    expect(new Date(next.renewal?.at ?? 0).getTime()).toBe(periodEnd + 30 * 24 * 60 * 60 * 1000);
  });
});
