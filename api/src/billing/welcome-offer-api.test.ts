/** @jest-environment node */
/**
 * The welcome coupon on /plans (decision 393): offered to an account that has never paid, while
 * the code is on sale, and never again once the account has paid or used it.
 */
import type { WelcomeOffer } from '@crease/contract';
import { buyPlan, newViewer } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('The welcome offer', (host) => {
  const suite = billingApiForSuite(host);
  const offerOf = async (viewer: Viewer) => {
    const answer = await viewer.client.get<WelcomeOffer>('/api/v1/billing/welcome-offer', {
      bearer: viewer.bearer,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    return answer.body;
  };

  it('offers WELCOME20 to a new account until it is used', async () => {
    const viewer = await newViewer(suite.api, 'welcome-new');
    expect(await offerOf(viewer)).toEqual({ coupon: { code: 'WELCOME20', percentage: 20 } });
    await buyPlan(viewer, 'monthly', 'WELCOME20');
    expect(await offerOf(viewer)).toEqual({ coupon: null });
  });

  it('offers nothing to an account that has paid without it', async () => {
    const viewer = await newViewer(suite.api, 'welcome-paid');
    await buyPlan(viewer, 'match-pass');
    expect(await offerOf(viewer)).toEqual({ coupon: null });
  });

  it('offers nothing while the code is off sale, and needs a signed-in caller', async () => {
    const viewer = await newViewer(suite.api, 'welcome-ended');
    await host().query("UPDATE coupons SET valid_until = valid_from WHERE code = 'WELCOME20'");
    try {
      expect(await offerOf(viewer)).toEqual({ coupon: null });
    } finally {
      await host().query("UPDATE coupons SET valid_until = NULL WHERE code = 'WELCOME20'");
    }
    expect((await suite.api.client().get('/api/v1/billing/welcome-offer')).status).toBe(401);
  });
});
