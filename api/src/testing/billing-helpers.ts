/**
 * Billing test helpers over real HTTP: a signed-in viewer, a checkout paid through the sandbox's
 * hosted card page, and webhooks signed like the sandbox signs them (for forged, stale and
 * out-of-order cases the sandbox itself would never send).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import type { Checkout, Entitlement, PlanChangeResult, Subscription } from '@crease/contract';
import { uniqueEmail } from './test-api';
import type { ApiClient, ApiHost, CallResult, RunningApi } from './test-api';

export const PASSWORD = 'correct horse battery';
/** The sandbox webhook secret of every billing test API (BILLING_TEST_ENV). */
export const SANDBOX_SECRET = 'whsec_billing-tests-0123456789abcdef';

/** Seeded plans and coupons (billing-catalog seeder), fast webhook retries, quiet. */
export const BILLING_TEST_ENV: Record<string, string> = {
  CREASE_SEED: 'true',
  CREASE_SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
  CREASE_SANDBOX_RETRY_BASE_MS: '50',
  CREASE_SANDBOX_RETRY_MAX_MS: '500',
  CREASE_SANDBOX_DISPATCH_INTERVAL_MS: '50',
  // Every test viewer comes from 127.0.0.1; the per-network trial budget has its own test.
  CREASE_TRIALS_PER_NETWORK_PER_DAY: '100000',
  // Likewise checkouts with a limited coupon (decision 396); coupon-payment-race has its own test.
  CREASE_COUPON_HOLDS_PER_NETWORK_PER_HOUR: '100000',
};

export interface Viewer {
  email: string;
  userId: string;
  bearer: string;
  client: ApiClient;
}

/**
 * The setup sign-ins of viewers made in parallel (`Promise.all` of `newViewer`), one at a time.
 * A sign-in is counted for its network while it runs (decision 170), so five or more in flight
 * from this machine raise the difficulty past the proofs the others fetched, and the API rightly
 * refuses them. The races these suites test come after the sign-in.
 */
let setupSignIns: Promise<unknown> = Promise.resolve();
function oneSignInAtATime<T>(signIn: () => Promise<T>): Promise<T> {
  const turn = setupSignIns.then(signIn, signIn);
  setupSignIns = turn.catch(() => undefined);
  return turn;
}

export async function newViewer(api: RunningApi, prefix = 'billing'): Promise<Viewer> {
  const client = api.client();
  const email = uniqueEmail(prefix);
  const registered = await client.register(email, PASSWORD);
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${registered.text}`);
  const token = await oneSignInAtATime(() => client.signIn(email, PASSWORD));
  if (token.status !== 200) throw new Error(`sign in: ${token.status} ${token.text}`);
  return {
    email,
    userId: String(registered.body.userId),
    bearer: token.body.access_token,
    client,
  };
}

/**
 * Signs the viewer in again after a test moved the API's clock past their access token's life:
 * tokens age on the API's clock (decision 420), and the site would refresh or sign in again.
 */
export async function signInAgain(viewer: Viewer): Promise<void> {
  const token = await viewer.client.signIn(viewer.email, PASSWORD);
  if (token.status !== 200) throw new Error(`sign in again: ${token.status} ${token.text}`);
  viewer.bearer = token.body.access_token;
}

/**
 * Polls until `check` returns a value (the webhook is asynchronous); jest's timeout bounds it. A
 * real wait (decision 420): the sandbox's sender delivers over real HTTP from the API process.
 */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function createCheckout(
  viewer: Viewer,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<CallResult<Checkout & { code?: string; message?: string }>> {
  return viewer.client.postJson('/api/v1/billing/checkouts', body, {
    bearer: viewer.bearer,
    headers: { 'idempotency-key': key },
  });
}

export function submitCard(
  client: ApiClient,
  sessionId: string,
  number: string = SANDBOX_TEST_CARDS.success,
) {
  return client.postJson<Record<string, unknown>>(
    `/api/v1/sandbox-provider/sessions/${sessionId}/card`,
    { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
  );
}

export async function getCheckout(viewer: Viewer, checkoutId: string): Promise<Checkout> {
  const res = await viewer.client.get<Checkout>(`/api/v1/billing/checkouts/${checkoutId}`, {
    bearer: viewer.bearer,
  });
  return res.body;
}

export async function entitlement(viewer: Viewer, vidictId?: string): Promise<Entitlement> {
  const query = vidictId ? `?vidictId=${vidictId}` : '';
  const res = await viewer.client.get<Entitlement>(`/api/v1/entitlement${query}`, {
    bearer: viewer.bearer,
  });
  return res.body;
}

/** The whole journey: checkout, the success card, wait for the webhook to mark it PAID. */
export async function buyPlan(
  viewer: Viewer,
  planId: string,
  couponCode?: string,
  card: string = SANDBOX_TEST_CARDS.success,
): Promise<Checkout> {
  const created = await createCheckout(viewer, { planId, ...(couponCode ? { couponCode } : {}) });
  if (created.status !== 201) throw new Error(`checkout: ${created.status} ${created.text}`);
  const paid = await submitCard(viewer.client, created.body.sessionId, card);
  if (paid.status !== 200) throw new Error(`card: ${paid.status} ${paid.text}`);
  return eventually(async () => {
    const checkout = await getCheckout(viewer, created.body.checkoutId);
    return checkout.status === 'PAID' ? checkout : null;
  });
}

/** A sandbox-format event for a checkout's session. */
export function sandboxEvent(
  checkout: Pick<Checkout, 'sessionId' | 'checkoutId' | 'amount'>,
  type: 'checkout.session.completed' | 'checkout.session.payment_failed',
  options: { id?: string; created?: number; amountCents?: number } = {},
): string {
  const succeeded = type === 'checkout.session.completed';
  return JSON.stringify({
    id: options.id ?? `evt_test_${randomUUID()}`,
    object: 'event',
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: checkout.sessionId,
        object: 'checkout.session',
        client_reference_id: checkout.checkoutId,
        amount_total: options.amountCents ?? Math.round(checkout.amount * 100),
        currency: 'usd',
        payment_status: succeeded ? 'paid' : 'unpaid',
        payment_intent: `ch_test_${randomUUID()}`,
        last_payment_error: succeeded
          ? null
          : { code: 'CARD_DECLINED', message: 'Your card was declined. Try another card.' },
      },
    },
  });
}

export function sandboxSignature(
  body: string,
  options: { secret?: string; timestamp?: number } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const mac = createHmac('sha256', options.secret ?? SANDBOX_SECRET)
    .update(`${timestamp}.${body}`)
    .digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** POSTs a raw webhook body the way a provider does (no cookie, no XSRF header). */
export async function postWebhook(
  api: RunningApi,
  provider: string,
  body: string,
  headers: Record<string, string>,
): Promise<CallResult> {
  const response = await fetch(`${api.origin}/api/v1/billing/webhooks/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}

