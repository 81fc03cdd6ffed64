/** @jest-environment node */
/**
 * A takeover ends the displaced Stripe Checkout Session (decision 203), over real HTTP on PGlite
 * and PostgreSQL: the Stripe adapter's real client talks to a local server that plays Stripe's
 * session endpoints (create, expire), never the network. When Stripe cannot expire it the
 * viewer's new checkout still stands, and a payment on the old session is honoured once.
 */
import http from 'node:http';
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { Checkout } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  createCheckout,
  eventually,
  getCheckout,
  newViewer,
  postWebhook,
} from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

const WEBHOOK_SECRET = 'whsec_takeover-tests-0123456789';
const EXPIRE_PATH = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/;

/** Plays api.stripe.com's checkout-session create and expire; `expiring` says if expire works. */
class PlayedStripe {
  expiring: 'up' | 'failing' = 'up';
  /** Every expire request received: the session id and Stripe's Idempotency-Key header. */
  readonly expired: { sessionId: string; idempotencyKey: string | undefined }[] = [];
  private readonly server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => this.answer(request, response, raw));
  });

  private answer(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const expire = EXPIRE_PATH.exec(request.url ?? '');
    if (request.method === 'POST' && expire?.[1]) {
      const sessionId = decodeURIComponent(expire[1]);
      const key = request.headers['idempotency-key'];
      this.expired.push({ sessionId, idempotencyKey: typeof key === 'string' ? key : undefined });
      if (this.expiring === 'failing')
        json(500, { error: { type: 'api_error', message: 'played outage' } });
      else json(200, { id: sessionId, object: 'checkout.session', status: 'expired' });
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
      json(404, { error: {} });
      return;
    }
    const form = new URLSearchParams(raw);
    const id = `cs_test_takeover_${randomUUID()}`;
    json(200, {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]'),
      client_reference_id: form.get('client_reference_id'),
      payment_status: 'unpaid',
    });
  }

  expiresOf(sessionId: string) {
    return this.expired.filter((e) => e.sessionId === sessionId);
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describeEachDatabase('A takeover with Stripe', (host) => {
  const stripe = new PlayedStripe();
  const signer = new Stripe('sk_test_crease');
  let api: RunningApi;

  beforeAll(async () => {
    api = await host().start({
      ...BILLING_TEST_ENV,
      CREASE_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_crease',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: await stripe.listen(),
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.expiring = 'up';
  });

  const redeemed = async () =>
    Number(
      (
        await host().query<{ redeemed: number }>(
          "SELECT redeemed FROM coupons WHERE code = 'WELCOME20'",
        )
      )[0]?.redeemed,
    );
  /** Stripe's event for a session, signed with the webhook secret, posted to the API. */
  const stripeEvent = (
    checkout: Checkout,
    type: 'checkout.session.completed' | 'checkout.session.expired',
  ) => {
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: checkout.sessionId,
          object: 'checkout.session',
          client_reference_id: checkout.checkoutId,
          amount_total: Math.round(checkout.amount * 100),
          currency: 'usd',
          payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
          payment_intent: type === 'checkout.session.completed' ? `pi_${randomUUID()}` : null,
        },
      },
    });
    return postWebhook(api, 'stripe', body, {
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: WEBHOOK_SECRET,
      }),
    });
  };

  it('expires the displaced session at Stripe before answering the new checkout', async () => {
    const before = await redeemed();
    const viewer = await newViewer(api, 'stripe-takeover');
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(stripe.expiresOf(first.body.sessionId)).toEqual([]);
    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(second.status).toBe(201);

    expect(stripe.expiresOf(first.body.sessionId)).toEqual([
      { sessionId: first.body.sessionId, idempotencyKey: expect.any(String) },
    ]);
    expect(stripe.expiresOf(second.body.sessionId)).toEqual([]);
    // Stripe's expiry event closes the old checkout; its place was taken over, so none is freed.
    expect((await stripeEvent(first.body, 'checkout.session.expired')).status).toBe(200);
    expect(await getCheckout(viewer, first.body.checkoutId)).toMatchObject({
      status: 'EXPIRED',
      couponReservation: 'TAKEN_OVER',
    });
    expect(await redeemed()).toBe(before + 1);
  });

  it('keeps the new checkout when Stripe cannot expire the old one; a payment on it counts once', async () => {
    const before = await redeemed();
    const viewer = await newViewer(api, 'stripe-takeover-down');
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    stripe.expiring = 'failing';
    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ status: 'OPEN', couponReservation: 'HELD' });
    // The adapter's client tried (once more after the 500), then the API logged and went on.
    expect(stripe.expiresOf(first.body.sessionId).length).toBeGreaterThanOrEqual(1);

    // The old session stayed payable, and the viewer paid it: the payment stands.
    stripe.expiring = 'up';
    expect((await stripeEvent(first.body, 'checkout.session.completed')).status).toBe(200);
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
