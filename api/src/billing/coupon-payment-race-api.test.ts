/** @jest-environment node */
/**
 * What a payment claims when the money moves (issue 31 §5, §6, §15; decisions 395, 396, 398),
 * over real HTTP on a throwaway PostgreSQL: PGlite's one connection would serialise the races.
 *
 * - WELCOME20 ("once per account"): paying one checkout while opening another at the same
 *   instant, then paying that one too, redeems it once; the second card is refused, uncharged.
 * - A limited coupon: an unpaid checkout's hold lapses, so a real buyer is not told "used up" by
 *   a checkout nobody pays; the lapsed checkout's payment is refused, uncharged, if none is left.
 * - Checkouts with a limited coupon are capped per network.
 * - A payment that reaches an account deleted meanwhile is refunded in full, by itself.
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  PASSWORD,
  createCheckout,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  postWebhook,
  sandboxSignature,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';
import type { ApiHost, RunningApi } from '../testing/test-api';

describeOnPostgres('Payments claim their coupon and account', (host) => {
  const suite = billingApiForSuite(host);

  async function limitedCoupon(limit: number): Promise<string> {
    const code = `L${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, redemption_limit, plan_ids)
       VALUES ($1, 50, now() - interval '1 day', $2, '[]')`,
      [code, limit],
    );
    return code;
  }

  /** Succeeded sandbox charges for the account's checkouts: the money actually taken. */
  const chargesOf = async (viewer: Viewer) =>
    Number(
      (
        await host().query<{ n: string }>(
          `SELECT count(*) AS n FROM sandbox_charges ch
             JOIN sandbox_sessions s ON s.id = ch.session_id
             JOIN checkouts c ON c.id::text = s.reference
           WHERE c.user_id = $1 AND ch.status = 'succeeded'`,
          [viewer.userId],
        )
      )[0]?.n,
    );

  /** Waits until no sandbox webhook is left to deliver: every payment has been applied. */
  const settled = (h: ApiHost) =>
    eventually(async () => {
      // (The deletion test's deliveries go nowhere on purpose.)
      const [row] = await h.query<{ n: string }>(
        "SELECT count(*) AS n FROM webhook_deliveries WHERE delivered_at IS NULL AND target_url NOT LIKE 'http://127.0.0.1:9/%'",
      );
      return Number(row?.n) === 0;
    });

  it('redeems WELCOME20 once per account when one checkout is paid as another opens (8 accounts)', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => newViewer(suite.api, `welcome-race-${i}`)),
    );
    const outcomes = await Promise.all(
      accounts.map(async (viewer) => {
        const first = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
        expect(first.status).toBe(201);
        // The same instant: the first page takes the card while a second checkout opens.
        const [paid, second] = await Promise.all([
          submitCard(viewer.client, first.body.sessionId),
          createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' }),
        ]);
        // And the second page takes a card too, before anything else has settled.
        const again =
          second.status === 201 ? await submitCard(viewer.client, second.body.sessionId) : null;
        return { viewer, paid: paid.status, second: second.status, again };
      }),
    );
    await settled(host());
    for (const { viewer, again } of outcomes) {
      const paidWithCoupon = await host().query(
        "SELECT id FROM checkouts WHERE user_id = $1 AND coupon_code = 'WELCOME20' AND status = 'PAID'",
        [viewer.userId],
      );
      expect(paidWithCoupon.length).toBeLessThanOrEqual(1);
      expect(await chargesOf(viewer)).toBe(paidWithCoupon.length);
      // A refused second card says why and that nothing was charged.
      if (again && again.status !== 200 && again.status !== 410) {
        expect(again.status).toBe(409);
        expectErrorShape(again.body, 'COUPON_UNAVAILABLE');
        expect(String(again.body.message)).toMatch(/already used WELCOME20.*Nothing was charged/);
      }
    }
  }, 120_000);

  it('lets a lapsed hold go, and refuses its late payment uncharged when the coupon is used up', async () => {
    const api = await host().start(BILLING_TEST_ENV);
    try {
      const code = await limitedCoupon(1);
      const idle = await newViewer(api, 'idle-holder');
      const held = await createCheckout(idle, { planId: 'season', couponCode: code });
      expect(held.status).toBe(201);
      // Past the hold (CREASE_COUPON_HOLD_SECONDS, 300), well within the checkout's 30 minutes.
      await api.advanceClock(301);
      const buyer = await newViewer(api, 'real-buyer');
      const bought = await createCheckout(buyer, { planId: 'season', couponCode: code });
      expect(bought.status).toBe(201);
      expect(bought.body.couponReservation).toBe('HELD');
      expect((await submitCard(buyer.client, bought.body.sessionId)).status).toBe(200);

      const late = await submitCard(idle.client, held.body.sessionId);
      expect(late.status).toBe(409);
      expectErrorShape(late.body, 'COUPON_UNAVAILABLE');
      expect(String(late.body.message)).toMatch(/used up.*Nothing was charged/);
      await settled(host());
      expect(await chargesOf(idle)).toBe(0);
      const failed = await getCheckout(idle, held.body.checkoutId);
      expect(failed).toMatchObject({ status: 'FAILED', failureCode: 'COUPON_UNAVAILABLE' });
      expect(await chargesOf(buyer)).toBe(1);
      const [coupon] = await host().query<{ redeemed: number }>(
        'SELECT redeemed FROM coupons WHERE code = $1',
        [code],
      );
      expect(coupon?.redeemed).toBe(1);
    } finally {
      await api.close();
    }
  }, 60_000);

  it('caps checkouts with a limited coupon per network, and not the others', async () => {
    const api = await host().start({
      ...BILLING_TEST_ENV,
      CREASE_COUPON_HOLDS_PER_NETWORK_PER_HOUR: '3',
    });
    try {
      // The suite's other tests opened such checkouts from this address too.
      await host().query("DELETE FROM rate_counters WHERE key LIKE 'coupon-hold:%'");
      const code = await limitedCoupon(100);
      const viewers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => newViewer(api, `network-${i}`)),
      );
      const answers = await Promise.all(
        viewers.map((viewer) => createCheckout(viewer, { planId: 'season', couponCode: code })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
      const refused = answers.find((a) => a.status === 429);
      expectErrorShape(refused?.body, 'COUPON_NETWORK_LIMIT_REACHED');
      expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
      // Refused checkouts hold nothing; a coupon with no limit and no coupon are not capped.
      const [coupon] = await host().query<{ redeemed: number }>(
        'SELECT redeemed FROM coupons WHERE code = $1',
        [code],
      );
      expect(coupon?.redeemed).toBe(3);
      const last = viewers[5] as Viewer;
      expect(
        (await createCheckout(last, { planId: 'monthly', couponCode: 'WELCOME20' })).status,
      ).toBe(201);
      expect((await createCheckout(last, { planId: 'season' })).status).toBe(201);
    } finally {
      await api.close();
    }
  }, 60_000);

  it('refunds in full a payment that reaches an account deleted meanwhile', async () => {
    // Webhooks go nowhere, so the payment reaches the API only when the test hands it over.
    const api: RunningApi = await host().start({
      ...BILLING_TEST_ENV,
      CREASE_SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/webhooks/sandbox',
    });
    try {
      const viewer = await newViewer(api, 'delete-while-paying');
      const opened = await createCheckout(viewer, { planId: 'monthly' });
      expect((await submitCard(viewer.client, opened.body.sessionId)).status).toBe(200);
      const deleted = await viewer.client.postJson(
        '/api/v1/account/deletion',
        { password: PASSWORD },
        { bearer: viewer.bearer },
      );
      expect(deleted.status).toBe(200);
      const [delivery] = await host().query<{ payload: string }>(
        `SELECT d.payload FROM webhook_deliveries d
         WHERE d.payload LIKE '%checkout.session.completed%' AND d.payload LIKE $1`,
        [`%${opened.body.sessionId}%`],
      );
      expect(delivery).toBeDefined();
      const body = String(delivery?.payload);
      const applied = await postWebhook(api, 'sandbox', body, {
        'sandbox-signature': sandboxSignature(body),
      });
      expect(applied.status).toBe(200);
      expect(String(applied.body.outcome)).toMatch(/refunded in full: the account was deleted/);
      // The money goes back by itself: the whole charge, once.
      const refunds = await eventually(async () => {
        const rows = await host().query<{ amount_cents: number }>(
          `SELECT r.amount_cents FROM sandbox_refunds r
             JOIN sandbox_charges ch ON ch.id = r.charge_id
             JOIN sandbox_sessions s ON s.id = ch.session_id
           WHERE s.id = $1`,
          [opened.body.sessionId],
        );
        return rows.length > 0 ? rows : null;
      });
      expect(refunds.map((r) => r.amount_cents)).toEqual([999]);
      // And no plan started on the deleted account.
      const [subscription] = await host().query<{ state: string; ended_reason: string }>(
        'SELECT state, ended_reason FROM subscriptions WHERE user_id = $1',
        [viewer.userId],
      );
      expect(subscription?.state).not.toBe('ACTIVE');
    } finally {
      await api.close();
    }
  }, 60_000);

  it('refuses a card uncharged once the deletion has landed, when deletion and payment race (6 accounts)', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => newViewer(suite.api, `delete-race-${i}`)),
    );
    await Promise.all(
      accounts.map(async (viewer) => {
        const opened = await createCheckout(viewer, { planId: 'monthly' });
        await Promise.all([
          submitCard(viewer.client, opened.body.sessionId, SANDBOX_TEST_CARDS.success),
          viewer.client.postJson(
            '/api/v1/account/deletion',
            { password: PASSWORD },
            { bearer: viewer.bearer },
          ),
        ]);
      }),
    );
    await settled(host());
    for (const viewer of accounts) {
      // Whatever the order, no plan runs on a deleted account.
      const [subscription] = await host().query<{ state: string }>(
        'SELECT state FROM subscriptions WHERE user_id = $1',
        [viewer.userId],
      );
      expect(subscription?.state).not.toBe('ACTIVE');
      // Every charge reached the ledger (a refused card took nothing).
      const payments = await host().query<{ provider_reference: string }>(
        'SELECT provider_reference FROM payments WHERE user_id = $1',
        [viewer.userId],
      );
      expect(payments.length).toBe(await chargesOf(viewer));
    }
  }, 120_000);
});