export async function countRows(host: ApiHost, table: string, userId: string): Promise<number> {
  const rows = await host.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM ${table} WHERE user_id = $1`,
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The spec's error shape, exactly those four fields (plus documented extras). */
export function expectErrorShape(body: unknown, code: string): void {
  expect(body).toMatchObject({ code, message: expect.any(String), timeStamp: expect.any(String) });
  expect(body).toHaveProperty('userId');
}

/** Registers a browser as one of the viewer's devices (docs/product.md §3), as the shell does at sign-in. */
export async function registerDevice(viewer: Viewer, vidictId: string): Promise<void> {
  const res = await viewer.client.postJson(
    '/api/v1/devices',
    {
      vidictId,
      deviceOs: 'WEB',
      deviceType: 'CHROME',
      appVersion: '1.0.0',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
    },
    { bearer: viewer.bearer },
  );
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`register device: ${res.status} ${res.text}`);
}

/** POST trial naming `vidictId` (register it first: a trial takes only the caller's device). */
export function startTrial(
  viewer: Pick<Viewer, 'client' | 'bearer'>,
  vidictId: string,
  headers: Record<string, string> = {},
) {
  return viewer.client.postJson<Record<string, unknown>>(
    '/api/v1/billing/trial',
    { vidictId },
    { bearer: viewer.bearer, headers },
  );
}

/** GET subscription. */
export async function subscriptionOf(viewer: Viewer): Promise<Subscription> {
  const res = await viewer.client.get<Subscription>('/api/v1/billing/subscription', {
    bearer: viewer.bearer,
  });
  if (res.status !== 200) throw new Error(`subscription: ${res.status} ${res.text}`);
  return res.body;
}

/** POST cancel or resume (no body), as the account screen does. */
export function switchRenewal(viewer: Viewer, action: 'cancel' | 'resume') {
  return viewer.client.postJson<Subscription & { code?: string }>(
    `/api/v1/billing/subscription/${action}`,
    {},
    { bearer: viewer.bearer },
  );
}

/** POST planChange with a fresh Idempotency-Key. */
export function changePlan(viewer: Viewer, planId: string, key: string = randomUUID()) {
  return viewer.client.postJson<PlanChangeResult & { code?: string }>(
    '/api/v1/billing/subscription/change',
    { planId },
    { bearer: viewer.bearer, headers: { 'idempotency-key': key } },
  );
}
