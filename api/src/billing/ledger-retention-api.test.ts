/** @jest-environment node */
/**
 * The payment ledger's end of life (decision 352) on PGlite and PostgreSQL: payments, declined
 * attempts and refunds are kept to the end of the 6th financial (calendar, UTC) year after
 * their own, then housekeeping deletes them, on the API's injectable clock. A payment with a
 * refund still kept stays with it. Two replicas purging at once delete each row once. Outside
 * the purge the ledger still refuses every DELETE.
 */
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  buyPlan,
  countRows,
  createCheckout,
  eventually,
  newViewer,
  submitCard,
} from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

const ENV = { ...BILLING_TEST_ENV, CREASE_RENEWAL_INTERVAL_MS: '0' };
/**
 * A janitor's clock is years ahead while it purges: its own timers (housekeeping, the sandbox's
 * session expiry) must not act on that clock while the other tests pay.
 */
const JANITOR_ENV = {
  ...ENV,
  CREASE_CLEANUP_INTERVAL_SECONDS: '0',
  CREASE_SANDBOX_DISPATCH_INTERVAL_MS: '60000',
};
const YEAR_MS = 365 * 24 * 3600 * 1000;

describeEachDatabase('Ledger retention', (host) => {
  let api: RunningApi;
  /** Replicas that only run housekeeping, each on a clock the test sets. */
  let janitors: RunningApi[];
  beforeAll(async () => {
    api = await host().start(ENV);
    janitors = [
      await host().start(JANITOR_ENV, { clock: new Date() }),
      await host().start(JANITOR_ENV, { clock: new Date() }),
    ];
  }, 90_000);
  afterAll(async () => {
    for (const instance of [api, ...janitors]) await instance.close();
  });

  /** A viewer with one payment and one declined attempt; the payment's year. */
  async function payingViewer(prefix: string) {
    const viewer = await newViewer(api, prefix);
    const declined = await createCheckout(viewer, { planId: 'match-pass' });
    expect(
      (await submitCard(viewer.client, declined.body.sessionId, SANDBOX_TEST_CARDS.declined))
        .status,
    ).toBe(402);
    await eventually(
      async () => (await countRows(host(), 'payment_attempts', viewer.userId)) === 1,
    );
    await buyPlan(viewer, 'match-pass');
    const [row] = await host().query<{ id: string; paid_at: string | Date }>(
      'SELECT id, paid_at FROM payments WHERE user_id = $1',
      [viewer.userId],
    );
    return {
      viewer,
      paymentId: String(row?.id),
      year: new Date(String(row?.paid_at)).getUTCFullYear(),
    };
  }
  const ledgerOf = async (userId: string) => ({
    payments: await countRows(host(), 'payments', userId),
    attempts: await countRows(host(), 'payment_attempts', userId),
    refunds: await countRows(host(), 'refunds', userId),
  });
  const purgeAt = async (at: Date) => {
    await janitors[0]?.setClock(at);
    const report = await janitors[0]?.housekeepingPass();
    await janitors[0]?.setClock(new Date());
    return report;
  };

  it('keeps the ledger to the end of the 6th year after its own, then deletes it', async () => {
    const { viewer, year } = await payingViewer('retention-kept');
    const lastKeptInstant = new Date(Date.UTC(year + 7, 0, 1) - 1000);
    await purgeAt(lastKeptInstant);
    expect(await ledgerOf(viewer.userId)).toEqual({ payments: 1, attempts: 1, refunds: 0 });

    const report = await purgeAt(new Date(Date.UTC(year + 7, 0, 1)));
    expect(report?.ledger_payments).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(viewer.userId)).toEqual({ payments: 0, attempts: 0, refunds: 0 });
  });

  it('a payment stays while a refund of it is kept; both go when the refund is old enough', async () => {
    const { viewer, paymentId, year } = await payingViewer('retention-refund');
    // A refund made a year later, as the provider's charge.refunded would record it.
    await host().query(
      `INSERT INTO refunds (id, payment_id, user_id, amount_cents, currency, payment_system,
         provider_reference, refunded_at)
       SELECT gen_random_uuid(), id, user_id, 100, currency, payment_system, 're_retention_' || id,
         paid_at + interval '366 days' FROM payments WHERE id = $1`,
      [paymentId],
    );
    await purgeAt(new Date(Date.UTC(year + 7, 0, 1)));
    expect(await ledgerOf(viewer.userId)).toEqual({ payments: 1, attempts: 0, refunds: 1 });
    await purgeAt(new Date(Date.UTC(year + 8, 0, 1) + YEAR_MS));
    expect(await ledgerOf(viewer.userId)).toEqual({ payments: 0, attempts: 0, refunds: 0 });
  });

  it('two replicas purging at once delete each row once and both succeed', async () => {
    const viewers = await Promise.all([payingViewer('retention-a'), payingViewer('retention-b')]);
    const at = new Date(Date.UTC(Math.max(...viewers.map((v) => v.year)) + 7, 0, 1));
    await Promise.all(janitors.map((janitor) => janitor.setClock(at)));
    const reports = await Promise.all(janitors.map((janitor) => janitor.housekeepingPass()));
    await Promise.all(janitors.map((janitor) => janitor.setClock(new Date())));
    const total = reports.reduce((sum, report) => sum + (report.ledger_payments ?? 0), 0);
    expect(total).toBeGreaterThanOrEqual(2);
    for (const { viewer } of viewers)
      expect(await ledgerOf(viewer.userId)).toEqual({ payments: 0, attempts: 0, refunds: 0 });
  });

  it('outside the purge, the ledger still refuses DELETE', async () => {
    const { viewer } = await payingViewer('retention-guard');
    // The trigger's exception (the drivers word the failure differently; the rows tell).
    await expect(
      host().query('DELETE FROM payments WHERE user_id = $1', [viewer.userId]),
    ).rejects.toThrow();
    await expect(
      host().query('DELETE FROM payment_attempts WHERE user_id = $1', [viewer.userId]),
    ).rejects.toThrow();
    expect(await ledgerOf(viewer.userId)).toEqual({ payments: 1, attempts: 1, refunds: 0 });
  });
});
