/** @jest-environment node */
/**
 * The billing API over real HTTP (issue 11), on PGlite and PostgreSQL: plans, coupons, checkout
 * and its bad inputs, the sandbox's hosted card page, trial, subscription transitions on the
 * injectable clock, entitlement, devices, account and payment history. Every bad input is a
 * 4xx in the spec's error shape and leaves no checkout, charge or subscription behind.
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import type { PaymentPage, Plan } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  buyPlan,
  countRows,
  createCheckout,
  entitlement,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  registerDevice,
  signInAgain,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

const DAY = 24 * 60 * 60;
const device = (vidictId: string, deviceOs = 'WEB', deviceType = 'CHROME') => ({
  vidictId,
  deviceOs,
  deviceType,
  appVersion: '1.0.0',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
});

describeEachDatabase('Billing API', (host) => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await host().start(BILLING_TEST_ENV);
    // Test-only catalogue rows: a retired plan and coupons in every bad state.
    await host().query(
      `INSERT INTO plans (id, name, description, max_devices, duration_days, order_number, price_cents, active)
       VALUES ('retired', 'Retired', 'No longer sold', 1, 30, 99, 499, false) ON CONFLICT DO NOTHING`,
    );
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, valid_until, redemption_limit, redeemed, plan_ids) VALUES
        ('OLD10', 10, now() - interval '30 days', now() - interval '1 day', NULL, 0, '[]'),
        ('SOON10', 10, now() + interval '30 days', NULL, NULL, 0, '[]'),
        ('GONE10', 10, now() - interval '1 day', NULL, 1, 1, '[]'),
        ('LAST1', 30, now() - interval '1 day', NULL, 1, 0, '[]')
       ON CONFLICT DO NOTHING`,
    );
  }, 60_000);
  afterAll(async () => {
    await api.close();
  });

  describe('plans', () => {
    it('lists active plans in orderNumber order with every spec field, cacheable', async () => {
      const client = api.client();
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
      viewer = await newViewer(api);
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
      const res = await api
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
      viewer = await newViewer(api);
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
      const res = await api
        .client()
        .postJson(
          '/api/v1/billing/checkouts',
          { planId: 'monthly' },
          { headers: { 'idempotency-key': 'k' } },
        );
      expect(res.status).toBe(401);
    });
  });

  describe('checkout and the sandbox card page', () => {
    it('prices with the coupon, pays with 4242…, and only the webhook activates the plan', async () => {
      const viewer = await newViewer(api);
      const vidictId = randomUUID();
      expect((await entitlement(viewer)).reason).toBe('NO_PLAN');
      const created = await createCheckout(viewer, {
        planId: 'monthly',
        couponCode: ' welcome20 ',
        expectedAmount: 7.99,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'OPEN',
        amount: 7.99,
        listPrice: 9.99,
        percentage: 20,
        couponCode: 'WELCOME20',
        paymentSystem: 'SANDBOX',
      });
      expect(created.body.redirectUrl).toBe(
        `http://localhost:4700/secure-payment?session=${created.body.sessionId}`,
      );
      const page = await viewer.client.get(
        `/api/v1/sandbox-provider/sessions/${created.body.sessionId}`,
      );
      expect(page.body).toMatchObject({ amount: 7.99, currency: 'USD', status: 'OPEN' });

      const paid = await submitCard(viewer.client, created.body.sessionId);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ status: 'SUCCEEDED' });
      const checkout = await eventually(async () => {
        const c = await getCheckout(viewer, created.body.checkoutId);
        return c.status === 'PAID' ? c : null;
      });
      expect(checkout.paymentId).toEqual(expect.any(String));
      const ent = await entitlement(viewer);
      expect(ent).toMatchObject({
        entitled: true,
        reason: 'ACTIVE_PLAN',
        state: 'ACTIVE',
        planId: 'monthly',
      });
      // On a device not registered, the same account may not watch.
      expect(await entitlement(viewer, vidictId)).toMatchObject({
        entitled: false,
        reason: 'DEVICE_NOT_REGISTERED',
      });
      const history = await viewer.client.get<PaymentPage>('/api/v1/billing/payments', {
        bearer: viewer.bearer,
      });
      expect(history.body.total).toBe(1);
      expect(history.body.payments[0]).toMatchObject({
        plan: 'Monthly',
        amount: 7.99,
        paymentSystem: 'SANDBOX',
        paymentDate: expect.any(Number),
      });
      expect(Number.isInteger(history.body.payments[0]?.paymentDate)).toBe(true);
      const receipt = await viewer.client.get(`/api/v1/billing/payments/${checkout.paymentId}`, {
        bearer: viewer.bearer,
      });
      expect(receipt.body).toMatchObject({
        couponCode: 'WELCOME20',
        listPrice: 9.99,
        email: viewer.email,
      });
      // The session cannot be paid twice.
      const again = await submitCard(viewer.client, created.body.sessionId);
      expect(again.status).toBe(409);
      expectErrorShape(again.body, 'SESSION_ALREADY_PAID');
      expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    });

    it.each([
      [SANDBOX_TEST_CARDS.declined, 'CARD_DECLINED'],
      [SANDBOX_TEST_CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS'],
    ])(
      'card %s fails with 402 %s, the checkout turns FAILED, and another card still pays',
      async (card, code) => {
        const viewer = await newViewer(api);
        const created = await createCheckout(viewer, { planId: 'match-pass' });
        const declined = await submitCard(viewer.client, created.body.sessionId, card);
        expect(declined.status).toBe(402);
        expectErrorShape(declined.body, code);
        const failed = await eventually(async () => {
          const c = await getCheckout(viewer, created.body.checkoutId);
          return c.status === 'FAILED' ? c : null;
        });
        expect(failed.failureCode).toBe(code);
        expect((await entitlement(viewer)).entitled).toBe(false);
        expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);
        expect((await submitCard(viewer.client, created.body.sessionId)).status).toBe(200);
        await eventually(
          async () => (await getCheckout(viewer, created.body.checkoutId)).status === 'PAID',
        );
        expect((await entitlement(viewer)).entitled).toBe(true);
      },
    );

    it('4000 0027 6000 3184 asks for confirmation; refusing fails, approving pays', async () => {
      const viewer = await newViewer(api);
      const created = await createCheckout(viewer, { planId: 'match-pass' });
      const session = created.body.sessionId;
      const step = await submitCard(
        viewer.client,
        session,
        SANDBOX_TEST_CARDS.requiresConfirmation,
      );
      expect(step.status).toBe(200);
      expect(step.body).toMatchObject({ status: 'REQUIRES_CONFIRMATION' });
      const confirmPath = `/api/v1/sandbox-provider/sessions/${session}/confirm`;
      const refused = await viewer.client.postJson(confirmPath, { approve: false });
      expect(refused.status).toBe(402);
      expectErrorShape(refused.body, 'AUTHENTICATION_FAILED');
      const notWaiting = await viewer.client.postJson(confirmPath, { approve: true });
      expect(notWaiting.status).toBe(409);
      expectErrorShape(notWaiting.body, 'SESSION_NOT_AWAITING_CONFIRMATION');
      await submitCard(viewer.client, session, SANDBOX_TEST_CARDS.requiresConfirmation);
      const approved = await viewer.client.postJson(confirmPath, { approve: true });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'SUCCEEDED' });
      await eventually(
        async () => (await getCheckout(viewer, created.body.checkoutId)).status === 'PAID',
      );
      const charges = await host().query(
        "SELECT status FROM sandbox_charges WHERE session_id = $1 AND status = 'succeeded'",
        [session],
      );
      expect(charges).toHaveLength(1);
    });

    it.each([
      ['4242 4242 4242 4241', 12, 2099, '123', 'CARD_NUMBER_INVALID'],
      ['4242', 12, 2099, '123', 'CARD_NUMBER_INVALID'],
      ['4242 4242 4242 4242', 13, 2099, '123', 'CARD_EXPIRY_INVALID'],
      ['4242 4242 4242 4242', 1, 2020, '123', 'CARD_EXPIRED'],
      ['4242 4242 4242 4242', 12, 2099, '12', 'CARD_CVC_INVALID'],
      ['4242 4242 4242 4242', 12, 2099, 'abc', 'CARD_CVC_INVALID'],
    ])(
      'refuses card %s %i/%i cvc %s with 400 %s and charges nothing',
      async (number, expMonth, expYear, cvc, code) => {
        const viewer = await newViewer(api);
        const created = await createCheckout(viewer, { planId: 'match-pass' });
        const res = await viewer.client.postJson(
          `/api/v1/sandbox-provider/sessions/${created.body.sessionId}/card`,
          { number, expMonth, expYear, cvc },
        );
        expect(res.status).toBe(400);
        expectErrorShape(res.body, code);
        expect(
          await host().query('SELECT id FROM sandbox_charges WHERE session_id = $1', [
            created.body.sessionId,
          ]),
        ).toHaveLength(0);
      },
    );

    it('answers 404 for an unknown session', async () => {
      const res = await submitCard(api.client(), 'cs_test_doesnotexist000');
      expect(res.status).toBe(404);
      expectErrorShape(res.body, 'SESSION_NOT_FOUND');
    });

    it('a double click and 100 concurrent clicks with one key make one checkout and one charge', async () => {
      const viewer = await newViewer(api);
      const key = randomUUID();
      const clicks = await Promise.all(
        Array.from({ length: 100 }, () => createCheckout(viewer, { planId: 'season' }, key)),
      );
      const ids = new Set(clicks.filter((c) => c.status === 201).map((c) => c.body.checkoutId));
      expect(ids.size).toBe(1);
      for (const click of clicks)
        if (click.status !== 201) {
          expect(click.status).toBe(409);
          expectErrorShape(click.body, 'IDEMPOTENCY_KEY_IN_USE');
        }
      const replay = await createCheckout(viewer, { planId: 'season' }, key);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(ids.has(replay.body.checkoutId)).toBe(true);
      expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(1);
      // Twenty Pay clicks on the card page: one charge.
      const pays = await Promise.all(
        Array.from({ length: 20 }, () => submitCard(viewer.client, replay.body.sessionId)),
      );
      expect(pays.filter((p) => p.status === 200)).toHaveLength(1);
      expect(pays.filter((p) => p.status === 409)).toHaveLength(19);
      await eventually(
        async () => (await getCheckout(viewer, replay.body.checkoutId)).status === 'PAID',
      );
      expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    });

    it('gives the last redemption of a limited coupon to one checkout', async () => {
      const [first, second] = [await newViewer(api), await newViewer(api)];
      const a = await createCheckout(first, { planId: 'monthly', couponCode: 'LAST1' });
      expect(a.status).toBe(201);
      const b = await createCheckout(second, { planId: 'monthly', couponCode: 'LAST1' });
      expect(b.status).toBe(409);
      expectErrorShape(b.body, 'COUPON_EXHAUSTED');
    });

    it("does not show a viewer someone else's checkout", async () => {
      const [owner, other] = [await newViewer(api), await newViewer(api)];
      const created = await createCheckout(owner, { planId: 'monthly' });
      const res = await other.client.get(`/api/v1/billing/checkouts/${created.body.checkoutId}`, {
        bearer: other.bearer,
      });
      expect(res.status).toBe(404);
      expectErrorShape(res.body, 'CHECKOUT_NOT_FOUND');
    });
  });

  describe('trial', () => {
    it('activates once per account and once per device', async () => {
      const viewer = await newViewer(api);
      const vidictId = randomUUID();
      const offer = await viewer.client.get(`/api/v1/billing/trial?vidictId=${vidictId}`, {
        bearer: viewer.bearer,
      });
      expect(offer.body).toMatchObject({ available: true, reason: null, limits: { days: 7 } });
      await registerDevice(viewer, vidictId);
      const trial = await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId },
        { bearer: viewer.bearer },
      );
      expect(trial.status).toBe(201);
      expect(trial.body).toMatchObject({ state: 'TRIAL', planId: 'trial', entitled: true });
      expect(await entitlement(viewer)).toMatchObject({
        entitled: true,
        reason: 'TRIAL',
        trialSecondsLeft: 7200,
        trialTodaySecondsLeft: 1800,
      });
      const second = await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId: randomUUID() },
        { bearer: viewer.bearer },
      );
      expect(second.status).toBe(409);
      expectErrorShape(second.body, 'TRIAL_ALREADY_USED');

      const farmer = await newViewer(api);
      // The same browser, signed in to another account (a trial names only a registered device).
      await registerDevice(farmer, vidictId);
      const sameDevice = await farmer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId },
        { bearer: farmer.bearer },
      );
      expect(sameDevice.status).toBe(409);
      expectErrorShape(sameDevice.body, 'TRIAL_DEVICE_ALREADY_USED');
      expect((await entitlement(farmer)).reason).toBe('NO_PLAN');
      expect(await countRows(host(), 'subscription_transitions', farmer.userId)).toBe(0);
    });

    it('is not offered to a paying viewer', async () => {
      const viewer = await newViewer(api);
      await buyPlan(viewer, 'match-pass');
      const res = await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId: randomUUID() },
        { bearer: viewer.bearer },
      );
      expect(res.status).toBe(409);
      expectErrorShape(res.body, 'PLAN_ALREADY_ACTIVE');
    });
  });

  describe('subscription transitions on the injectable clock', () => {
    let clocked: RunningApi;
    beforeAll(async () => {
      clocked = await host().start(BILLING_TEST_ENV);
    });
    afterAll(async () => {
      await clocked.close();
    });

    const states = async (viewer: Viewer) =>
      (
        await host().query<{ from_state: string; to_state: string; cause: string }>(
          'SELECT from_state, to_state, cause FROM subscription_transitions WHERE user_id = $1 ORDER BY id',
          [viewer.userId],
        )
      ).map((t) => `${t.from_state}>${t.to_state}:${t.cause.split(':')[0]}`);

    it('NONE → TRIAL → EXPIRED → ACTIVE → CANCELLED → EXPIRED → ACTIVE', async () => {
      const viewer = await newViewer(clocked);
      const subscription = async () =>
        (await viewer.client.get('/api/v1/billing/subscription', { bearer: viewer.bearer })).body;
      const cancel = () =>
        viewer.client.postJson(
          '/api/v1/billing/subscription/cancel',
          {},
          { bearer: viewer.bearer },
        );

      expect(await subscription()).toMatchObject({ state: 'NONE', entitled: false });
      const noPlan = await cancel();
      expect(noPlan.status).toBe(409);
      expectErrorShape(noPlan.body, 'NO_ACTIVE_SUBSCRIPTION');

      const vidictId = randomUUID();
      await registerDevice(viewer, vidictId);
      await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId },
        { bearer: viewer.bearer },
      );
      expect(await subscription()).toMatchObject({ state: 'TRIAL', entitled: true });
      expect((await cancel()).status).toBe(409);

      await clocked.advanceClock(8 * DAY);
      await signInAgain(viewer);
      expect(await subscription()).toMatchObject({ state: 'EXPIRED', entitled: false });
      expect((await entitlement(viewer)).reason).toBe('TRIAL_EXPIRED');

      const checkout = await buyPlan(viewer, 'monthly');
      const active = await subscription();
      expect(active).toMatchObject({ state: 'ACTIVE', planId: 'monthly', entitled: true });
      const periodEnd = new Date(String(active.periodEnd)).getTime();
      expect(periodEnd - new Date(String(active.periodStart)).getTime()).toBe(30 * DAY * 1000);
      expect(checkout.status).toBe('PAID');

      const cancelled = await cancel();
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ state: 'CANCELLED', entitled: true });
      const twice = await cancel();
      expect(twice.status).toBe(409);
      expectErrorShape(twice.body, 'SUBSCRIPTION_ALREADY_CANCELLED');
      expect((await entitlement(viewer)).reason).toBe('CANCELLED_UNTIL_PERIOD_END');

      await clocked.advanceClock(29 * DAY);
      await signInAgain(viewer);
      expect((await entitlement(viewer)).entitled).toBe(true);
      await clocked.advanceClock(2 * DAY);
      await signInAgain(viewer);
      expect(await entitlement(viewer)).toMatchObject({ entitled: false, reason: 'PLAN_EXPIRED' });

      await buyPlan(viewer, 'match-pass');
      expect(await subscription()).toMatchObject({ state: 'ACTIVE', planId: 'match-pass' });
      expect(await states(viewer)).toEqual([
        'NONE>TRIAL:trial',
        'TRIAL>EXPIRED:expiry',
        'EXPIRED>ACTIVE:payment',
        'ACTIVE>CANCELLED:cancel',
        'CANCELLED>EXPIRED:expiry',
        'EXPIRED>ACTIVE:payment',
      ]);
    });

    it('paying again while active extends the period from its end', async () => {
      const viewer = await newViewer(clocked);
      await buyPlan(viewer, 'match-pass');
      const first = (await entitlement(viewer)).periodEnd;
      await buyPlan(viewer, 'match-pass');
      const second = (await entitlement(viewer)).periodEnd;
      expect(new Date(String(second)).getTime() - new Date(String(first)).getTime()).toBe(
        DAY * 1000,
      );
      expect(await states(viewer)).toEqual(['NONE>ACTIVE:payment', 'ACTIVE>ACTIVE:payment']);
    });
  });

  describe('devices', () => {
    const register = (viewer: Viewer, body: Record<string, unknown>) =>
      viewer.client.postJson('/api/v1/devices', body, { bearer: viewer.bearer });

    it.each([
      ['deviceOs', { deviceOs: 'BEOS' }],
      ['deviceType', { deviceType: 'NETSCAPE' }],
      ['deviceOs', { deviceOs: 'web' }],
    ])('refuses an unknown %s value with the allowed list', async (field, change) => {
      const viewer = await newViewer(api);
      const res = await register(viewer, { ...device(randomUUID()), ...change });
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 'VALIDATION_FAILED');
      expect(String(res.body.message)).toContain(field);
      expect(await countRows(host(), 'devices', viewer.userId)).toBe(0);
    });

    it('registers every browser whatever the plan (maxDevices counts screens playing); signing one out removes it', async () => {
      const viewer = await newViewer(api);
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
      // A new account (no subscription row yet) and a device it has not registered.
      expect(await entitlement(viewer, a)).toMatchObject({
        entitled: false,
        reason: 'NO_PLAN',
        deviceRegistered: false,
      });
      // Without a plan: still every browser, never a 409 for the limit (decision 265).
      expect((await register(viewer, device(a))).status).toBe(201);
      expect(await entitlement(viewer, a)).toMatchObject({
        entitled: false,
        reason: 'NO_PLAN',
        deviceRegistered: true,
      });
      expect(await entitlement(viewer, b)).toMatchObject({ deviceRegistered: false });
      expect((await register(viewer, device(a))).status).toBe(200);
      expect((await register(viewer, device(b, 'IOS', 'SAFARI'))).status).toBe(201);
      expect((await register(viewer, device(c, 'ANDROID_TV', 'APP'))).status).toBe(201);
      await buyPlan(viewer, 'monthly'); // two screens at a time
      expect(await entitlement(viewer, a)).toMatchObject({
        entitled: true,
        deviceRegistered: true,
      });
      const list = await viewer.client.get('/api/v1/devices', { bearer: viewer.bearer });
      expect(list.body).toMatchObject({ maxDevices: 2 });
      expect((list.body.devices as { vidictId: string }[]).map((d) => d.vidictId)).toEqual([
        a,
        b,
        c,
      ]);

      const out = await viewer.client.request(
        'DELETE',
        `/api/v1/devices/${a}`,
        undefined,
        undefined,
        {
          bearer: viewer.bearer,
        },
      );
      expect(out.status).toBe(204);
      expect(await entitlement(viewer, a)).toMatchObject({
        entitled: false,
        reason: 'DEVICE_NOT_REGISTERED',
      });
      const again = await viewer.client.request(
        'DELETE',
        `/api/v1/devices/${a}`,
        undefined,
        undefined,
        {
          bearer: viewer.bearer,
        },
      );
      expect(again.status).toBe(404);
      expectErrorShape(again.body, 'DEVICE_NOT_FOUND');
    });
  });

  describe('account', () => {
    it('gives the product contract account overview, and changes video quality and email subscription', async () => {
      const viewer = await newViewer(api);
      await buyPlan(viewer, 'season', 'SEASON50');
      const overview = await viewer.client.get('/api/v1/account', { bearer: viewer.bearer });
      expect(overview.status).toBe(200);
      expect(Object.keys(overview.body).sort()).toEqual(
        [
          'userProfile',
          'userPlans',
          'payments',
          'channels',
          'statics',
          'loginId',
          'errorText',
        ].sort(),
      );
      expect(overview.body).toMatchObject({
        loginId: viewer.email,
        userProfile: { planId: 'season', planActive: true, planStatus: 'ACTIVE' },
        userPlans: [{ planId: 'season', maxDevices: 3 }],
        payments: [{ plan: 'Season', amount: 19.99 }],
        statics: { subscription: { state: 'ACTIVE' }, maxDevices: 3, emailSubscribe: false },
      });
      const me = await viewer.client.get('/api/v1/me', { bearer: viewer.bearer });
      expect(me.body).toMatchObject({ planId: 'season', planActive: true });

      const settings = (body: unknown) =>
        viewer.client.request(
          'PATCH',
          '/api/v1/account/settings',
          JSON.stringify(body),
          'application/json',
          {
            bearer: viewer.bearer,
          },
        );
      const changed = await settings({ videoQuality: 'HD', emailSubscribe: true });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ videoQuality: 'HD', emailSubscribe: true, region: 'GLOBAL' });
      expect((await viewer.client.get('/api/v1/me', { bearer: viewer.bearer })).body).toMatchObject(
        {
          videoQuality: 'HD',
        },
      );
      for (const bad of [{ videoQuality: 'ULTRA' }, {}, { emailSubscribe: 'yes' }]) {
        const res = await settings(bad);
        expect(res.status).toBe(400);
        expectErrorShape(res.body, 'VALIDATION_FAILED');
      }
    });

    it('pages the payment history newest first', async () => {
      const viewer = await newViewer(api);
      await buyPlan(viewer, 'match-pass');
      await buyPlan(viewer, 'monthly');
      // Annual, not Season: a pass is not sold on top of a running subscription (decision 391).
      await buyPlan(viewer, 'annual');
      const page = (query: string) =>
        viewer.client.get<PaymentPage>(`/api/v1/billing/payments${query}`, {
          bearer: viewer.bearer,
        });
      const all = await page('');
      expect(all.body.payments.map((p) => p.plan)).toEqual(['Annual', 'Monthly', 'Match Pass']);
      const second = await page('?page=2&pageSize=1');
      expect(second.body).toMatchObject({
        page: 2,
        pageSize: 1,
        total: 3,
        payments: [{ plan: 'Monthly' }],
      });
      for (const bad of ['?page=0', '?pageSize=51', '?page=x', '?sort=asc']) {
        const res = await page(bad);
        expect(res.status).toBe(400);
        expectErrorShape(res.body, 'VALIDATION_FAILED');
      }
    });
  });

  it('seeds idempotently: after several starts the demo viewer has one running plan and one payment', async () => {
    // Every API instance of this suite ran the seeders on the same database.
    const again = await host().start(BILLING_TEST_ENV);
    await again.close();
    const client = api.client();
    const token = await client.signIn('demo@crease.test', 'demo-viewer-2024');
    expect(token.status).toBe(200);
    const demo = { email: 'demo@crease.test', userId: '', bearer: token.body.access_token, client };
    expect(await entitlement(demo)).toMatchObject({ entitled: true, reason: 'ACTIVE_PLAN' });
    const history = await client.get<PaymentPage>('/api/v1/billing/payments', {
      bearer: demo.bearer,
    });
    expect(history.body.total).toBe(1);
    const catalogue = await host().query<{ n: string | number }>(
      "SELECT count(*) AS n FROM coupons WHERE code IN ('WELCOME20', 'SEASON50')",
    );
    expect(Number(catalogue[0]?.n)).toBe(2);
    const welcome = await host().query("SELECT percentage FROM coupons WHERE code = 'WELCOME20'");
    expect(welcome[0]).toMatchObject({ percentage: 20 });
  });

  it('lists every billing path in the OpenAPI document', async () => {
    const res = await api.client().get<{ paths: Record<string, unknown> }>('/docs/json');
    for (const path of [
      '/api/v1/billing/plans',
      '/api/v1/storefront',
      '/api/v1/billing/coupons/check',
      '/api/v1/billing/checkouts',
      '/api/v1/billing/checkouts/{checkoutId}',
      '/api/v1/billing/trial',
      '/api/v1/billing/subscription/cancel',
      '/api/v1/billing/subscription/resume',
      '/api/v1/billing/subscription/change',
      '/api/v1/billing/payments',
      '/api/v1/entitlement',
      '/api/v1/account',
      '/api/v1/account/settings',
      '/api/v1/devices',
      '/api/v1/devices/{vidictId}',
      '/api/v1/billing/webhooks/{provider}',
      '/api/v1/sandbox-provider/sessions/{sessionId}/card',
    ])
      expect(Object.keys(res.body.paths)).toContain(path);
  });
});
