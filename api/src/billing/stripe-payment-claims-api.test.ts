/** @jest-environment node */
/**
 * Stripe Checkout charges without asking us, so a payment makes its claim when Stripe's webhook
 * reports it (decision 392), on PGlite and PostgreSQL: a coupon the account already used, or
 * one used up while the page was open, gives the whole payment back and never renews. A
 * subscription's Checkout Session renews at the list price: a coupon is a Stripe coupon that
 * applies once (issue 31 §10). The adapter's real client talks to a local server that plays
 * Stripe's endpoints, never the network.
 */
import { randomUUID } from 'node:crypto';
import type { Checkout } from '@crease/contract';
import {
  createCheckout,
  eventually,
  getCheckout,
  newViewer,
  subscriptionOf,
} from '../testing/billing-helpers';
import { stripeEvent, stripeForSuite } from '../testing/played-stripe';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('Stripe payments claim their coupon when the money moves', (host) => {
  const suite = stripeForSuite(host, { webhookSecret: 'whsec_stripe-claims-0123456789' });
  const { stripe } = suite;

  /** Stripe's checkout.session.completed for a subscription's session: paid by its invoice. */
  const paySubscription = (checkout: Checkout) => {
    const invoice = `in_${randomUUID().replace(/-/g, '')}`;
    const subscription = `sub_${randomUUID().replace(/-/g, '')}`;
    return suite
      .deliver(
        stripeEvent('checkout.session.completed', {
          id: checkout.sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: checkout.checkoutId,
          amount_total: Math.round(checkout.amount * 100),
          currency: 'usd',
          payment_status: 'paid',
          payment_intent: null,
          invoice,
          customer: `cus_${randomUUID().slice(0, 8)}`,
          subscription,
        }),
      )
      .then((answer) => ({ answer, invoice, subscription }));
  };
  /** A fresh coupon for one test: `limit` redemptions in all, `perAccount` per account. */
  async function coupon(limit: number | null, perAccount: number | null): Promise<string> {
    const code = `S${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, redemption_limit, plan_ids, per_account_limit)
       VALUES ($1, 20, now() - interval '1 day', $2, '[]', $3)`,
      [code, limit, perAccount],
    );
    return code;
  }
  const sessionOf = (checkout: Checkout) =>
    stripe.sessionsCreated().find((r) => r.form.get('client_reference_id') === checkout.checkoutId)
      ?.form;

  it('renews a subscription at the list price: the coupon is a Stripe coupon used once', async () => {
    const viewer = await newViewer(suite.api, 'stripe-list-price');
    const opened = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(opened.status).toBe(201);
    expect(opened.body.amount).toBe(7.99);
    const session = sessionOf(opened.body);
    expect(session?.get('mode')).toBe('subscription');
    expect(session?.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(session?.get('line_items[0][price_data][recurring][interval_count]')).toBe('30');
    const made = stripe.posted('/v1/coupons').at(-1);
    expect(made?.get('amount_off')).toBe('200');
    expect(made?.get('duration')).toBe('once');
    expect(made?.get('max_redemptions')).toBe('1');
    expect(session?.get('discounts[0][coupon]')).toMatch(/^co_/);

    // Without a coupon there is nothing to discount; a pass is one payment at its one price.
    const plain = await createCheckout(viewer, { planId: 'annual' });
    expect(sessionOf(plain.body)?.get('line_items[0][price_data][unit_amount]')).toBe('6999');
    expect(sessionOf(plain.body)?.get('discounts[0][coupon]')).toBeNull();
    const pass = await createCheckout(viewer, { planId: 'season', couponCode: 'SEASON50' });
    expect(pass.status).toBe(201);
    const passSession = sessionOf(pass.body);
    expect(passSession?.get('mode')).toBe('payment');
    expect(passSession?.get('line_items[0][price_data][unit_amount]')).toBe(
      String(Math.round(pass.body.amount * 100)),
    );
    expect(passSession?.get('discounts[0][coupon]')).toBeNull();
  });

  it('refunds a second once-per-account redemption paid at Stripe, and stops its renewal', async () => {
    const code = await coupon(null, 1);
    const viewer = await newViewer(suite.api, 'stripe-once');
    // Two tabs: the second checkout takes the first's place, but Stripe's page of the first is
    // still open (its expiry is asked after), and the viewer pays both.
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: code });
    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: code });
    expect(second.status).toBe(201);

    const paidFirst = await paySubscription(first.body);
    expect(paidFirst.answer.status).toBe(200);
    expect(await getCheckout(viewer, first.body.checkoutId)).toMatchObject({
      status: 'PAID',
      couponReservation: 'REDEEMED',
    });

    const refundsBefore = stripe.posted('/v1/refunds').length;
    const paidSecond = await paySubscription(second.body);
    expect(paidSecond.answer.status).toBe(200);
    const refused = await getCheckout(viewer, second.body.checkoutId);
    expect(refused).toMatchObject({ status: 'FAILED', failureCode: 'COUPON_REFUNDED' });
    expect(refused.failureMessage).toContain(`You have already used ${code} on this account.`);
    expect(refused.failureMessage).toContain('refunded in full');
    // The whole payment goes back, through the invoice's payment intent …
    await eventually(async () => stripe.posted('/v1/refunds').length > refundsBefore);
    const refund = stripe.posted('/v1/refunds').at(-1);
    expect(refund?.get('payment_intent')).toBe(`pi_of_${paidSecond.invoice}`);
    expect(refund?.get('amount')).toBeNull();
    // … and the Stripe subscription it opened never renews.
    await eventually(async () =>
      stripe.requests.some(
        (r) =>
          r.path === `/v1/subscriptions/${paidSecond.subscription}` &&
          r.form.get('cancel_at_period_end') === 'true',
      ),
    );
    // The first payment's plan stands, one period of it.
    const rows = await host().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM checkouts WHERE user_id = $1 AND coupon_reservation = 'REDEEMED'",
      [viewer.userId],
    );
    expect(rows[0]?.n).toBe(1);
    const subscription = await subscriptionOf(viewer);
    expect(subscription).toMatchObject({ planId: 'monthly', state: 'ACTIVE', renews: true });
    // One period of 30 days, not two.
    expect(
      Date.parse(subscription.periodEnd ?? '') - Date.parse(subscription.periodStart ?? ''),
    ).toBe(30 * 86_400_000);
  });

  it('refunds a payment whose coupon was used up by others after its hold lapsed', async () => {
    const code = await coupon(1, null);
    const late = await newViewer(suite.api, 'stripe-lapsed');
    const waiting = await createCheckout(late, { planId: 'monthly', couponCode: code });
    expect(waiting.status).toBe(201);
    // The hold lapses (decision 396): the one redemption goes to a buyer who pays first.
    await host().query(
      "UPDATE checkouts SET created_at = created_at - interval '2 hours' WHERE id = $1",
      [waiting.body.checkoutId],
    );
    const buyer = await newViewer(suite.api, 'stripe-first');
    const bought = await createCheckout(buyer, { planId: 'monthly', couponCode: code });
    expect(bought.status).toBe(201);
    expect((await paySubscription(bought.body)).answer.status).toBe(200);

    const paidLate = await paySubscription(waiting.body);
    expect(paidLate.answer.status).toBe(200);
    const refused = await getCheckout(late, waiting.body.checkoutId);
    expect(refused).toMatchObject({ status: 'FAILED', failureCode: 'COUPON_REFUNDED' });
    expect(refused.failureMessage).toContain('was used up while this payment page was open');
    await eventually(async () =>
      stripe
        .posted('/v1/refunds')
        .some((f) => f.get('payment_intent') === `pi_of_${paidLate.invoice}`),
    );
    const redeemed = await host().query<{ redeemed: number }>(
      'SELECT redeemed FROM coupons WHERE code = $1',
      [code],
    );
    expect(Number(redeemed[0]?.redeemed)).toBe(1);
  });

  it('pays once-per-account at 20 % only once when two payments land at the same instant', async () => {
    const code = await coupon(null, 1);
    const viewers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => newViewer(suite.api, `stripe-race-${i}`)),
    );
    for (const viewer of viewers) {
      const first = await createCheckout(viewer, { planId: 'monthly', couponCode: code });
      const second = await createCheckout(viewer, { planId: 'monthly', couponCode: code });
      const answers = await Promise.all([
        paySubscription(first.body),
        paySubscription(second.body),
      ]);
      // A deadlock between the two is Stripe's to retry (a 5xx): then it delivers again.
      for (const [i, paid] of answers.entries())
        if (paid.answer.status !== 200) {
          const again = await paySubscription(i === 0 ? first.body : second.body);
          expect(again.answer.status).toBe(200);
        }
      const states = await Promise.all(
        [first.body, second.body].map((c) => getCheckout(viewer, c.checkoutId)),
      );
      expect(states.filter((c) => c.status === 'PAID')).toHaveLength(1);
      expect(states.filter((c) => c.failureCode === 'COUPON_REFUNDED')).toHaveLength(1);
    }
  });
});
