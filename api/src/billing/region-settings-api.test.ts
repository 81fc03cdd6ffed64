/** @jest-environment node */
/**
 * The profile's region set by the viewer (decision 350) over real HTTP on PGlite and
 * PostgreSQL: PATCH /api/v1/account/settings takes GLOBAL or an assigned ISO 3166-1 alpha-2
 * code, refuses anything else with the spec's error shape and keeps what was stored, and the
 * next receipt's tax follows the region the viewer chose.
 */
import type { BillingHistoryPage, PaymentReceipt, UserProfile } from '@crease/contract';
import { REGION_RULE } from '@crease/contract';
import { buyPlan, expectErrorShape, newViewer } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

const ENV = {
  CREASE_TAX_RATES: 'GLOBAL=20,GB=20,IN=18,AU=10',
};

describeEachDatabase('The viewer sets their region', (host) => {
  const suite = billingApiForSuite(host, ENV);

  const patchSettings = (viewer: Viewer, body: unknown, xsrf = true) =>
    viewer.client.request<Record<string, unknown>>(
      'PATCH',
      '/api/v1/account/settings',
      JSON.stringify(body),
      'application/json',
      { bearer: viewer.bearer, xsrf },
    );
  const regionOf = async (viewer: Viewer) =>
    (await viewer.client.get<UserProfile>('/api/v1/me', { bearer: viewer.bearer })).body.region;
  const latestReceipt = async (viewer: Viewer) => {
    const history = await viewer.client.get<BillingHistoryPage>('/api/v1/billing/history', {
      bearer: viewer.bearer,
    });
    const paymentId = history.body.entries.find((entry) => entry.type === 'PAYMENT')?.paymentId;
    return (
      await viewer.client.get<PaymentReceipt>(`/api/v1/billing/payments/${paymentId}`, {
        bearer: viewer.bearer,
      })
    ).body;
  };

  it('starts at GLOBAL; a country code is stored, answered and shown on the profile', async () => {
    const viewer = await newViewer(suite.api, 'region-set');
    expect(await regionOf(viewer)).toBe('GLOBAL');
    const changed = await patchSettings(viewer, { region: 'GB' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ region: 'GB', videoQuality: 'AUTO' });
    expect(await regionOf(viewer)).toBe('GB');
    const overview = await viewer.client.get<{ userProfile: UserProfile }>('/api/v1/account', {
      bearer: viewer.bearer,
    });
    expect(overview.body.userProfile.region).toBe('GB');
    // GLOBAL is how a viewer goes back to "not set".
    expect((await patchSettings(viewer, { region: 'GLOBAL' })).body).toMatchObject({
      region: 'GLOBAL',
    });
  });

  it.each([['XX'], ['gb'], ['UK'], ['EU'], [''], ['GBR'], [' GB']])(
    'refuses region %p with VALIDATION_FAILED and keeps the stored one',
    async (region) => {
      const viewer = await newViewer(suite.api, 'region-bad');
      await patchSettings(viewer, { region: 'IN' });
      const refused = await patchSettings(viewer, { region, videoQuality: 'HD' });
      expect(refused.status).toBe(400);
      expectErrorShape(refused.body, 'VALIDATION_FAILED');
      expect(refused.body.message).toBe(REGION_RULE);
      const me = await viewer.client.get<UserProfile>('/api/v1/me', { bearer: viewer.bearer });
      // Nothing of the refused body was saved, not even its valid part.
      expect(me.body).toMatchObject({ region: 'IN', videoQuality: 'AUTO' });
    },
  );

  it('refuses a region that is not a string, and a change without sign-in or XSRF', async () => {
    const viewer = await newViewer(suite.api, 'region-type');
    const wrongType = await patchSettings(viewer, { region: 44 });
    expect(wrongType.status).toBe(400);
    expectErrorShape(wrongType.body, 'VALIDATION_FAILED');
    expect(wrongType.body.message).toBe('Field "region" must be string.');

    const noXsrf = await patchSettings(viewer, { region: 'AU' }, false);
    expect(noXsrf.status).toBe(403);
    const signedOut = await viewer.client.request(
      'PATCH',
      '/api/v1/account/settings',
      JSON.stringify({ region: 'AU' }),
      'application/json',
    );
    expect(signedOut.status).toBe(401);
    expectErrorShape(signedOut.body, 'UNAUTHORIZED');
    expect(await regionOf(viewer)).toBe('GLOBAL');
  });

  it('the next payment is taxed at the chosen region; an earlier invoice keeps its rate', async () => {
    const viewer = await newViewer(suite.api, 'region-tax');
    await patchSettings(viewer, { region: 'IN' });
    await buyPlan(viewer, 'match-pass');
    const inIndia = await latestReceipt(viewer);
    expect(inIndia).toMatchObject({ taxRegion: 'IN', taxRatePercent: 18 });
    expect(Math.round(((inIndia.net ?? 0) + (inIndia.tax ?? 0)) * 100)).toBe(
      Math.round(inIndia.amount * 100),
    );

    await patchSettings(viewer, { region: 'AU' });
    await buyPlan(viewer, 'monthly');
    const inAustralia = await latestReceipt(viewer);
    // Australia pays in its own dollars (decision 421): A$14.99 with 10 % included:
    // 1499 / 1.10 = 1362.7 → 13.63 net, 1.36 tax.
    expect(inAustralia).toMatchObject({
      taxRegion: 'AU',
      taxRatePercent: 10,
      currency: 'AUD',
      amount: 14.99,
      net: 13.63,
      tax: 1.36,
    });
    const again = await viewer.client.get<PaymentReceipt>(
      `/api/v1/billing/payments/${inIndia.paymentId}`,
      { bearer: viewer.bearer },
    );
    expect(again.body).toMatchObject({ taxRegion: 'IN', taxRatePercent: 18 });
  });
});
