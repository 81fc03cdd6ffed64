/** @jest-environment node */
/**
 * A payment-provider outage at checkout (decision 105), over real HTTP on PGlite and PostgreSQL:
 * the Stripe adapter's real client talks to a local HTTP server that plays Stripe's API and
 * fails the way Stripe can (5xx, a dropped connection, a refused key). The API answers a coded
 * error in the spec's shape, leaves nothing half-made (no checkout row, the coupon's last place
 * given back), and the same Pay (same Idempotency-Key, same body) succeeds once Stripe is back.
 */
import http from 'node:http';
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  BILLING_TEST_ENV,
  countRows,
  createCheckout,
  expectErrorShape,
  newViewer,
} from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

type StripeMode = 'up' | 'failing' | 'dropping' | 'refusing';

/** Plays api.stripe.com's checkout-session endpoint; `mode` says how it behaves right now. */
class PlayedStripe {
  mode: StripeMode = 'up';
  /** Every create request received, with Stripe's Idempotency-Key header. */
  readonly received: { idempotencyKey: string | undefined; form: URLSearchParams }[] = [];
  private readonly server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => this.answer(request, response, raw));
  });

  private answer(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{}}');
      return;
    }
    const header = request.headers['idempotency-key'];
    this.received.push({
      idempotencyKey: typeof header === 'string' ? header : undefined,
      form: new URLSearchParams(raw),
    });
    const json = (status: number, body: unknown) =>
      response
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomUUID()}`,
        })
        .end(JSON.stringify(body));
    switch (this.mode) {
      case 'failing':
        json(500, {
          error: { type: 'api_error', message: 'An unknown error occurred (played outage).' },
        });
        return;
      case 'dropping':
        request.socket.destroy();
        return;
      case 'refusing':
        json(401, {
          error: {
            type: 'invalid_request_error',
            message: 'Invalid API Key provided: sk_test_***',
          },
        });
        return;
      case 'up': {
        const form = new URLSearchParams(raw);
        const id = `cs_test_outage_${randomUUID()}`;
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
    }
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

describeEachDatabase('Checkout while the payment provider is down', (host) => {
  const stripe = new PlayedStripe();
  let api: RunningApi;

  beforeAll(async () => {
    const base = await stripe.listen();
    api = await host().start({
      ...BILLING_TEST_ENV,
      CREASE_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_crease',
      STRIPE_WEBHOOK_SECRET: 'whsec_outage-tests-0123456789',
      STRIPE_API_BASE: base,
    });
    // One redemption left: a place leaked by a failed checkout would make the retry fail.
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, valid_until, redemption_limit, redeemed, plan_ids)
       VALUES ('OUTAGE1', 25, now() - interval '1 day', NULL, 1, 0, '[]') ON CONFLICT DO NOTHING`,
    );
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.mode = 'up';
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
    const viewer = await newViewer(api, 'outage');
    const key = randomUUID();
    const order = { planId: 'monthly', couponCode: 'OUTAGE1', expectedAmount: 7.49 };
    stripe.mode = 'failing';
    const sentBefore = stripe.received.length;

    const down = await createCheckout(viewer, order, key);
    expect(down.status).toBe(503);
    expectErrorShape(down.body, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect(down.body).toMatchObject({ userId: viewer.userId });
    expect(down.body.message).toContain('You have not been charged');
    expect(down.headers.get('retry-after')).toBe('30');
    // The adapter's client tried Stripe twice, with one Stripe idempotency key.
    const attempts = stripe.received.slice(sentBefore);
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
    expect(await redeemed('OUTAGE1')).toBe(0);
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);

    // The browser's retry: the same key and body run again (a 5xx is never replayed).
    stripe.mode = 'up';
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
    const viewer = await newViewer(api, 'outage');
    stripe.mode = 'dropping';
    const res = await createCheckout(viewer, { planId: 'monthly' });
    expect(res.status).toBe(503);
    expectErrorShape(res.body, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
  });

  it('answers 502 PAYMENT_PROVIDER_ERROR when Stripe refuses our key, and creates nothing', async () => {
    const viewer = await newViewer(api, 'outage');
    stripe.mode = 'refusing';
    const res = await createCheckout(viewer, { planId: 'monthly' });
    expect(res.status).toBe(502);
    expectErrorShape(res.body, 'PAYMENT_PROVIDER_ERROR');
    expect(res.text).not.toContain('sk_test');
    expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(0);
  });
});
