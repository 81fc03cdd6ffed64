/** @jest-environment node */
/**
 * The Razorpay adapter (issue 34 §2, decision 464) against a real local HTTP server playing
 * api.razorpay.com: the official `razorpay` package's own HTTP client sends the requests. Over
 * the running API on PGlite and PostgreSQL: a subscription's checkout opens a Razorpay
 * subscription, the signed `subscription.charged` webhook pays it once however often it is
 * replayed, a wrong signature is refused and applies nothing, later charges are renewals, and
 * Cancel asks Razorpay to cancel at the cycle's end.
 */
import { sendJson, startTestServer } from '@crease/test-utils';
import type { RecordedRequest, TestServer } from '@crease/test-utils';
import type { Checkout } from '@crease/contract';
import { RazorpayProvider } from './providers/razorpay-provider';
import { razorpaySignature } from './providers/razorpay-events';
import { PaymentProviderError } from './providers/payment-provider';
import {
  createCheckout,
  expectErrorShape,
  getCheckout,
  postWebhook,
  subscriptionOf,
  switchRenewal,
} from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiForSuite } from '../testing/billing-suite';
import { indianViewer } from '../testing/upi-helpers';

const KEY_ID = 'rzp_test_crease';
const KEY_SECRET = 'razorpay-test-secret';
const WEBHOOK_SECRET = 'razorpay-webhook-secret-0123456789';
const DAY = 24 * 60 * 60;

/** Plays api.razorpay.com: plans, subscriptions, payment links and their cancels. */
function playRazorpay(
  request: RecordedRequest,
  res: Parameters<Parameters<typeof startTestServer>[0]>[1],
) {
  const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
  if (request.method === 'POST' && request.url === '/v1/plans')
    return sendJson(res, 200, { id: `plan_${request.at}`, entity: 'plan', ...body });
  if (request.method === 'POST' && request.url === '/v1/subscriptions')
    return sendJson(res, 200, {
      id: `sub_${Math.random().toString(36).slice(2, 12)}`,
      entity: 'subscription',
      status: 'created',
      short_url: 'https://rzp.io/i/sub-test',
      ...body,
    });
  if (request.method === 'POST' && request.url === '/v1/payment_links')
    return sendJson(res, 200, {
      id: 'plink_test1',
      short_url: 'https://rzp.io/i/link-test',
      ...body,
    });
  if (request.method === 'POST' && /^\/v1\/subscriptions\/sub_\w+\/cancel$/.test(request.url))
    return sendJson(res, 200, { status: 'cancelled' });
  return sendJson(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'not played' } });
}

let razorpay: TestServer;
beforeAll(async () => {
  razorpay = await startTestServer(playRazorpay);
});
afterAll(async () => {
  await razorpay.close();
});

describe('the Razorpay adapter over HTTP', () => {
  const adapter = () =>
    new RazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: razorpay.origin,
    });
  const input = {
    checkoutId: '6f1c1f2e-0000-4000-8000-000000000001',
    userId: '6f1c1f2e-0000-4000-8000-000000000002',
    email: 'viewer@example.com',
    planId: 'season',
    description: 'Season pass',
    amountCents: 99900,
    listPriceCents: 99900,
    currency: 'INR',
    returnUrl: 'http://localhost:4700/payment-process?checkout=x',
    siteOrigin: 'http://localhost:4700',
    expiresAt: new Date(Date.UTC(2030, 0, 1)),
    renewEveryDays: null,
  };

  it('a one-off payment is a Payment Link with our checkout as its reference, basic-authenticated', async () => {
    razorpay.handle(playRazorpay);
    const session = await adapter().createCheckoutSession(input);
    expect(session).toEqual({
      sessionId: 'plink_test1',
      redirectUrl: 'https://rzp.io/i/link-test',
    });
    const sent = razorpay.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    );
    expect(JSON.parse(sent.body)).toMatchObject({
      amount: 99900,
      currency: 'INR',
      reference_id: input.checkoutId,
      callback_url: input.returnUrl,
      expire_by: Math.floor(input.expiresAt.getTime() / 1000),
    });
  });

  it('Razorpay down is "unavailable", a refused request "refused"', async () => {
    razorpay.handle((_, res) => sendJson(res, 503, { error: { description: 'busy' } }));
    await expect(adapter().createCheckoutSession(input)).rejects.toMatchObject({
      name: 'PaymentProviderError',
      kind: 'unavailable',
    });
    razorpay.handle((_, res) =>
      sendJson(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'bad amount' } }),
    );
    const refused = await adapter()
      .createCheckoutSession(input)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ kind: 'refused' });
    razorpay.handle(playRazorpay);
  });
});

