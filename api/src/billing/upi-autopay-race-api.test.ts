/** @jest-environment node */
/**
 * UPI AutoPay renewals under races, on PostgreSQL (issue 34 §2, decision 462): the renewal job
 * on two replicas at the same moment sends one pre-debit notice and debits each mandate once; a
 * revoke (Cancel on /account) racing the renewal either lands first (nothing is debited) or
 * after a debit that the ledger then records: never a debit on a revoked mandate, never money
 * taken and lost.
 */
import { subscriptionOf, switchRenewal } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { BILLING_SUITE_ENV, billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';
import type { RunningApi } from '../testing/test-api';
import {
  debitNotices,
  indianViewer,
  mandateDebits,
  mandateRow,
  subscribeWithUpi,
} from '../testing/upi-helpers';

const DAY = 24 * 60 * 60;
const MINUTE = 60;
const ms = (iso: string | null | undefined) => new Date(String(iso)).getTime();

describeOnPostgres('UPI AutoPay renewals racing', (host) => {
  const suite = billingApiForSuite(host);
  let replica: RunningApi;
  beforeAll(async () => {
    replica = await host().start(BILLING_SUITE_ENV);
  }, 60_000);
  afterAll(async () => {
    await replica?.close();
  });

  /** Subscribes `n` viewers with UPI; both replicas' clocks then move together. */
  const subscribers = async (n: number) => {
    const viewers: Viewer[] = [];
    for (let i = 0; i < n; i++) {
      const viewer = await indianViewer(suite.api, host(), 'upi-race');
      await subscribeWithUpi(viewer);
      viewers.push(viewer);
    }
    const first = await subscriptionOf(viewers[0]!);
    const last = await subscriptionOf(viewers.at(-1)!);
    return { viewers, start: ms(first.periodStart), lastEnd: ms(last.periodEnd) };
  };
  const advanceBoth = (seconds: number) =>
    Promise.all([suite.api.advanceClock(seconds), replica.advanceClock(seconds)]);
  const renewalPayments = async (viewer: Viewer) =>
    Number(
      (
        await host().query<{ n: string | number }>(
          'SELECT count(*) AS n FROM payments WHERE user_id = $1 AND renewal_key IS NOT NULL',
          [viewer.userId],
        )
      )[0]?.n,
    );

  it('two replicas running the job at once: one notice and one debit per mandate', async () => {
    const { viewers, start, lastEnd } = await subscribers(4);
    // The replica's clock catches up with the suite's (both started at the same instant).
    await advanceBoth(Math.ceil((lastEnd - start) / 1000) - 2 * DAY + MINUTE);
    await Promise.all([suite.api.runRenewals(), replica.runRenewals()]);
    for (const viewer of viewers) expect(await debitNotices(host(), viewer.userId)).toHaveLength(1);
    await advanceBoth(2 * DAY + MINUTE);
    await Promise.all([suite.api.runRenewals(), replica.runRenewals()]);
    await Promise.all([suite.api.runRenewals(), replica.runRenewals()]);
    for (const viewer of viewers) {
      const mandate = await mandateRow(host(), viewer.userId);
      expect(await mandateDebits(host(), String(mandate?.id))).toHaveLength(1);
      expect(await renewalPayments(viewer)).toBe(1);
      expect(await debitNotices(host(), viewer.userId)).toHaveLength(1);
    }
  }, 120_000);

  it('a revoke racing the renewal: never a debit after it, and any debit is in the ledger', async () => {
    const { viewers, start, lastEnd } = await subscribers(5);
    await advanceBoth(Math.ceil((lastEnd - start) / 1000) - 2 * DAY + MINUTE);
    await suite.api.runRenewals();
    await advanceBoth(2 * DAY + MINUTE);
    const [cancels] = await Promise.all([
      Promise.all(viewers.map((viewer) => switchRenewal(viewer, 'cancel'))),
      suite.api.runRenewals(),
      replica.runRenewals(),
    ]);
    for (const answer of cancels) expect(answer.status).toBe(200);
    for (const viewer of viewers) {
      const mandate = await mandateRow(host(), viewer.userId);
      expect(mandate?.status).toBe('REVOKED');
      const [provider] = await host().query<{ status: string }>(
        'SELECT status FROM sandbox_mandates WHERE id = $1',
        [String(mandate?.id)],
      );
      expect(provider?.status).toBe('revoked');
      const debits = await mandateDebits(host(), String(mandate?.id));
      expect(debits.filter((debit) => debit.status === 'succeeded').length).toBeLessThanOrEqual(1);
      // Money taken before the revoke is a renewal in the ledger; none is taken after it.
      expect(await renewalPayments(viewer)).toBe(
        debits.filter((debit) => debit.status === 'succeeded').length,
      );
      expect((await subscriptionOf(viewer)).renews).toBe(false);
    }
    // Later passes never debit a revoked mandate.
    await advanceBoth(40 * DAY);
    await Promise.all([suite.api.runRenewals(), replica.runRenewals()]);
    for (const viewer of viewers) {
      const mandate = await mandateRow(host(), viewer.userId);
      const debits = await mandateDebits(host(), String(mandate?.id));
      expect(debits.filter((debit) => debit.status === 'succeeded').length).toBeLessThanOrEqual(1);
    }
  }, 120_000);
});
