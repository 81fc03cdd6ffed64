/** @jest-environment node */
/**
 * Payment-provider webhooks over real HTTP (issue 11), on PGlite and PostgreSQL: forged and
 * stale signatures, a tampered body, duplicates and replays, events out of order, a webhook sent
 * while the API is down and delivered after it restarts, and the Stripe adapter's signature path
 * (`stripe.webhooks.generateTestHeaderString`) against a local stand-in for Stripe's HTTP API.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Checkout } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  countRows,
  createCheckout,
  entitlement,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  postWebhook,
  sandboxEvent,
  sandboxSignature,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { stripeEvent, stripeForSuite, stripeSignature } from '../testing/played-stripe';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

const now = () => Math.floor(Date.now() / 1000);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describeEachDatabase('Billing webhooks', (host) => {
  const suite = billingApiForSuite(host);

  /** A viewer with an open checkout nobody has paid (the tests play the provider). */
  async function openCheckout(planId = 'monthly'): Promise<{ viewer: Viewer; checkout: Checkout }> {
    const viewer = await newViewer(suite.api, 'webhook');
    const res = await createCheckout(viewer, { planId });
    if (res.status !== 201) throw new Error(res.text);
    return { viewer, checkout: res.body };
  }

  const send = (body: string, signature = sandboxSignature(body)) =>
    postWebhook(suite.api, 'sandbox', body, { 'sandbox-signature': signature });

  async function expectNothingApplied(viewer: Viewer, checkout: Checkout) {
    expect((await getCheckout(viewer, checkout.checkoutId)).status).toBe('OPEN');
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);
    expect((await entitlement(viewer)).entitled).toBe(false);
  }

  it('applies a correctly signed event: PAID, one ledger row, entitled', async () => {
    const { viewer, checkout } = await openCheckout();
    const res = await send(sandboxEvent(checkout, 'checkout.session.completed'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, duplicate: false });
    expect((await getCheckout(viewer, checkout.checkoutId)).status).toBe('PAID');
    expect(await entitlement(viewer)).toMatchObject({ entitled: true, reason: 'ACTIVE_PLAN' });
  });

  it.each([
    [
      'a forged signature (wrong secret)',
      (b: string) => sandboxSignature(b, { secret: 'whsec_attacker-secret-000000' }),
      'WEBHOOK_SIGNATURE_INVALID',
    ],
    ['no v1 signature', () => `t=${now()}`, 'WEBHOOK_SIGNATURE_INVALID'],
    ['garbage', () => 'hello', 'WEBHOOK_SIGNATURE_INVALID'],
    [
      'a stale timestamp (301 s old)',
      (b: string) => sandboxSignature(b, { timestamp: now() - 301 }),
      'WEBHOOK_TIMESTAMP_STALE',
    ],
    [
      // 60 s past the 300 s tolerance: the request's own time on a loaded machine (this clock
      // is read before sending, the API's after) must not bring it back inside.
      'a timestamp from the future (360 s ahead)',
      (b: string) => sandboxSignature(b, { timestamp: now() + 360 }),
      'WEBHOOK_TIMESTAMP_STALE',
    ],
  ])('refuses %s with 400 and applies nothing', async (_, sign, code) => {
    const { viewer, checkout } = await openCheckout();
    const body = sandboxEvent(checkout, 'checkout.session.completed');
    const res = await send(body, sign(body));
    expect(res.status).toBe(400);
    expectErrorShape(res.body, code);
    await expectNothingApplied(viewer, checkout);
  });

  it('refuses a body changed after signing (a tampered amount)', async () => {
    const { viewer, checkout } = await openCheckout();
    const body = sandboxEvent(checkout, 'checkout.session.completed');
    const tampered = body.replace(/"amount_total":\d+/, '"amount_total":1');
    const res = await send(tampered, sandboxSignature(body));
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'WEBHOOK_SIGNATURE_INVALID');
    await expectNothingApplied(viewer, checkout);
  });

  it('refuses no signature header, and a webhook for the provider not configured', async () => {
    const { viewer, checkout } = await openCheckout();
    const body = sandboxEvent(checkout, 'checkout.session.completed');
    const bare = await postWebhook(suite.api, 'sandbox', body, {});
    expect(bare.status).toBe(400);
    expectErrorShape(bare.body, 'WEBHOOK_SIGNATURE_INVALID');
    const stripe = await postWebhook(suite.api, 'stripe', body, {
      'stripe-signature': sandboxSignature(body),
    });
    expect(stripe.status).toBe(404);
    expectErrorShape(stripe.body, 'WEBHOOK_PROVIDER_UNKNOWN');
    await expectNothingApplied(viewer, checkout);
  });

  it('ignores a correctly signed event whose amount is not the checkout price', async () => {
    const { viewer, checkout } = await openCheckout();
    const res = await send(
      sandboxEvent(checkout, 'checkout.session.completed', { amountCents: 1 }),
    );
    expect(res.status).toBe(200);
    expect(String(res.body.outcome)).toMatch(/does not match/);
    await expectNothingApplied(viewer, checkout);
  });

  it('stores an event id once: a duplicate or a re-signed replay is acknowledged, not applied', async () => {
    const { viewer, checkout } = await openCheckout();
    const body = sandboxEvent(checkout, 'checkout.session.completed');
    expect((await send(body)).body).toMatchObject({ duplicate: false });
    const duplicate = await send(body);
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toMatchObject({ duplicate: true });
    const replay = await send(body, sandboxSignature(body, { timestamp: now() + 5 }));
    expect(replay.body).toMatchObject({ duplicate: true });
    // Concurrent copies of one event (a provider retrying while the first is in flight).
    const copies = await Promise.all(Array.from({ length: 10 }, () => send(body)));
    expect(copies.every((c) => c.status === 200 && c.body.duplicate === true)).toBe(true);
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    const transitions = await host().query(
      "SELECT * FROM subscription_transitions WHERE user_id = $1 AND to_state = 'ACTIVE'",
      [viewer.userId],
    );
    expect(transitions).toHaveLength(1);
  });

  it('tolerates events out of order: a late failure never undoes a payment', async () => {
    const { viewer, checkout } = await openCheckout();
    const t = now();
    const failedEarlier = sandboxEvent(checkout, 'checkout.session.payment_failed', {
      created: t - 10,
    });
    const succeeded = sandboxEvent(checkout, 'checkout.session.completed', { created: t });
    const failedLater = sandboxEvent(checkout, 'checkout.session.payment_failed', {
      created: t + 10,
    });
    expect((await send(succeeded)).status).toBe(200);
    const late = await send(failedEarlier);
    expect(late.status).toBe(200);
    expect(String(late.body.outcome)).toMatch(/already paid/);
    expect((await send(failedLater)).status).toBe(200);
    expect((await getCheckout(viewer, checkout.checkoutId)).status).toBe('PAID');
    expect((await entitlement(viewer)).entitled).toBe(true);
  });

  it('tolerates events out of order: an older failure does not overwrite a newer one, success still wins', async () => {
    const { viewer, checkout } = await openCheckout();
    const t = now();
    await send(sandboxEvent(checkout, 'checkout.session.payment_failed', { created: t }));
    const older = await send(
      sandboxEvent(checkout, 'checkout.session.payment_failed', { created: t - 60 }),
    );
    expect(String(older.body.outcome)).toMatch(/older/);
    expect((await getCheckout(viewer, checkout.checkoutId)).status).toBe('FAILED');
    await send(sandboxEvent(checkout, 'checkout.session.completed', { created: t - 30 }));
    expect((await getCheckout(viewer, checkout.checkoutId)).status).toBe('PAID');
  });

  it('keeps a webhook sent while the API is down and delivers it after the API restarts', async () => {
    const port = await freePort();
    const receiver = `http://127.0.0.1:${port}/api/v1/billing/webhooks/sandbox`;
    // The API that will receive the webhook, then goes down.
    let target = await host().start(BILLING_TEST_ENV, { port });
    // The provider side: a replica whose sandbox sends to that address.
    const provider = await host().start({
      ...BILLING_TEST_ENV,
      CREASE_SANDBOX_WEBHOOK_URL: receiver,
    });
    const viewer = await newViewer(provider, 'restart');
    const created = await createCheckout(viewer, { planId: 'monthly' });
    await target.close();

    expect((await submitCard(viewer.client, created.body.sessionId)).status).toBe(200);
    // The sender tried, failed (connection refused) and keeps the event for a retry.
    const pending = await eventually(async () => {
      const rows = await host().query<{
        attempts: number;
        last_error: string | null;
        delivered_at: string | null;
      }>(
        `SELECT d.attempts, d.last_error, d.delivered_at FROM webhook_deliveries d
         WHERE d.payload LIKE '%' || $1 || '%'`,
        [created.body.sessionId],
      );
      const row = rows[0];
      return row && row.attempts >= 2 && row.last_error ? row : null;
    });
    expect(pending.delivered_at).toBeNull();
    expect((await getCheckout(viewer, created.body.checkoutId)).status).toBe('OPEN');
    expect((await entitlement(viewer)).entitled).toBe(false);

    // The provider restarts too: the event waits in the table, not in a process.
    await provider.close();
    const providerAgain = await host().start({
      ...BILLING_TEST_ENV,
      CREASE_SANDBOX_WEBHOOK_URL: receiver,
    });
    target = await host().start(BILLING_TEST_ENV, { port });
    const reader = { ...viewer, client: target.client() };
    await eventually(
      async () => (await getCheckout(reader, created.body.checkoutId)).status === 'PAID',
    );
    expect(await entitlement(reader)).toMatchObject({ entitled: true });
    const delivered = await host().query<{ delivered_at: string | null; last_status: number }>(
      "SELECT delivered_at, last_status FROM webhook_deliveries WHERE payload LIKE '%' || $1 || '%'",
      [created.body.sessionId],
    );
    expect(delivered[0]).toMatchObject({ last_status: 200 });
    expect(delivered[0]?.delivered_at).not.toBeNull();
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    await target.close();
    await providerAgain.close();
  }, 120_000);

  it('expires an unpaid sandbox session by webhook and gives its coupon redemption back', async () => {
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, redemption_limit, redeemed, plan_ids)
       VALUES ('ONCE15', 15, now() - interval '1 day', 1, 0, '[]') ON CONFLICT DO NOTHING`,
    );
    const expiring = await host().start(BILLING_TEST_ENV);
    const viewer = await newViewer(expiring, 'expiry');
    const created = await createCheckout(viewer, { planId: 'monthly', couponCode: 'ONCE15' });
    expect(created.status).toBe(201);
    const redeemed = async () =>
      Number(
        (
          await host().query<{ redeemed: number }>(
            "SELECT redeemed FROM coupons WHERE code = 'ONCE15'",
          )
        )[0]?.redeemed,
      );
    expect(await redeemed()).toBe(1);
    await expiring.advanceClock(31 * 60);
    const stored = await eventually(async () => {
      const rows = await host().query<{ status: string; failure_code: string | null }>(
        'SELECT status, failure_code FROM checkouts WHERE id = $1',
        [created.body.checkoutId],
      );
      return rows[0]?.status === 'EXPIRED' ? rows[0] : null;
    });
    expect(stored.failure_code).toBe('SESSION_EXPIRED');
    expect(await redeemed()).toBe(0);
    const late = await submitCard(viewer.client, created.body.sessionId);
    expect(late.status).toBe(410);
    expectErrorShape(late.body, 'SESSION_EXPIRED');
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);
    await expiring.close();
  }, 60_000);

  it('housekeeping forgets old delivered webhooks and old event ids, and keeps the rest', async () => {
    const sweeper = await host().start({
      ...BILLING_TEST_ENV,
      CREASE_CLEANUP_INTERVAL_SECONDS: '1',
    });
    const tag = randomUUID();
    const delivery = (id: string, delivered: string) =>
      host().query(
        `INSERT INTO webhook_deliveries (id, event_id, target_url, payload, next_attempt_at, delivered_at, created_at)
         VALUES ($1, $2, 'http://127.0.0.1:9/x', '{}', now(), ${delivered}, now() - interval '40 days')`,
        [id, `${tag}-${id}`],
      );
    const [oldDelivered, recentDelivered, undelivered] = [randomUUID(), randomUUID(), randomUUID()];
    await delivery(oldDelivered, "now() - interval '31 days'");
    await delivery(recentDelivered, "now() - interval '1 day'");
    await delivery(undelivered, 'NULL');
    for (const [id, age] of [
      [`old-${tag}`, '91 days'],
      [`new-${tag}`, '1 day'],
    ])
      await host().query(
        `INSERT INTO webhook_events (provider, event_id, type, outcome, payload, received_at)
         VALUES ('SANDBOX', $1, 't', 'applied', '{}', now() - interval '${age}')`,
        [id],
      );
    const left = async () => ({
      deliveries: (
        await host().query<{ id: string }>(
          'SELECT id FROM webhook_deliveries WHERE event_id LIKE $1',
          [`${tag}-%`],
        )
      )
        .map((r) => r.id)
        .sort(),
      events: (
        await host().query<{ event_id: string }>(
          'SELECT event_id FROM webhook_events WHERE event_id LIKE $1',
          [`%-${tag}`],
        )
      ).map((r) => r.event_id),
    });
    const expected = { deliveries: [recentDelivered, undelivered].sort(), events: [`new-${tag}`] };
    const state = await eventually(async () => {
      const now = await left();
      return JSON.stringify(now) === JSON.stringify(expected) ? now : null;
    });
    expect(state).toEqual(expected);
    await sweeper.close();
  }, 60_000);

  describe('the Stripe adapter', () => {
    const WEBHOOK_SECRET = 'whsec_stripe-tests-0123456789';
    const suite = stripeForSuite(host, { webhookSecret: WEBHOOK_SECRET });

    function completed(checkout: Checkout, id = `evt_${randomUUID()}`): string {
      return stripeEvent(
        'checkout.session.completed',
        {
          id: checkout.sessionId,
          object: 'checkout.session',
          client_reference_id: checkout.checkoutId,
          amount_total: Math.round(checkout.amount * 100),
          currency: 'usd',
          payment_status: 'paid',
          payment_intent: `pi_${randomUUID()}`,
        },
        { id },
      );
    }

    it('opens a Stripe Checkout Session for the API price and activates on the signed webhook', async () => {
      const viewer = await newViewer(suite.api, 'stripe');
      const res = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ paymentSystem: 'STRIPE', amount: 7.99 });
      expect(res.body.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      const sent = suite.stripe.sessionsCreated().at(-1)?.form;
      // The list price recurs; the coupon is a Stripe coupon for the first payment only (392).
      expect(sent?.get('line_items[0][price_data][unit_amount]')).toBe('999');
      expect(suite.stripe.posted('/v1/coupons').at(-1)?.get('amount_off')).toBe('200');
      expect(sent?.get('discounts[0][coupon]')).toMatch(/^co_/);
      expect(sent?.get('client_reference_id')).toBe(res.body.checkoutId);

      const body = completed(res.body);
      const forged = await postWebhook(suite.api, 'stripe', body, {
        'stripe-signature': stripeSignature(body, 'whsec_wrong'),
      });
      expect(forged.status).toBe(400);
      expectErrorShape(forged.body, 'WEBHOOK_SIGNATURE_INVALID');
      const stale = await suite.deliver(body, now() - 301);
      expect(stale.status).toBe(400);
      expectErrorShape(stale.body, 'WEBHOOK_TIMESTAMP_STALE');
      expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);

      const ok = await suite.deliver(body);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ duplicate: false });
      expect(await entitlement(viewer)).toMatchObject({ entitled: true, planId: 'monthly' });
      // Stripe delivers the same event again (a retry): recognised, applied once.
      const again = await suite.deliver(body);
      expect(again.body).toMatchObject({ duplicate: true });
      const history = await viewer.client.get('/api/v1/billing/payments', {
        bearer: viewer.bearer,
      });
      expect(history.body).toMatchObject({
        total: 1,
        payments: [{ paymentSystem: 'STRIPE', amount: 7.99 }],
      });
    });

    it('acknowledges a verified event type it does not use, and has no sandbox card page', async () => {
      const res = await suite.deliver(stripeEvent('customer.created', {}));
      expect(res.status).toBe(200);
      expect(String(res.body.outcome)).toMatch(/ignored/);
      const card = await submitCard(suite.api.client(), 'cs_test_anything000000');
      expect(card.status).toBe(404);
    });
  });
});
