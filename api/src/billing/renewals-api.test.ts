/** @jest-environment node */
/**
 * Renewals over real HTTP on PGlite and PostgreSQL (issue 22 §1): a subscription's saved card is
 * charged at the period end on a moved clock, exactly once even with two API replicas running the
 * job at the same moment; a card that fails at renewal goes through grace to expiry; cancel,
 * resume, passes, and an upgrade with credit for the unused time.
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import type { PaymentPage, PaymentReceipt, PlanChangeQuote } from '@crease/contract';
import {
  buyPlan,
  changePlan,
  entitlement,
  expectErrorShape,
  newViewer,
  subscriptionOf,
  switchRenewal,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { BILLING_SUITE_ENV, billingApiForSuite } from '../testing/billing-suite';

const DAY = 24 * 60 * 60;
const MINUTE = 60;

const ms = (iso: string | null) => new Date(String(iso)).getTime();

describeEachDatabase('Renewals', (host) => {
  const suite = billingApiForSuite(host);

  const events = async (viewer: Viewer) =>
    (
      await host().query<{ type: string }>(
        // Receipts (invoice.issued) have their own test: receipts-api.test.ts.
        "SELECT type FROM billing_events WHERE user_id = $1 AND type <> 'invoice.issued' ORDER BY id",
        [viewer.userId],
      )
    ).map((e) => e.type);
  const history = async (viewer: Viewer) =>
    (await viewer.client.get<PaymentPage>('/api/v1/billing/payments', { bearer: viewer.bearer }))
      .body.payments;

  it('charges a Monthly subscription at its period end, once, and starts the next period', async () => {
    const viewer = await newViewer(suite.api, 'renews');
    await buyPlan(viewer, 'monthly');
    const first = await subscriptionOf(viewer);
    expect(first).toMatchObject({ state: 'ACTIVE', kind: 'SUBSCRIPTION', renews: true });
    expect(first.nextRenewalAt).toBe(first.periodEnd);

    // Not due yet: nothing happens.
    await suite.api.advanceClock(29 * DAY);
    await suite.api.runRenewals();
    expect(await history(viewer)).toHaveLength(1);

    await suite.api.advanceClock(DAY + MINUTE);
    await suite.api.runRenewals();
    const renewed = await subscriptionOf(viewer);
    expect(renewed).toMatchObject({ state: 'ACTIVE', renews: true, renewalFailures: 0 });
    expect(ms(renewed.periodEnd) - ms(first.periodEnd)).toBe(30 * DAY * 1000);
    expect(renewed.periodStart).toBe(first.periodEnd);
    const payments = await history(viewer);
    expect(payments).toHaveLength(2);
    expect(payments[0]).toMatchObject({ amount: 9.99, plan: 'Monthly' });
    expect(ms(payments[0]?.planEndDate ?? null)).toBe(ms(renewed.periodEnd));
    const receipt = await viewer.client.get<PaymentReceipt>(
      `/api/v1/billing/payments/${payments[0]?.paymentId}`,
      { bearer: viewer.bearer },
    );
    expect(receipt.body).toMatchObject({ kind: 'RENEWAL', checkoutId: null, credit: 0 });

    // Running again (the same or another pass) charges nothing more.
    await suite.api.runRenewals();
    expect(await history(viewer)).toHaveLength(2);
    expect(await events(viewer)).toEqual(['renewal.succeeded']);
  });

  it('two API replicas running the job at the same moment charge each subscription once', async () => {
    const replica = await host().start(BILLING_SUITE_ENV);
    try {
      const viewers = await Promise.all(
        Array.from({ length: 4 }, () => newViewer(suite.api, 'replicas')),
      );
      for (const viewer of viewers) await buyPlan(viewer, 'monthly');
      await Promise.all([suite.api.advanceClock(31 * DAY), replica.advanceClock(31 * DAY)]);
      const [a, b] = await Promise.all([suite.api.runRenewals(), replica.runRenewals()]);
      const ids = viewers.map((v) => v.userId);
      const charges = await host().query<{ n: string | number }>(
        `SELECT count(*) AS n FROM renewal_charges WHERE user_id = ANY($1::uuid[])`,
        [`{${ids.join(',')}}`],
      );
      const ledger = await host().query<{ user_id: string; n: string | number }>(
        `SELECT user_id, count(*) AS n FROM payments
          WHERE renewal_key IS NOT NULL AND user_id = ANY($1::uuid[]) GROUP BY user_id`,
        [`{${ids.join(',')}}`],
      );
      expect(Number(charges[0]?.n)).toBe(4);
      expect(ledger.map((row) => Number(row.n))).toEqual([1, 1, 1, 1]);
      // The renewals the two runners made add up to one per subscription, whoever made them.
      expect(a.renewed + b.renewed).toBeGreaterThanOrEqual(4);
      for (const viewer of viewers) expect(await history(viewer)).toHaveLength(2);
    } finally {
      await replica.close();
    }
  });

  it('a card that fails at renewal keeps access in grace, retries after 1, 3 and 5 days, then ends the plan', async () => {
    const viewer = await newViewer(suite.api, 'dunning');
    await buyPlan(viewer, 'monthly', undefined, SANDBOX_TEST_CARDS.failsAtRenewal);
    const paid = await subscriptionOf(viewer);
    const periodEnd = ms(paid.periodEnd);

    await suite.api.advanceClock(30 * DAY + MINUTE);
    await suite.api.runRenewals();
    const grace = await subscriptionOf(viewer);
    expect(grace).toMatchObject({ state: 'ACTIVE', entitled: true, renewalFailures: 1 });
    expect(ms(grace.nextRenewalAt)).toBe(periodEnd + 1 * DAY * 1000);
    expect(ms(grace.graceUntil)).toBe(periodEnd + 5 * DAY * 1000);
    expect((await entitlement(viewer)).entitled).toBe(true);

    await suite.api.advanceClock(1 * DAY);
    await suite.api.runRenewals();
    expect(ms((await subscriptionOf(viewer)).nextRenewalAt)).toBe(periodEnd + 3 * DAY * 1000);
    await suite.api.advanceClock(2 * DAY);
    await suite.api.runRenewals();
    const third = await subscriptionOf(viewer);
    expect(third).toMatchObject({ renewalFailures: 3, entitled: true });
    expect(ms(third.nextRenewalAt)).toBe(periodEnd + 5 * DAY * 1000);

    await suite.api.advanceClock(2 * DAY);
    await suite.api.runRenewals();
    const ended = await subscriptionOf(viewer);
    expect(ended).toMatchObject({
      state: 'EXPIRED',
      entitled: false,
      renews: false,
      endedReason: 'RENEWAL_FAILED',
    });
    expect(await entitlement(viewer)).toMatchObject({ entitled: false, reason: 'PLAN_EXPIRED' });
    expect(await history(viewer)).toHaveLength(1);
    expect(await events(viewer)).toEqual([
      'renewal.failed',
      'renewal.failed',
      'renewal.failed',
      'plan.ended',
    ]);
  });

  it('cancel turns renewal off and keeps access to the period end; resume turns it back on', async () => {
    const viewer = await newViewer(suite.api, 'cancels');
    await buyPlan(viewer, 'monthly');
    const cancelled = await switchRenewal(viewer, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'CANCELLED', renews: false, entitled: true });
    expect(cancelled.body.nextRenewalAt).toBeNull();

    const resumed = await switchRenewal(viewer, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ state: 'ACTIVE', renews: true, cancelledAt: null });
    expect(resumed.body.nextRenewalAt).toBe(resumed.body.periodEnd);
    const again = await switchRenewal(viewer, 'resume');
    expect(again.status).toBe(409);
    expectErrorShape(again.body, 'SUBSCRIPTION_NOT_CANCELLED');

    expect((await switchRenewal(viewer, 'cancel')).status).toBe(200);
    await suite.api.advanceClock(30 * DAY + MINUTE);
    await suite.api.runRenewals();
    const claimed = await host().query<{ n: string | number }>(
      'SELECT count(*) AS n FROM renewal_charges WHERE user_id = $1',
      [viewer.userId],
    );
    expect(Number(claimed[0]?.n)).toBe(0);
    expect(await subscriptionOf(viewer)).toMatchObject({
      state: 'EXPIRED',
      entitled: false,
      endedReason: 'CANCELLED',
    });
    expect(await history(viewer)).toHaveLength(1);
    const late = await switchRenewal(viewer, 'resume');
    expect(late.status).toBe(409);
    expectErrorShape(late.body, 'SUBSCRIPTION_NOT_CANCELLED');
  });

  it('a pass never renews and offers nothing to cancel', async () => {
    const viewer = await newViewer(suite.api, 'pass');
    await buyPlan(viewer, 'season');
    expect(await subscriptionOf(viewer)).toMatchObject({
      kind: 'PASS',
      renews: false,
      nextRenewalAt: null,
    });
    const cancel = await switchRenewal(viewer, 'cancel');
    expect(cancel.status).toBe(409);
    expectErrorShape(cancel.body, 'PLAN_DOES_NOT_RENEW');
    const upgrade = await changePlan(viewer, 'annual');
    expect(upgrade.status).toBe(409);
    expectErrorShape(upgrade.body, 'PLAN_CHANGE_NOT_ALLOWED');
    await suite.api.advanceClock(180 * DAY + MINUTE);
    await suite.api.runRenewals();
    expect(await subscriptionOf(viewer)).toMatchObject({
      state: 'EXPIRED',
      endedReason: 'PERIOD_ENDED',
    });
    expect(await history(viewer)).toHaveLength(1);
  });

  it('refuses bad plan changes with a clear 4xx and changes nothing', async () => {
    const viewer = await newViewer(suite.api, 'bad-change');
    const noPlan = await changePlan(viewer, 'annual');
    expect(noPlan.status).toBe(409);
    expectErrorShape(noPlan.body, 'PLAN_CHANGE_NOT_ALLOWED');
    await buyPlan(viewer, 'monthly');
    const before = await subscriptionOf(viewer);
    const unknown = await changePlan(viewer, 'no-such-plan');
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.body, 'PLAN_NOT_FOUND');
    const same = await changePlan(viewer, 'monthly');
    expect(same.status).toBe(409);
    expectErrorShape(same.body, 'PLAN_CHANGE_NOT_ALLOWED');
    const toPass = await changePlan(viewer, 'season');
    expect(toPass.status).toBe(409);
    const keyless = await viewer.client.postJson(
      '/api/v1/billing/subscription/change',
      { planId: 'annual' },
      { bearer: viewer.bearer },
    );
    expect(keyless.status).toBe(400);
    expectErrorShape(keyless.body, 'IDEMPOTENCY_KEY_REQUIRED');
    expect((await subscriptionOf(viewer)).planId).toBe(before.planId);
    expect(await history(viewer)).toHaveLength(1);
    // The same upgrade asked twice with one key (a double click) charges once.
    const key = randomUUID();
    const [first, second] = await Promise.all([
      changePlan(viewer, 'annual', key),
      changePlan(viewer, 'annual', key),
    ]);
    expect([first.status, second.status]).toContain(200);
    const after = await subscriptionOf(viewer);
    expect(after.planId).toBe('annual');
    expect(before.planId).toBe('monthly');
    expect(await history(viewer)).toHaveLength(2);
  });

  it('an upgrade is charged now less credit for the unused time; a downgrade starts at the period end', async () => {
    const viewer = await newViewer(suite.api, 'upgrade');
    await buyPlan(viewer, 'monthly');
    await suite.api.advanceClock(10 * DAY);
    const quote = await viewer.client.get<PlanChangeQuote>(
      '/api/v1/billing/subscription/change?planId=annual',
      { bearer: viewer.bearer },
    );
    expect(quote.status).toBe(200);
    expect(quote.body.kind).toBe('UPGRADE');
    // 20 of 30 days unused of 9.99: 6.66 (6.65 once a second of wall time has passed).
    expect(quote.body.credit).toBeGreaterThanOrEqual(6.65);
    expect(quote.body.credit).toBeLessThanOrEqual(6.66);
    expect(Math.round((quote.body.amount + quote.body.credit) * 100)).toBe(6999);

    const upgraded = await changePlan(viewer, 'annual');
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({ kind: 'UPGRADE', planId: 'annual' });
    expect(upgraded.body.subscription).toMatchObject({ planId: 'annual', renews: true });
    const sub = upgraded.body.subscription;
    expect(ms(sub.periodEnd) - ms(sub.periodStart)).toBe(365 * DAY * 1000);
    const receipt = await viewer.client.get<PaymentReceipt>(
      `/api/v1/billing/payments/${upgraded.body.paymentId}`,
      { bearer: viewer.bearer },
    );
    expect(receipt.body).toMatchObject({ kind: 'UPGRADE', amount: upgraded.body.amount });
    expect(receipt.body.credit).toBe(upgraded.body.credit);

    const down = await changePlan(viewer, 'monthly');
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ kind: 'DOWNGRADE', amount: 0, credit: 0 });
    expect(down.body.effectiveAt).toBe(sub.periodEnd);
    expect(down.body.subscription).toMatchObject({
      planId: 'annual',
      pendingPlanId: 'monthly',
      pendingPlanName: 'Monthly',
    });
    await suite.api.advanceClock(365 * DAY + MINUTE);
    await suite.api.runRenewals();
    const after = await subscriptionOf(viewer);
    expect(after).toMatchObject({ planId: 'monthly', pendingPlanId: null, state: 'ACTIVE' });
    expect((await history(viewer))[0]).toMatchObject({ plan: 'Monthly', amount: 9.99 });
  });
});
