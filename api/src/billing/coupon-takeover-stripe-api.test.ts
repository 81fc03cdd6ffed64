/** @jest-environment node */
/**
 * A takeover ends the displaced Stripe Checkout Session (decision 203), over real HTTP on PGlite
 * and PostgreSQL: the Stripe adapter's real client talks to a local server that plays Stripe's
 * session endpoints (create, expire), never the network. When Stripe cannot expire it the
 * viewer's new checkout still stands, and a payment on the old session is honoured once.
 */
import { randomUUID } from 'node:crypto';
import type { Checkout } from '@crease/contract';
import { createCheckout, eventually, getCheckout, newViewer } from '../testing/billing-helpers';
import { stripeEvent, stripeForSuite } from '../testing/played-stripe';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('A takeover with Stripe', (host) => {
  const suite = stripeForSuite(host, { webhookSecret: 'whsec_takeover-tests-0123456789' });
  const { stripe } = suite;

  const redeemed = async () =>
    Number(
      (
        await host().query<{ redeemed: number }>(
          "SELECT redeemed FROM coupons WHERE code = 'WELCOME20'",
        )
      )[0]?.redeemed,
    );
  /** Stripe's event for a session, signed with the webhook secret, posted to the API. */
  const sendEvent = (
    checkout: Checkout,
    type: 'checkout.session.completed' | 'checkout.session.expired',
  ) => {
    const paid = type === 'checkout.session.completed';
    return suite.deliver(
      stripeEvent(type, {
        id: checkout.sessionId,
        object: 'checkout.session',
        client_reference_id: checkout.checkoutId,
        amount_total: Math.round(checkout.amount * 100),
        currency: 'usd',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: paid ? `pi_${randomUUID()}` : null,
      }),
    );
  };

  it('expires the displaced session at Stripe before answering the new checkout', async () => {
    const before = await redeemed();
    const viewer = await newViewer(suite.api, 'stripe-takeover');
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(stripe.expiresOf(first.body.sessionId)).toEqual([]);
    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(second.status).toBe(201);

    expect(stripe.expiresOf(first.body.sessionId)).toEqual([
      { sessionId: first.body.sessionId, idempotencyKey: expect.any(String) },
    ]);
    expect(stripe.expiresOf(second.body.sessionId)).toEqual([]);
    // Stripe's expiry event closes the old checkout; its place was taken over, so none is freed.
    expect((await sendEvent(first.body, 'checkout.session.expired')).status).toBe(200);
    expect(await getCheckout(viewer, first.body.checkoutId)).toMatchObject({
      status: 'EXPIRED',
      couponReservation: 'TAKEN_OVER',
    });
    expect(await redeemed()).toBe(before + 1);
  });

  it('keeps the new checkout when Stripe cannot expire the old one; a payment on it counts once', async () => {
    const before = await redeemed();
    const viewer = await newViewer(suite.api, 'stripe-takeover-down');
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    stripe.expiring = 'failing';
    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ status: 'OPEN', couponReservation: 'HELD' });
    // The adapter's client tried (once more after the 500), then the API logged and went on.
    expect(stripe.expiresOf(first.body.sessionId).length).toBeGreaterThanOrEqual(1);

    // The old session stayed payable, and the viewer paid it: the payment stands.
    stripe.expiring = 'up';
    expect((await sendEvent(first.body, 'checkout.session.completed')).status).toBe(200);
    expect(await getCheckout(viewer, first.body.checkoutId)).toMatchObject({
      status: 'PAID',
      couponReservation: 'REDEEMED',
    });
    expect(await getCheckout(viewer, second.body.checkoutId)).toMatchObject({
      couponReservation: 'TAKEN_OVER',
    });
    expect(await redeemed()).toBe(before + 1);
    // The payment took the newer checkout's place, so the API ends that session at Stripe too.
    await eventually(async () => stripe.expiresOf(second.body.sessionId).length === 1);
  });
});
