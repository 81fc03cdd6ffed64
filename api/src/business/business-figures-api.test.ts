/** @jest-environment node */
/**
 * The business figures over real HTTP (issue 33 §5, decision 459), on PGlite and PostgreSQL,
 * computed from real payments, refunds, trials and streams placed with the moved clock: a
 * payment late yesterday (the last day of the month before) is neither today's nor this
 * month's revenue; a refund today comes off today's; a trial that paid counts as converted; the
 * peak is the most streams open at once, not the most ever opened.
 */
import { randomUUID } from 'node:crypto';
import type { BillingHistoryPage, BusinessFigures } from '@crease/contract';
import { buyPlan, eventually, signInAgain } from '../testing/billing-helpers';
import { seedAdmin, staffBearer } from '../testing/staff-helpers';
import { useStreamFixtures } from '../testing/stream-fixtures';
import type { StreamFixtures, StreamViewer } from '../testing/stream-fixtures';
import { describeEachDatabase } from '../testing/test-api';
import type { CallOptions } from '../testing/test-api';

/**
 * 22:00 UTC on the last day of next month (the sandbox's test card expires two years from the
 * real date, so the story stays near it): "yesterday" and "last month" once the clock moves on.
 */
const wall = new Date();
const MONTH_AFTER = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 2, 1));
const LATE_LAST_DAY = new Date(MONTH_AFTER.getTime() - 2 * 3600_000);
const FIRST = MONTH_AFTER.toISOString();
const day = (offset: number) =>
  new Date(MONTH_AFTER.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const MONTHLY_USD = 999;

describeEachDatabase('business figures', (host) => {
  let fx: StreamFixtures;
  useStreamFixtures(host, { tag: 'figures', start: LATE_LAST_DAY, replicas: 1 }, (started) => {
    fx = started;
  });

  const figures = async (asAdmin: CallOptions) => {
    const res = await fx.replicas[0]!.client().get<BusinessFigures>(
      '/api/v1/staff/business/figures',
      asAdmin,
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const usd = (money: BusinessFigures['revenueToday']) => money.find((m) => m.currency === 'USD');

  it('counts revenue net of refunds by UTC day and month, trials, conversion and peaks', async () => {
    const client = fx.replicas[0]!.client();
    // Yesterday, last month: a paid viewer.
    const lastMonth = await fx.viewer('monthly');
    // Past midnight into the first of the month.
    await fx.advance(2 * 3600 + 30 * 60);
    const asAdmin = staffBearer((await seedAdmin(host(), client)).token);
    const atStart = await figures(asAdmin);
    expect(atStart.today).toBe(FIRST);
    expect(atStart.monthStart).toBe(FIRST);
    expect(atStart.revenueToday).toEqual([]);
    expect(atStart.revenueMonth).toEqual([]);
    expect(atStart.trialsMonth).toBe(0);
    expect(atStart.conversion).toEqual({ trials: 0, paid: 0, percent: null });

    // Today: a trial that converts, a trial that does not, a paid viewer refunded in part.
    const converted = await fx.viewer('trial');
    await buyPlan(converted, 'monthly');
    const stillTrying = await fx.viewer('trial');
    const refunded = await fx.viewer('monthly');
    const history = await refunded.client.get<BillingHistoryPage>('/api/v1/billing/history', {
      bearer: refunded.bearer,
    });
    const paymentId = history.body.entries[0]?.paymentId ?? '';
    const refund = await client.postJson(
      `/api/v1/staff/support/payments/${paymentId}/refunds`,
      { reason: 'Figures test refund', amount: 2.5 },
      { ...asAdmin, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refund.status).toBe(202);
    await eventually(
      async () =>
        (await host().query('SELECT 1 FROM refunds WHERE payment_id = $1', [paymentId])).length,
    );

    // Three screens at once, then one closes and a fourth opens: the peak stays three.
    await signInAgain(lastMonth);
    const open = async (v: StreamViewer) => {
      const grant = await fx.request(v);
      expect(grant.status).toBe(201);
      return grant.body.streamId;
    };
    const first = await open(lastMonth);
    await fx.advance(10);
    await open(converted);
    await open(refunded);
    await fx.advance(10);
    expect((await fx.close(lastMonth, first)).status).toBe(204);
    await fx.advance(10);
    await open(stillTrying);

    const now = await figures(asAdmin);
    expect(usd(now.revenueToday)).toEqual({
      currency: 'USD',
      grossMinor: 2 * MONTHLY_USD,
      refundedMinor: 250,
      netMinor: 2 * MONTHLY_USD - 250,
    });
    expect(now.revenueMonth).toEqual(now.revenueToday);
    expect(now.revenueByDay).toEqual([{ day: day(0), byCurrency: now.revenueToday }]);
    expect([now.trialsToday, now.trialsMonth]).toEqual([2, 2]);
    expect(now.trialsByDay).toEqual([{ day: day(0), trials: 2 }]);
    expect(now.conversion).toEqual({ trials: 2, paid: 1, percent: 50 });
    expect(now.peaks).toEqual([expect.objectContaining({ eventId: fx.liveId, peakViewers: 3 })]);
    expect(now.peaks[0]?.title).toMatch(/^Integrity match/);

    // A day later: yesterday's money is this month's but not today's.
    await fx.advance(24 * 3600);
    // The admin's session is short: a new one after a day.
    const again = await figures(staffBearer((await seedAdmin(host(), client)).token));
    expect(again.revenueToday).toEqual([]);
    expect(usd(again.revenueMonth)?.netMinor).toBe(2 * MONTHLY_USD - 250);
    expect(again.revenueByDay.map((d) => d.day)).toEqual([day(0), day(1)]);
    expect(again.trialsToday).toBe(0);
    expect(again.trialsMonth).toBe(2);
  });
});
