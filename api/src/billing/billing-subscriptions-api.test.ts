/** @jest-environment node */
/**
 * The billing API over real HTTP, on PGlite and PostgreSQL: subscription transitions on the
 * injectable clock, entitlement, devices, the account and payment history.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentPage } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  buyPlan,
  countRows,
  entitlement,
  expectErrorShape,
  newViewer,
  registerDevice,
  signInAgain,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { DAY, billingApiWithTestRows, device } from '../testing/billing-api-rows';

describeEachDatabase('Billing API: subscriptions, devices and the account', (host) => {
  const s = billingApiWithTestRows(host);

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
      const viewer = await newViewer(s.api);
      const res = await register(viewer, { ...device(randomUUID()), ...change });
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 'VALIDATION_FAILED');
      expect(String(res.body.message)).toContain(field);
      expect(await countRows(host(), 'devices', viewer.userId)).toBe(0);
    });

    it('registers every browser whatever the plan (maxDevices counts screens playing); signing one out removes it', async () => {
      const viewer = await newViewer(s.api);
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
      const viewer = await newViewer(s.api);
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
      const viewer = await newViewer(s.api);
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
    const client = s.api.client();
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
    const res = await s.api.client().get<{ paths: Record<string, unknown> }>('/docs/json');
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
