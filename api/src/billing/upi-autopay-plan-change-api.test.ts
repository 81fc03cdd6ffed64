/** @jest-environment node */
/**
 * Changing plan on a UPI AutoPay mandate (decision 491), over real HTTP on a moved clock. The RBI
 * lets a mandate be debited only after a notice a day ahead, so an upgrade is not debited now: it
 * starts at the renewal, which debits the new price after its notice. Once that notice is out, no
 * change is made, so the debit is always the amount announced: on PGlite and PostgreSQL, and raced
 * against the notice job on PostgreSQL.
 */
import type { PlanChangeQuote } from '@crease/contract';
import { changePlan, expectErrorShape, subscriptionOf } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';
import { describeEachDatabase } from '../testing/test-api';
import type { ApiHost } from '../testing/test-api';
import {
  debitNotices,
  indianViewer,
  mandateDebits,
  mandateRow,
  subscribeWithUpi,
} from '../testing/upi-helpers';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
const MONTHLY_INR = 29900;
const ANNUAL_INR = 149900;
const ms = (iso: string | null | undefined) => new Date(String(iso)).getTime();

/** The suite's API with a clock the tests only move forward, from one subscription's start. */
function movedClockSuite(host: () => ApiHost) {
  const suite = billingApiForSuite(host);
  let clockAt = 0;
  const advance = async (seconds: number) => {
    await suite.api.advanceClock(seconds);
    clockAt += seconds * 1000;
  };
  return {
    suite,
    /** A viewer in India subscribed to Monthly with UPI AutoPay; the clock at its payment. */
    async subscribed() {
      const viewer = await indianViewer(suite.api, host());
      await subscribeWithUpi(viewer, 'monthly');
      const mandate = await mandateRow(host(), viewer.userId);
      if (!mandate) throw new Error('no mandate');
      const first = await subscriptionOf(viewer);
      clockAt = ms(first.periodStart);
      return { viewer, mandate, first };
    },
    /** Moves the clock to `at` plus `extra` seconds (never back). */
    async moveTo(at: string | null, extra = 0) {
      await advance(Math.max(0, Math.ceil((ms(at) - clockAt) / 1000) + extra));
    },
  };
}

const quoteFor = (viewer: Viewer, planId: string) =>
  viewer.client.get<PlanChangeQuote & { code?: string }>(
    `/api/v1/billing/subscription/change?planId=${planId}`,
    { bearer: viewer.bearer },
  );

describeEachDatabase('Changing plan on UPI AutoPay', (host) => {
  const { suite, subscribed, moveTo } = movedClockSuite(host);

  it('an upgrade takes nothing now: the renewal debits the new price after its notice', async () => {
    const { viewer, mandate, first } = await subscribed();
    await moveTo(first.periodStart, 3 * DAY);

    const quote = await quoteFor(viewer, 'annual');
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({
      kind: 'UPGRADE',
      atRenewal: true,
      amount: 0,
      credit: 0,
      credits: [],
      givesUpUntil: null,
      effectiveAt: first.periodEnd,
    });
    const changed = await changePlan(viewer, 'annual');
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ atRenewal: true, paymentId: null });
    expect(changed.body.subscription).toMatchObject({
      planId: 'monthly',
      pendingPlanId: 'annual',
      periodEnd: first.periodEnd,
      renewalAmount: ANNUAL_INR / 100,
    });
    // Nothing was debited from the mandate.
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);

    await moveTo(first.periodEnd, -2 * DAY + MINUTE);
    await suite.api.runRenewals();
    const [notice] = await debitNotices(host(), viewer.userId);
    expect(notice?.payload).toMatchObject({ amountMinor: ANNUAL_INR, planName: 'Annual' });

    await moveTo(first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: ANNUAL_INR }),
    ]);
    expect(await subscriptionOf(viewer)).toMatchObject({
      state: 'ACTIVE',
      planId: 'annual',
      pendingPlanId: null,
    });
  });

  it('once the renewal is announced, no change is made, and the debit is the amount announced', async () => {
    const { viewer, mandate, first } = await subscribed();
    await moveTo(first.periodEnd, -2 * DAY + MINUTE);
    await suite.api.runRenewals();
    expect((await debitNotices(host(), viewer.userId))[0]?.payload).toMatchObject({
      amountMinor: MONTHLY_INR,
    });

    const quote = await quoteFor(viewer, 'annual');
    const changed = await changePlan(viewer, 'annual');
    for (const refused of [quote, changed]) {
      expect(refused.status).toBe(409);
      expectErrorShape(refused.body, 'PLAN_CHANGE_NOT_ALLOWED');
      expect((refused.body as { message?: string }).message).toContain(
        'UPI AutoPay debit, 299.00 INR, has been announced',
      );
    }
    expect((await subscriptionOf(viewer)).pendingPlanId).toBeNull();

    await moveTo(first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: MONTHLY_INR }),
    ]);
  });
});

describeOnPostgres('Changing plan on UPI AutoPay, raced against the pre-debit notice', (host) => {
  const { suite, subscribed, moveTo } = movedClockSuite(host);

  it('whichever wins, the notice states what the renewal debits', async () => {
    const accounts = [];
    for (let i = 0; i < 4; i++) accounts.push(await subscribed());
    // Subscribed within seconds of each other: every renewal falls due in the same notice window.
    const last = accounts[accounts.length - 1]!;
    await moveTo(last.first.periodEnd, -2 * DAY + MINUTE);

    const [, ...changes] = await Promise.all([
      suite.api.runRenewals(),
      ...accounts.map(({ viewer }) => changePlan(viewer, 'annual')),
    ]);
    for (const [i, { viewer }] of accounts.entries()) {
      const change = changes[i]!;
      expect([200, 409]).toContain(change.status);
      // A notice is sent whichever came first (the job runs again if the change held the row).
      await suite.api.runRenewals();
      const notices = await debitNotices(host(), viewer.userId);
      expect(notices).toHaveLength(1);
      const expected = change.status === 200 ? ANNUAL_INR : MONTHLY_INR;
      expect(notices[0]?.payload).toMatchObject({ amountMinor: expected });
      expect((await subscriptionOf(viewer)).pendingPlanId).toBe(
        change.status === 200 ? 'annual' : null,
      );
    }

    await moveTo(last.first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    for (const [i, { mandate }] of accounts.entries()) {
      const expected = changes[i]!.status === 200 ? ANNUAL_INR : MONTHLY_INR;
      expect(await mandateDebits(host(), mandate.id)).toEqual([
        expect.objectContaining({ status: 'succeeded', amount_cents: expected }),
      ]);
    }
  });
});
