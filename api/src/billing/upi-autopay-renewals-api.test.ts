/** @jest-environment node */
/**
 * UPI AutoPay renewals under the RBI's e-mandate rules, over real HTTP on PGlite and PostgreSQL
 * (issue 34 §2, decisions 462, 463), on a moved clock: the pre-debit mail at least 24 h before
 * each debit with a one-click cancel; the mandate's state asked before charging (a paused or
 * revoked one is never charged); over ₹15,000 never debited silently; Cancel revokes it.
 */
import type { Subscription } from '@crease/contract';
import {
  PASSWORD,
  expectErrorShape,
  subscriptionOf,
  switchRenewal,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiForSuite } from '../testing/billing-suite';
import {
  debitNotices,
  indianViewer,
  mandateDebits,
  mandateRow,
  setProviderMandate,
  subscribeWithUpi,
} from '../testing/upi-helpers';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const MINUTE = 60;
const ms = (iso: string | null | undefined) => new Date(String(iso)).getTime();

describeEachDatabase('UPI AutoPay renewals', (host) => {
  const suite = billingApiForSuite(host);

  /** The API's clock as the test moved it: it starts at the subscription's first payment. */
  let clockAt = 0;
  const subscribed = async (planId = 'monthly') => {
    const viewer = await indianViewer(suite.api, host());
    await subscribeWithUpi(viewer, planId);
    const mandate = await mandateRow(host(), viewer.userId);
    if (!mandate) throw new Error('no mandate');
    const first = await subscriptionOf(viewer);
    clockAt = ms(first.periodStart);
    return { viewer, mandate, first };
  };
  /** Moves the clock to `at` (ISO) plus `extra` seconds. */
  const moveTo = async (at: string | null, extra = 0) => {
    const seconds = Math.ceil((ms(at) - clockAt) / 1000) + extra;
    await advance(seconds);
  };
  const advance = async (seconds: number) => {
    await suite.api.advanceClock(seconds);
    clockAt += seconds * 1000;
  };
  const renewalPayments = async (viewer: Viewer) =>
    Number(
      (
        await host().query<{ n: string | number }>(
          'SELECT count(*) AS n FROM payments WHERE user_id = $1 AND renewal_key IS NOT NULL',
          [viewer.userId],
        )
      )[0]?.n,
    );

  it('mails the pre-debit notice 48 h ahead (≥24 h before), with a cancel link, then debits once', async () => {
    const { viewer, mandate, first } = await subscribed();
    await moveTo(first.periodEnd, -2 * DAY + MINUTE);
    await suite.api.runRenewals();
    const [notice, ...more] = await debitNotices(host(), viewer.userId);
    expect(more).toEqual([]);
    expect(notice?.payload).toMatchObject({
      amountMinor: 29900,
      currency: 'INR',
      debitAt: first.periodEnd,
      needsApproval: false,
    });
    expect(ms(notice?.payload.debitAt as string) - ms(notice?.created_at)).toBeGreaterThanOrEqual(
      24 * HOUR * 1000,
    );
    await suite.api.lifecycleMailPass();
    const [mail] = await host().query<{ subject: string; text: string; links: string[] }>(
      `SELECT subject, text, links FROM mail_outbox WHERE "to" = $1 AND subject LIKE 'UPI AutoPay%'`,
      [viewer.email],
    );
    expect(mail?.subject).toContain('₹299.00');
    expect(mail?.links).toContain(
      `${suite.api.siteOrigins[0]}/autopay-cancel?token=${String(notice?.payload.cancelToken)}`,
    );
    // Not due yet: nothing taken, and a second pass sends no second notice.
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);
    expect(await debitNotices(host(), viewer.userId)).toHaveLength(1);

    await moveTo(first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: 29900 }),
    ]);
    expect(await renewalPayments(viewer)).toBe(1);
    const renewed = await subscriptionOf(viewer);
    expect(renewed).toMatchObject({ state: 'ACTIVE', renews: true, renewalFailures: 0 });
    expect(ms(renewed.periodEnd) - ms(first.periodEnd)).toBe(30 * DAY * 1000);
  });

  it('a job that first runs at the due moment mails the notice and waits 24 h before debiting', async () => {
    const { viewer, mandate, first } = await subscribed();
    await moveTo(first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    const [notice] = await debitNotices(host(), viewer.userId);
    expect(ms(notice?.payload.debitAt as string)).toBe(ms(notice?.created_at) + 24 * HOUR * 1000);
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);
    // Still watching meanwhile.
    expect((await subscriptionOf(viewer)).state).toBe('ACTIVE');

    await advance(23 * HOUR);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);
    await advance(HOUR + MINUTE);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toHaveLength(1);
    expect(await renewalPayments(viewer)).toBe(1);
  });

  it("the notice's one-click cancel revokes the mandate at the provider; nothing is debited", async () => {
    const { viewer, mandate, first } = await subscribed();
    await moveTo(first.periodEnd, -2 * DAY + MINUTE);
    await suite.api.runRenewals();
    const [notice] = await debitNotices(host(), viewer.userId);
    const token = String(notice?.payload.cancelToken);
    // No sign-in: the mailed token is the capability.
    const anonymous = suite.api.client();
    const cancelled = await anonymous.postJson('/api/v1/billing/mandate-cancel', { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ revoked: true, periodEnd: first.periodEnd });
    const again = await anonymous.postJson('/api/v1/billing/mandate-cancel', { token });
    expect(again.body).toEqual(cancelled.body);
    const wrong = await anonymous.postJson('/api/v1/billing/mandate-cancel', {
      token: 'x'.repeat(32),
    });
    expect(wrong.status).toBe(404);
    expectErrorShape(wrong.body, 'MANDATE_CANCEL_TOKEN_INVALID');

    const [provider] = await host().query<{ status: string }>(
      'SELECT status FROM sandbox_mandates WHERE id = $1',
      [mandate.id],
    );
    expect(provider?.status).toBe('revoked');
    expect((await mandateRow(host(), viewer.userId))?.status).toBe('REVOKED');
    expect(await subscriptionOf(viewer)).toMatchObject({ state: 'CANCELLED', renews: false });
    await moveTo(first.periodEnd, 2 * DAY);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);
    expect(await renewalPayments(viewer)).toBe(0);
  });

  it('a paused mandate is never charged: a failed renewal in grace, debited on a retry once resumed', async () => {
    const { viewer, mandate, first } = await subscribed();
    await setProviderMandate(host(), mandate.id, 'paused');
    await moveTo(first.periodEnd, -2 * DAY + MINUTE);
    await suite.api.runRenewals();
    await moveTo(first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);
    expect((await mandateRow(host(), viewer.userId))?.status).toBe('PAUSED');
    const failed: Subscription = await subscriptionOf(viewer);
    expect(failed).toMatchObject({ state: 'ACTIVE', renewalFailures: 1 });
    expect(ms(failed.nextRenewalAt)).toBe(ms(first.periodEnd) + DAY * 1000);

    // The viewer resumes it in their UPI app; the retry (with its own notice) takes it once.
    await setProviderMandate(host(), mandate.id, 'active');
    await moveTo(failed.nextRenewalAt, 2 * MINUTE);
    await suite.api.runRenewals();
    expect(await debitNotices(host(), viewer.userId)).toHaveLength(2);
    expect(await mandateDebits(host(), mandate.id)).toHaveLength(1);
    expect(await subscriptionOf(viewer)).toMatchObject({ state: 'ACTIVE', renewalFailures: 0 });
  });

  it('a mandate revoked at the provider is never charged nor retried: grace, then the plan ends', async () => {
    const { viewer, mandate, first } = await subscribed();
    await moveTo(first.periodEnd, -2 * DAY + MINUTE);
    await suite.api.runRenewals();
    await setProviderMandate(host(), mandate.id, 'revoked');
    await moveTo(first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    expect((await mandateRow(host(), viewer.userId))?.status).toBe('REVOKED');
    const failed = await subscriptionOf(viewer);
    expect(failed).toMatchObject({ state: 'ACTIVE', renewalFailures: 1, nextRenewalAt: null });
    await advance(7 * DAY);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);
    expect(await renewalPayments(viewer)).toBe(0);
    expect((await subscriptionOf(viewer)).state).toBe('EXPIRED');
  });

  it('over ₹15,000 is never debited silently: the notice says so and the renewal asks the viewer', async () => {
    await host().query(
      `INSERT INTO plans SELECT (jsonb_populate_record(NULL::plans, to_jsonb(p) ||
          '{"id": "premium-in", "name": "Premium", "prices": {"INR": 1600000}, "order_number": 99}'::jsonb)).*
        FROM plans p WHERE p.id = 'monthly' ON CONFLICT DO NOTHING`,
    );
    const { viewer, mandate, first } = await subscribed('premium-in');
    await moveTo(first.periodEnd, -2 * DAY + MINUTE);
    await suite.api.runRenewals();
    const [notice] = await debitNotices(host(), viewer.userId);
    expect(notice?.payload).toMatchObject({ amountMinor: 1600000, needsApproval: true });
    await moveTo(first.periodEnd, MINUTE);
    await suite.api.runRenewals();
    expect(await mandateDebits(host(), mandate.id)).toEqual([]);
    const [declined] = await host().query<{ failure_code: string }>(
      "SELECT failure_code FROM payment_attempts WHERE user_id = $1 AND kind = 'RENEWAL'",
      [viewer.userId],
    );
    expect(declined?.failure_code).toBe('AUTHENTICATION_REQUIRED');
    expect(await subscriptionOf(viewer)).toMatchObject({ state: 'ACTIVE', nextRenewalAt: null });
  });

  it('Cancel on /account revokes the mandate at the provider; Resume then says why it cannot', async () => {
    const { viewer, mandate } = await subscribed();
    const cancelled = await switchRenewal(viewer, 'cancel');
    expect(cancelled.status).toBe(200);
    const [provider] = await host().query<{ status: string }>(
      'SELECT status FROM sandbox_mandates WHERE id = $1',
      [mandate.id],
    );
    expect(provider?.status).toBe('revoked');
    expect((await mandateRow(host(), viewer.userId))?.status).toBe('REVOKED');
    const resumed = await switchRenewal(viewer, 'resume');
    expect(resumed.status).toBe(402);
    expectErrorShape(resumed.body, 'MANDATE_INACTIVE');
  });

  it('deleting the account revokes the mandate at the provider', async () => {
    const { viewer, mandate } = await subscribed();
    const deleted = await viewer.client.postJson(
      '/api/v1/account/deletion',
      { password: PASSWORD },
      { bearer: viewer.bearer },
    );
    expect(deleted.status).toBe(200);
    const [provider] = await host().query<{ status: string }>(
      'SELECT status FROM sandbox_mandates WHERE id = $1',
      [mandate.id],
    );
    expect(provider?.status).toBe('revoked');
  });
});
