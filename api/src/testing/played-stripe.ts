/**
 * Stripe for the API tests that pay through it: a local HTTP server that plays api.stripe.com
 * (the adapter's real HTTP client talks to it) and fails the way Stripe can when a test asks,
 * an API started against it, and webhooks signed as Stripe signs them
 * (`stripe.webhooks.generateTestHeaderString`).
 */
import http from 'node:http';
import type net from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { BILLING_TEST_ENV, postWebhook } from './billing-helpers';
import type { ApiHost, CallResult, RunningApi } from './test-api';

const SECRET_KEY = 'sk_test_crease';
const SESSIONS_PATH = '/v1/checkout/sessions';
const EXPIRE_PATH = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/;
const COUPONS_PATH = '/v1/coupons';
const REFUNDS_PATH = '/v1/refunds';

export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  /** Stripe's Idempotency-Key header, as the adapter sent it. */
  idempotencyKey: string | undefined;
}

type Json = (status: number, body: unknown) => void;

export class PlayedStripe {
  /**
   * How creating a Checkout Session answers: as Stripe does, a 500, a dropped connection, or a
   * 401 (a refused key).
   */
  creating: 'up' | 'failing' | 'dropping' | 'refusing' = 'up';
  /** How expiring a Checkout Session answers: as Stripe does, or a 500. */
  expiring: 'up' | 'failing' = 'up';
  /** The coupons made (POST /v1/coupons): id → amount off in minor units. */
  private readonly coupons = new Map<string, number>();
  /** Every request received, oldest first. */
  readonly requests: StripeRequest[] = [];
  private readonly server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => this.answer(request, response, raw));
  });

  /** The Checkout Sessions the API asked to create, oldest first. */
  sessionsCreated(): StripeRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === SESSIONS_PATH);
  }

  /** The requests to `path` (POST), oldest first: coupons made, refunds asked, subscriptions changed. */
  posted(path: string): URLSearchParams[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.form);
  }

  /** The requests to expire `sessionId`, with their Idempotency-Key. */
  expiresOf(sessionId: string) {
    return this.requests
      .filter((r) => decodeURIComponent(EXPIRE_PATH.exec(r.path)?.[1] ?? '') === sessionId)
      .map((r) => ({ sessionId, idempotencyKey: r.idempotencyKey }));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse, raw: string) {
    const path = request.url ?? '';
    const key = request.headers['idempotency-key'];
    const form = new URLSearchParams(raw);
    this.requests.push({
      method: request.method ?? '',
      path,
      form,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    const json: Json = (status, body) =>
      response
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomUUID()}`,
        })
        .end(JSON.stringify(body));
    if (request.method === 'GET' && path.startsWith('/v1/payment_intents/pi_'))
      // A payment intent with its charge expanded: the card the receipt names (issue 22 §5).
      json(200, {
        id: path.split('/').at(-1)?.split('?')[0],
        object: 'payment_intent',
        status: 'succeeded',
        latest_charge: {
          id: `ch_${randomUUID()}`,
          object: 'charge',
          payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } },
        },
      });
    else if (request.method === 'GET' && path.startsWith('/v1/invoices/in_'))
      // A subscription's first invoice, paid by one payment intent (what a refund names).
      json(200, {
        id: path.split('/').at(-1)?.split('?')[0],
        object: 'invoice',
        payments: {
          object: 'list',
          data: [
            {
              object: 'invoice_payment',
              status: 'paid',
              payment: {
                type: 'payment_intent',
                payment_intent: `pi_of_${path.split('/').at(-1)?.split('?')[0]}`,
              },
            },
          ],
        },
      });
    else if (request.method !== 'POST')
      json(404, { error: { type: 'invalid_request_error', message: 'not played' } });
    else if (path === SESSIONS_PATH) this.createSession(request, form, json);
    else if (path === COUPONS_PATH) {
      const id = `co_${randomUUID().slice(0, 8)}`;
      this.coupons.set(id, Number(form.get('amount_off')));
      json(200, {
        id,
        object: 'coupon',
        amount_off: Number(form.get('amount_off')),
        currency: form.get('currency'),
        duration: form.get('duration'),
      });
    } else if (path === REFUNDS_PATH)
      json(200, {
        id: `re_${randomUUID()}`,
        object: 'refund',
        payment_intent: form.get('payment_intent'),
        amount: Number(form.get('amount') ?? 0),
        status: 'succeeded',
      });
    else if (EXPIRE_PATH.test(path)) {
      const id = decodeURIComponent(EXPIRE_PATH.exec(path)?.[1] ?? '');
      if (this.expiring === 'failing')
        json(500, { error: { type: 'api_error', message: 'played outage' } });
      else json(200, { id, object: 'checkout.session', status: 'expired' });
    } else if (path.startsWith('/v1/subscriptions/'))
      json(200, { id: path.split('/').at(-1), object: 'subscription' });
    else json(404, { error: { type: 'invalid_request_error', message: 'not played' } });
  }

  /** The amount off of a coupon this server made (by the id it answered), 0 for none. */
  private couponAmountOff(couponId: string | null): number {
    return (couponId && this.coupons.get(couponId)) || 0;
  }

  private createSession(request: http.IncomingMessage, form: URLSearchParams, json: Json) {
    switch (this.creating) {
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
        const id = `cs_test_${randomUUID()}`;
        json(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          // The first payment: the price less the coupon made for this checkout, if any.
          amount_total:
            Number(form.get('line_items[0][price_data][unit_amount]')) -
            this.couponAmountOff(form.get('discounts[0][coupon]')),
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          payment_status: 'unpaid',
        });
      }
    }
  }
}

const signer = new Stripe(SECRET_KEY);

/** The Stripe-Signature header of `payload`, signed with `secret` at `timestamp` (now by default). */
export function stripeSignature(payload: string, secret: string, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** A Stripe event's body: `object` under data.object, created at `created` (Unix seconds). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { id = `evt_${randomUUID()}`, created = Math.floor(Date.now() / 1000) } = {},
): string {
  return JSON.stringify({ id, object: 'event', type, created, data: { object } });
}

export interface StripeSuite {
  readonly stripe: PlayedStripe;
  /** The API that pays through the played Stripe (started in beforeAll). */
  readonly api: RunningApi;
  /** Posts `body` to the API's Stripe webhook, signed with its secret at `timestamp`. */
  deliver(body: string, timestamp?: number): Promise<CallResult>;
}

/**
 * For a describe block: a played Stripe and an API that takes payments through it (with `env` on
 * top of the billing tests' own), both stopped after the block. Before each test the played
 * Stripe answers as Stripe does again.
 */
export function stripeForSuite(
  host: () => ApiHost,
  { webhookSecret, env = {} }: { webhookSecret: string; env?: Record<string, string> },
): StripeSuite {
  const stripe = new PlayedStripe();
  let api: RunningApi | null = null;
  beforeAll(async () => {
    api = await host().start({
      ...BILLING_TEST_ENV,
      ...env,
      CREASE_PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: await stripe.listen(),
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await stripe.close();
  });
  beforeEach(() => {
    stripe.creating = 'up';
    stripe.expiring = 'up';
  });
  const running = () => {
    if (!api) throw new Error('the API starts in beforeAll; use it inside tests or hooks');
    return api;
  };
  return {
    stripe,
    get api() {
      return running();
    },
    deliver: (body, timestamp) =>
      postWebhook(running(), 'stripe', body, {
        'stripe-signature': stripeSignature(body, webhookSecret, timestamp),
      }),
  };
}
