/** @jest-environment node */
/**
 * Subscriptions Stripe renews itself (issue 22 §1, decision 245), over real HTTP on PGlite and
 * PostgreSQL: the adapter opens a subscription-mode Checkout Session (Stripe makes the Customer
 * and the Subscription), and Stripe's own signed webhooks drive the plan: invoice.paid renews,
 * invoice.payment_failed starts grace, customer.subscription.deleted ends it. Cancel and resume
 * set the Subscription's cancel_at_period_end. A paid Checkout's card comes from its payment
 * intent's charge; charge.refunded records each refund once (issue 22 §5). A local server plays
 * Stripe's HTTP API.
 */
import { randomUUID } from 'node:crypto';
import type { BillingHistoryPage, PaymentPage, PaymentReceipt } from '@crease/contract';
import {
  createCheckout,
  eventually,
  getCheckout,
  newViewer,
  subscriptionOf,
  switchRenewal,
} from '../testing/billing-helpers';
import { stripeEvent, stripeForSuite } from '../testing/played-stripe';
import { describeEachDatabase } from '../testing/test-api';

const DAY = 24 * 60 * 60;

describeEachDatabase('Stripe-renewed subscriptions', (host) => {
  const suite = stripeForSuite(host, {
    webhookSecret: 'whsec_renewal-tests-0123456789',
    env: { CREASE_RENEWAL_INTERVAL_MS: '0' },
  });
  const { stripe } = suite;
  /** How far the test moved the API's clock: webhooks are signed at the API's "now". */
  let offsetSeconds = 0;

  const now = () => Math.floor(Date.now() / 1000) + offsetSeconds;
  /** A Stripe event, signed with the webhook secret, posted as Stripe does. */
  const send = (type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) =>
    suite.deliver(stripeEvent(type, object, { id, created: now() }), now());
  const invoice = (subscription: string, fields: Record<string, unknown>) => ({
    id: `in_${randomUUID()}`,
    object: 'invoice',
    currency: 'usd',
    amount_paid: 999,
    parent: { type: 'subscription_details', subscription_details: { subscription, metadata: {} } },
    ...fields,
  });

  it('renews, fails into grace, cancels and resumes, and ends on Stripe webhooks', async () => {
    const viewer = await newViewer(suite.api, 'stripe-renewal');
    const created = await createCheckout(viewer, { planId: 'monthly' });
    expect(created.status).toBe(201);
    const session = stripe.sessionsCreated()[0]?.form;
    expect(session?.get('mode')).toBe('subscription');
    expect(session?.get('line_items[0][price_data][recurring][interval]')).toBe('day');
    expect(session?.get('line_items[0][price_data][recurring][interval_count]')).toBe('30');

    const subscriptionId = `sub_${randomUUID()}`;
    const completed = await send('checkout.session.completed', {
      id: created.body.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      amount_total: 999,
      currency: 'usd',
      payment_status: 'paid',
      payment_intent: null,
      invoice: `in_first_${randomUUID()}`,
      customer: `cus_${randomUUID()}`,
      subscription: subscriptionId,
    });
    expect(completed.status).toBe(200);
    await eventually(async () =>
      (await getCheckout(viewer, created.body.checkoutId)).status === 'PAID' ? true : null,
    );
    const first = await subscriptionOf(viewer);
    expect(first).toMatchObject({ state: 'ACTIVE', kind: 'SUBSCRIPTION', renews: true });

    // Stripe renews it, not our job: past the period end the job claims nothing of it.
    await suite.api.advanceClock(30 * DAY + 60);
    offsetSeconds += 30 * DAY + 60;
    await suite.api.runRenewals();
    const claims = await host().query<{ n: string | number }>(
      'SELECT count(*) AS n FROM renewal_charges WHERE user_id = $1',
      [viewer.userId],
    );
    expect(Number(claims[0]?.n)).toBe(0);
    expect((await subscriptionOf(viewer)).entitled).toBe(true);

    const nextEnd = new Date(first.periodEnd ?? '').getTime() / 1000 + 30 * DAY;
    const paid = invoice(subscriptionId, {
      billing_reason: 'subscription_cycle',
      period_end: nextEnd,
      lines: { object: 'list', data: [{ period: { start: nextEnd - 30 * DAY, end: nextEnd } }] },
    });
    const eventId = `evt_${randomUUID()}`;
    expect((await send('invoice.paid', paid, eventId)).status).toBe(200);
    // Stripe retries a delivery: the same event id changes nothing more.
    expect((await send('invoice.paid', paid, eventId)).status).toBe(200);
    const renewed = await subscriptionOf(viewer);
    expect(new Date(renewed.periodEnd ?? '').getTime() / 1000).toBe(nextEnd);
    const history = await viewer.client.get<PaymentPage>('/api/v1/billing/payments', {
      bearer: viewer.bearer,
    });
    expect(history.body.total).toBe(2);

    const retryAt = now() + 3 * DAY;
    const failed = await send(
      'invoice.payment_failed',
      invoice(subscriptionId, {
        billing_reason: 'subscription_cycle',
        next_payment_attempt: retryAt,
      }),
    );
    expect(failed.status).toBe(200);
    const grace = await subscriptionOf(viewer);
    expect(grace).toMatchObject({ state: 'ACTIVE', entitled: true, renewalFailures: 1 });
    expect(new Date(grace.graceUntil ?? '').getTime() / 1000).toBe(retryAt);

    expect((await switchRenewal(viewer, 'cancel')).status).toBe(200);
    expect((await switchRenewal(viewer, 'resume')).status).toBe(200);
    const updates = stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(updates.map((r) => r.form.get('cancel_at_period_end'))).toEqual(['true', 'false']);

    expect(
      (await send('customer.subscription.deleted', { id: subscriptionId, object: 'subscription' }))
        .status,
    ).toBe(200);
    expect(await subscriptionOf(viewer)).toMatchObject({
      state: 'EXPIRED',
      entitled: false,
      endedReason: 'RENEWAL_FAILED',
    });
  });

  it('names the card Stripe charged on the receipt, and lists its refunds', async () => {
    const viewer = await newViewer(suite.api, 'stripe-receipt');
    const created = await createCheckout(viewer, { planId: 'match-pass' });
    expect(created.status).toBe(201);
    const intent = `pi_${randomUUID().replaceAll('-', '')}`;
    await send('checkout.session.completed', {
      id: created.body.sessionId,
      object: 'checkout.session',
      mode: 'payment',
      amount_total: 299,
      currency: 'usd',
      payment_status: 'paid',
      payment_intent: intent,
    });
    const paid = await eventually(async () => {
      const checkout = await getCheckout(viewer, created.body.checkoutId);
      return checkout.status === 'PAID' ? checkout : null;
    });
    expect(stripe.requests.some((r) => r.path.startsWith(`/v1/payment_intents/${intent}`))).toBe(
      true,
    );
    const receiptOf = async () =>
      (
        await viewer.client.get<PaymentReceipt>(`/api/v1/billing/payments/${paid.paymentId}`, {
          bearer: viewer.bearer,
        })
      ).body;
    expect(await receiptOf()).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444' });

    const refund = (id: string, amount: number) => ({
      id,
      object: 'refund',
      amount,
      currency: 'usd',
      status: 'succeeded',
      created: now(),
    });
    const charge = (refunds: unknown[]) => ({
      id: `ch_${randomUUID()}`,
      object: 'charge',
      payment_intent: intent,
      refunds: { object: 'list', data: refunds },
    });
    const first = refund(`re_${randomUUID()}`, 100);
    expect((await send('charge.refunded', charge([first]))).status).toBe(200);
    // Stripe lists every refund of the charge again with the next one: each is stored once.
    const second = refund(`re_${randomUUID()}`, 199);
    expect((await send('charge.refunded', charge([first, second]))).status).toBe(200);

    const history = await viewer.client.get<BillingHistoryPage>('/api/v1/billing/history', {
      bearer: viewer.bearer,
    });
    expect(history.body.entries.map((e) => [e.type, e.amount])).toEqual(
      expect.arrayContaining([
        ['PAYMENT', 2.99],
        ['REFUND', 1],
        ['REFUND', 1.99],
      ]),
    );
    expect(history.body.total).toBe(3);
    expect((await receiptOf()).refunds.map((r) => r.amount).sort()).toEqual([1, 1.99]);
  });
});
