/** @jest-environment node */
/**
 * Issue 31 §7 and §8 over real HTTP (decision 391): an upgrade credits the unused value of every
 * prepaid period, not only the last one, and says so in the quote; a plan that would lower the
 * running one (a pass on a subscription, fewer screens) is not sold on top of it, and one paid
 * anyway (a checkout opened before the subscription began) adds its days and replaces nothing.
 */
import type { Checkout, PlanChangeQuote, Subscription } from '@crease/contract';
import {
  buyPlan,
  changePlan,
  countRows,
  createCheckout,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

const DAY_MS = 24 * 60 * 60 * 1000;
const ms = (iso: string | null) => new Date(String(iso)).getTime();
const cents = (major: number) => Math.round(major * 100);

describeEachDatabase('Prepaid time and plans bought on top of each other', (host) => {
  const suite = billingApiForSuite(host);

  const subscriptionOf = async (viewer: Viewer) =>
    (
      await viewer.client.get<Subscription>('/api/v1/billing/subscription', {
        bearer: viewer.bearer,
      })
    ).body;

  it('an upgrade credits every prepaid period pro rata, shows each in the quote, and loses none of it', async () => {
    const viewer = await newViewer(suite.api, 'stacked-upgrade');
    // A Match Pass, then Monthly twice: three prepaid periods, one after the other.
    await buyPlan(viewer, 'match-pass');
    await buyPlan(viewer, 'monthly');
    await buyPlan(viewer, 'monthly');
    const before = await subscriptionOf(viewer);
    expect(before).toMatchObject({ planId: 'monthly', renews: true });

    const quote = await viewer.client.get<PlanChangeQuote>(
      '/api/v1/billing/subscription/change?planId=annual',
      { bearer: viewer.bearer },
    );
    expect(quote.status).toBe(200);
    expect(quote.body.kind).toBe('UPGRADE');
    expect(quote.body.givesUpUntil).toBe(before.periodEnd);
    expect(quote.body.credits.map((c) => c.planName)).toEqual(['Match Pass', 'Monthly', 'Monthly']);
    expect(quote.body.credits.map((c) => c.paid)).toEqual([2.99, 9.99, 9.99]);
    // The two Monthly periods have not begun: all of them comes back. The pass has run a few
    // seconds of its day: at most a cent less.
    expect(quote.body.credits[1]?.credit).toBe(9.99);
    expect(quote.body.credits[2]?.credit).toBe(9.99);
    expect(quote.body.credits[0]?.credit).toBeGreaterThanOrEqual(2.98);
    expect(quote.body.credits[0]?.credit).toBeLessThanOrEqual(2.99);
    const creditCents = quote.body.credits.reduce((sum, c) => sum + cents(c.credit), 0);
    expect(cents(quote.body.credit)).toBe(creditCents);
    expect(cents(quote.body.amount) + cents(quote.body.credit)).toBe(6999);

    const upgraded = await changePlan(viewer, 'annual');
    expect(upgraded.status).toBe(200);
    // Priced again at the charge, a moment later: the same periods, the same rule.
    expect(cents(upgraded.body.amount) + cents(upgraded.body.credit)).toBe(6999);
    expect(upgraded.body.credit).toBeGreaterThanOrEqual(22.96);
    const sub = upgraded.body.subscription;
    expect(sub).toMatchObject({ planId: 'annual', renews: true, kind: 'SUBSCRIPTION' });
    expect(ms(sub.periodEnd) - ms(sub.periodStart)).toBe(365 * DAY_MS);

    // After the upgrade the Annual period is the one prepaid period: a later quote counts only it.
    await suite.api.advanceClock(73 * 24 * 60 * 60);
    const after = await viewer.client.get<PlanChangeQuote & { code?: string }>(
      '/api/v1/billing/subscription/change?planId=monthly',
      { bearer: viewer.bearer },
    );
    expect(after.body).toMatchObject({ kind: 'DOWNGRADE', credits: [], givesUpUntil: null });
  });

  it('a pass is not sold on top of a running subscription: a clear 409, nothing created, the subscription as it was', async () => {
    const viewer = await newViewer(suite.api, 'pass-on-annual');
    await buyPlan(viewer, 'annual');
    const before = await subscriptionOf(viewer);

    const pass = await createCheckout(viewer, { planId: 'match-pass' });
    expect(pass.status).toBe(409);
    expectErrorShape(pass.body, 'PLAN_WOULD_DOWNGRADE');
    expect(pass.body.message).toContain(
      'Your Annual subscription already includes every match on 4 screens',
    );
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(1);
    expect(await subscriptionOf(viewer)).toEqual(before);
    expect(before).toMatchObject({ planId: 'annual', kind: 'SUBSCRIPTION', renews: true });
  });

  it('a plan with fewer screens is not sold during a running pass', async () => {
    const viewer = await newViewer(suite.api, 'monthly-on-season');
    await buyPlan(viewer, 'season');
    const monthly = await createCheckout(viewer, { planId: 'monthly' });
    expect(monthly.status).toBe(409);
    expectErrorShape(monthly.body, 'PLAN_WOULD_DOWNGRADE');
    expect(monthly.body.message).toContain('Monthly has 2 screens and your Season gives 3 screens');
    // A plan with at least as many screens is added at the end of the prepaid time.
    const seasonEnd = (await subscriptionOf(viewer)).periodEnd;
    await buyPlan(viewer, 'annual');
    const after = await subscriptionOf(viewer);
    expect(after).toMatchObject({ planId: 'annual', renews: true });
    expect(ms(after.periodEnd)).toBe(ms(seasonEnd) + 365 * DAY_MS);
  });

  it('a pass paid after a subscription began adds its day and replaces nothing', async () => {
    const viewer = await newViewer(suite.api, 'late-pass');
    // The pass's checkout is opened before there is any plan (another tab, earlier)...
    const pass = await createCheckout(viewer, { planId: 'match-pass' });
    expect(pass.status).toBe(201);
    // ...then the viewer subscribes to Annual, and only then pays the pass.
    await buyPlan(viewer, 'annual');
    const annual = await subscriptionOf(viewer);
    expect((await submitCard(viewer.client, pass.body.sessionId)).status).toBe(200);
    await eventually(async () => {
      const checkout: Checkout = await getCheckout(viewer, pass.body.checkoutId);
      return checkout.status === 'PAID';
    });

    const after = await subscriptionOf(viewer);
    expect(after).toMatchObject({
      state: 'ACTIVE',
      planId: 'annual',
      planName: 'Annual',
      kind: 'SUBSCRIPTION',
      renews: true,
      periodStart: annual.periodStart,
    });
    expect(ms(after.periodEnd)).toBe(ms(annual.periodEnd) + DAY_MS);
    expect(after.nextRenewalAt).toBe(after.periodEnd);
    const devices = await viewer.client.get<{ maxDevices: number }>('/api/v1/devices', {
      bearer: viewer.bearer,
    });
    expect(devices.body.maxDevices).toBe(4);
  });
});