describeEachDatabase('Razorpay payments through the API', (host) => {
  const suite = billingApiForSuite(host, {
    CREASE_PAYMENTS: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Read when the suite's API starts (after this file's server started).
    get RAZORPAY_API_BASE() {
      return razorpay.origin;
    },
  });
  let eventNumber = 0;
  const signed = (
    event: Record<string, unknown>,
    eventId = `evt_${++eventNumber}_${process.pid}`,
  ) => {
    const body = JSON.stringify(event);
    return {
      body,
      headers: {
        'x-razorpay-signature': razorpaySignature(body, WEBHOOK_SECRET),
        'x-razorpay-event-id': eventId,
      },
    };
  };
  const charged = (
    subscriptionId: string,
    paidCount: number,
    paymentId: string,
    currentEnd: number,
  ) => ({
    entity: 'event',
    event: 'subscription.charged',
    created_at: Math.floor(Date.now() / 1000),
    payload: {
      subscription: {
        entity: {
          id: subscriptionId,
          status: 'active',
          paid_count: paidCount,
          current_end: currentEnd,
        },
      },
      payment: {
        entity: {
          id: paymentId,
          amount: 29900,
          currency: 'INR',
          method: 'upi',
          vpa: 'viewer@okaxis',
        },
      },
    },
  });

  it('pays a subscription once from its signed webhook; a replay is idempotent and a bad signature refused', async () => {
    const viewer = await indianViewer(suite.api, host(), 'razorpay');
    const created = await createCheckout(viewer, { planId: 'monthly' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      paymentSystem: 'RAZORPAY',
      redirectUrl: 'https://rzp.io/i/sub-test',
    });
    const subscriptionId = created.body.sessionId;
    expect(subscriptionId).toMatch(/^sub_/);

    const event = charged(subscriptionId, 1, 'pay_first', Math.floor(Date.now() / 1000) + 30 * DAY);
    const forged = signed(event);
    const refused = await postWebhook(suite.api, 'razorpay', forged.body, {
      ...forged.headers,
      'x-razorpay-signature': razorpaySignature(forged.body, 'not-the-secret-0123456789'),
    });
    expect(refused.status).toBe(400);
    expectErrorShape(refused.body, 'WEBHOOK_SIGNATURE_INVALID');
    const tampered = await postWebhook(
      suite.api,
      'razorpay',
      forged.body.replace('29900', '100'),
      forged.headers,
    );
    expect(tampered.status).toBe(400);
    expect((await getCheckout(viewer, created.body.checkoutId)).status).toBe('OPEN');

    const real = signed(event, `evt_first_${subscriptionId}`);
    expect((await postWebhook(suite.api, 'razorpay', real.body, real.headers)).status).toBe(200);
    const replay = await postWebhook(suite.api, 'razorpay', real.body, real.headers);
    expect(replay.status).toBe(200);
    const paid: Checkout = await getCheckout(viewer, created.body.checkoutId);
    expect(paid.status).toBe('PAID');
    const payments = await host().query('SELECT id FROM payments WHERE user_id = $1', [
      viewer.userId,
    ]);
    expect(payments).toHaveLength(1);
    expect(await subscriptionOf(viewer)).toMatchObject({ state: 'ACTIVE', renews: true });

    // Razorpay's next debit on the mandate is a renewal; Cancel asks it to stop at the cycle end.
    const next = signed(
      charged(subscriptionId, 2, 'pay_second', Math.floor(Date.now() / 1000) + 60 * DAY),
    );
    expect((await postWebhook(suite.api, 'razorpay', next.body, next.headers)).status).toBe(200);
    const renewals = await host().query(
      'SELECT id FROM payments WHERE user_id = $1 AND renewal_key IS NOT NULL',
      [viewer.userId],
    );
    expect(renewals).toHaveLength(1);
    expect((await switchRenewal(viewer, 'cancel')).status).toBe(200);
    expect(razorpay.requests.map((r) => `${r.method} ${r.url}`)).toContain(
      `POST /v1/subscriptions/${subscriptionId}/cancel`,
    );
  });
});
