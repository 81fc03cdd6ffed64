/** @jest-environment node */
/**
 * The billing API over real HTTP, on PGlite and PostgreSQL: plans, coupons and their enumeration,
 * and checkout's bad inputs, each a 4xx in the spec's error shape that leaves no checkout, charge
 * or subscription behind. The checkout itself and the trial: billing-checkout-api.test.ts;
 * subscription transitions, devices and the account: billing-subscriptions-api.test.ts.
 */
import type { Plan } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  countRows,
  createCheckout,
  expectErrorShape,
  newViewer,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { billingApiWithTestRows } from '../testing/billing-api-rows';

describeEachDatabase('Billing API: plans, coupons and bad checkouts', (host) => {
  const s = billingApiWithTestRows(host);

  describe('plans', () => {
    it('lists active plans in orderNumber order with every spec field, cacheable', async () => {
      const client = s.api.client();
      const res = await client.get<Plan[]>('/api/v1/billing/plans');
      expect(res.status).toBe(200);
      expect(res.body.map((p) => p.planId)).toEqual([
        'trial',
        'match-pass',
        'monthly',
        'season',
        'annual',
      ]);
      expect(Object.keys(res.body[2] ?? {}).sort()).toEqual(
        [
          'planId',
          'planName',
          'description',
          'maxDevices',
          'duration',
          'orderNumber',
          'price',
          'active',
          'status',
          'trial',
          'renews',
          'created',
          'updated',
          // Added by issue 34 §1 (decision 421): the region's currency and India's GST.
          'currency',
          'region',
          'taxBreakdown',
        ].sort(),
      );
      expect(res.body[2]).toMatchObject({
        price: 9.99,
        duration: 30,
        maxDevices: 2,
        status: 'ACTIVE',
        renews: true,
      });
      // Subscriptions renew until cancelled; passes (and the trial) simply end.
      expect(Object.fromEntries(res.body.map((p) => [p.planId, p.renews]))).toEqual({
        trial: false,
        'match-pass': false,
        monthly: true,
        season: false,
        annual: true,
      });
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      // A response shared by caches carries no cookie (no viewer's XSRF token for everyone).
      expect(res.headers.get('set-cookie')).toBeNull();
      const etag = res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^".+"$/);
      const again = await client.get('/api/v1/billing/plans', {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
    });
  });

  describe('coupons', () => {
    let viewer: Viewer;
    beforeAll(async () => {
      viewer = await newViewer(s.api);
    });
    const check = (code: string, planId = 'monthly') =>
      viewer.client.get(`/api/v1/billing/coupons/check?code=${code}&planId=${planId}`, {
        bearer: viewer.bearer,
      });

    it('checks a valid code case-insensitively (the product contract Coupon check)', async () => {
      const res = await check('welcome20');
      expect(res.status).toBe(200);
      // The product contract's fields, and the server's price for the plan (decision 397).
      expect(res.body).toEqual({
        valid: true,
        couponCode: 'WELCOME20',
        percentage: 20,
        quote: expect.objectContaining({ planId: 'monthly', amount: 7.99, discount: 2 }),
      });
    });

    it.each([
      ['NOSUCHCODE', 'monthly', 404, 'COUPON_NOT_FOUND'],
      ['OLD10', 'monthly', 410, 'COUPON_EXPIRED'],
      ['SOON10', 'monthly', 409, 'COUPON_NOT_YET_VALID'],
      ['GONE10', 'monthly', 409, 'COUPON_EXHAUSTED'],
      ['SEASON50', 'monthly', 422, 'COUPON_NOT_APPLICABLE'],
      ['WELCOME20', 'no-such-plan', 404, 'PLAN_NOT_FOUND'],
    ])('refuses %s for %s with %i %s', async (code, planId, status, errorCode) => {
      const res = await check(code, planId);
      expect(res.status).toBe(status);
      expectErrorShape(res.body, errorCode);
    });

    it('needs a signed-in viewer', async () => {
      const res = await s.api
        .client()
        .get('/api/v1/billing/coupons/check?code=WELCOME20&planId=monthly');
      expect(res.status).toBe(401);
    });
  });

  describe('coupon enumeration', () => {
    let strict: RunningApi;
    beforeAll(async () => {
      strict = await host().start({ ...BILLING_TEST_ENV, CREASE_COUPON_FAILURES_PER_ACCOUNT: '3' });
    });
    afterAll(async () => {
      await strict.close();
    });

    it('answers 429 after the failure budget, even for a valid code, and at checkout', async () => {
      const viewer = await newViewer(strict);
      for (const code of ['GUESS1', 'GUESS2', 'GUESS3']) {
        const res = await viewer.client.get(
          `/api/v1/billing/coupons/check?code=${code}&planId=monthly`,
          { bearer: viewer.bearer },
        );
        expect(res.status).toBe(404);
      }
      const limited = await viewer.client.get(
        '/api/v1/billing/coupons/check?code=WELCOME20&planId=monthly',
        { bearer: viewer.bearer },
      );
      expect(limited.status).toBe(429);
      expectErrorShape(limited.body, 'TOO_MANY_ATTEMPTS');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const checkout = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
      expect(checkout.status).toBe(429);
      expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
      // Without a coupon the viewer can still buy.
      expect((await createCheckout(viewer, { planId: 'monthly' })).status).toBe(201);
    });
  });

  describe('checkout: bad input creates nothing', () => {
    let viewer: Viewer;
    beforeAll(async () => {
      viewer = await newViewer(s.api);
    });
    afterEach(async () => {
      expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
      expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);
      expect(await countRows(host(), 'subscription_transitions', viewer.userId)).toBe(0);
    });

    it.each([
      ['a tampered price', { planId: 'monthly', expectedAmount: 0.01 }, 409, 'PRICE_CHANGED'],
      ['a negative price', { planId: 'monthly', expectedAmount: -9.99 }, 400, 'VALIDATION_FAILED'],
      ['a price field of its own', { planId: 'monthly', price: 0.01 }, 400, 'VALIDATION_FAILED'],
      ['an unknown plan', { planId: 'platinum' }, 404, 'PLAN_NOT_FOUND'],
      ['an inactive plan', { planId: 'retired' }, 409, 'PLAN_INACTIVE'],
      ['the trial plan', { planId: 'trial' }, 404, 'PLAN_NOT_FOUND'],
      ['an unknown coupon', { planId: 'monthly', couponCode: 'NOPE' }, 404, 'COUPON_NOT_FOUND'],
      ['an expired coupon', { planId: 'monthly', couponCode: 'OLD10' }, 410, 'COUPON_EXPIRED'],
      ['an exhausted coupon', { planId: 'monthly', couponCode: 'GONE10' }, 409, 'COUPON_EXHAUSTED'],
      ['a string price', { planId: 'monthly', expectedAmount: '9.99' }, 400, 'VALIDATION_FAILED'],
    ])('refuses %s', async (_, body, status, code) => {
      const res = await createCheckout(viewer, body);
      expect(res.status).toBe(status);
      expectErrorShape(res.body, code);
    });

    it('needs an Idempotency-Key', async () => {
      const res = await viewer.client.postJson(
        '/api/v1/billing/checkouts',
        { planId: 'monthly' },
        { bearer: viewer.bearer },
      );
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 'IDEMPOTENCY_KEY_REQUIRED');
    });

    it('needs a signed-in viewer', async () => {
      const res = await s.api
        .client()
        .postJson(
          '/api/v1/billing/checkouts',
          { planId: 'monthly' },
          { headers: { 'idempotency-key': 'k' } },
        );
      expect(res.status).toBe(401);
    });
  });
});
