/** @jest-environment node */
/**
 * A payment-provider outage at checkout (decision 105), over real HTTP on PGlite and PostgreSQL:
 * the Stripe adapter's real client talks to a local HTTP server that plays Stripe's API and
 * fails the way Stripe can (5xx, a dropped connection, a refused key). The API answers a coded
 * error in the spec's shape, leaves nothing half-made (no checkout row, the coupon's last place
 * given back), and the same Pay (same Idempotency-Key, same body) succeeds once Stripe is back.
 */
import { randomUUID } from 'node:crypto';
import { countRows, createCheckout, expectErrorShape, newViewer } from '../testing/billing-helpers';
import { stripeForSuite } from '../testing/played-stripe';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('Checkout while the payment provider is down', (host) => {
  const suite = stripeForSuite(host, { webhookSecret: 'whsec_outage-tests-0123456789' });
  const { stripe } = suite;

  beforeAll(async () => {
    // One redemption left: a place leaked by a failed checkout would make the retry fail.
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, valid_until, redemption_limit, redeemed, plan_ids)
       VALUES ('OUTAGE1', 25, now() - interval '1 day', NULL, 1, 0, '[]') ON CONFLICT DO NOTHING`,
    );
  });

  const redeemed = async (code: string) =>
    Number(
      (
        await host().query<{ redeemed: number }>('SELECT redeemed FROM coupons WHERE code = $1', [
          code,
        ])
      )[0]?.redeemed,
    );

  it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE, creates nothing, and the same Pay works once Stripe is back', async () => {
    const viewer = await newViewer(suite.api, 'outage');
    const key = randomUUID();
    const order = { planId: 'monthly', couponCode: 'OUTAGE1', expectedAmount: 7.49 };
    stripe.creating = 'failing';
    const sentBefore = stripe.sessionsCreated().length;

    const down = await createCheckout(viewer, order, key);
    expect(down.status).toBe(503);
    expectErrorShape(down.body, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect(down.body).toMatchObject({ userId: viewer.userId });
    expect(down.body.message).toContain('You have not been charged');
    expect(down.headers.get('retry-after')).toBe('30');
    // The adapter's client tried Stripe twice, with one Stripe idempotency key.
    const attempts = stripe.sessionsCreated().slice(sentBefore);
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
    expect(await redeemed('OUTAGE1')).toBe(0);
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);

    // The browser's retry: the same key and body run again (a 5xx is never replayed).
    stripe.creating = 'up';
    const up = await createCheckout(viewer, order, key);
    expect(up.status).toBe(201);
    expect(up.headers.get('idempotent-replayed')).toBeNull();
    expect(up.body).toMatchObject({ status: 'OPEN', amount: 7.49, paymentSystem: 'STRIPE' });
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(1);
    expect(await redeemed('OUTAGE1')).toBe(1);
    // And from then on that key is that checkout.
    const again = await createCheckout(viewer, order, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.checkoutId).toBe(up.body.checkoutId);
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(1);
  });

  it('answers 503 when Stripe drops the connection', async () => {
    const viewer = await newViewer(suite.api, 'outage');
    stripe.creating = 'dropping';
    const res = await createCheckout(viewer, { planId: 'monthly' });
    expect(res.status).toBe(503);
    expectErrorShape(res.body, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
  });

  it('answers 502 PAYMENT_PROVIDER_ERROR when Stripe refuses our key, and creates nothing', async () => {
    const viewer = await newViewer(suite.api, 'outage');
    stripe.creating = 'refusing';
    const res = await createCheckout(viewer, { planId: 'monthly' });
    expect(res.status).toBe(502);
    expectErrorShape(res.body, 'PAYMENT_PROVIDER_ERROR');
    expect(res.text).not.toContain('sk_test');
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
  });
});
