/** @jest-environment node */
import { HTTPError } from 'ky';
import { memoryStorage, sendJson, testServerForFile } from '@crease/test-utils';
import type { MemoryStorage, RecordedRequest, TestHandler } from '@crease/test-utils';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { createHttpClient } from './http-client';
import { TokenEndpoint } from './token-endpoint';
import { TokenRefresher } from './token-refresher';
import type { CrossTabLock } from './token-refresher';

/** Web Locks do not exist in Node: one process, one "tab", so the lock just runs the task. */
const inProcessLock: CrossTabLock = (_name, task) => task();

const TOKEN_PATH = '/oauth2/token';
const BASIC = `Basic ${Buffer.from('crease-web:public').toString('base64')}`;
const FRESH_TOKENS = {
  access_token: 'fresh-access',
  refresh_token: 'fresh-refresh',
  expires_in: 3600,
};

const server = testServerForFile();

function pathOf(request: RecordedRequest): string {
  return new URL(request.url, 'http://x').pathname;
}

function requestsTo(path: string): RecordedRequest[] {
  return server.requests.filter((request) => pathOf(request) === path);
}

/** API answers by path: the token endpoint is separate so tests can count refreshes. */
function serve(
  api: TestHandler,
  token: TestHandler = (_request, response) => sendJson(response, 200, FRESH_TOKENS),
) {
  server.handle((request, response) =>
    pathOf(request) === TOKEN_PATH ? token(request, response) : api(request, response),
  );
}

function makeClient(initial: Record<string, string> = {}) {
  const storage: MemoryStorage = memoryStorage(initial);
  const store = new TokenStore(storage);
  const onExpired = jest.fn();
  const endpoint = new TokenEndpoint({
    apiOrigin: server.origin,
    clientId: 'crease-web',
    clientSecret: 'public',
  });
  const session = new BrowserSession(store, endpoint, null, onExpired);
  const refresher = new TokenRefresher(session, endpoint, inProcessLock);
  const http = createHttpClient({ apiOrigin: server.origin, session, refresher });
  return { storage, store, onExpired, http };
}

async function httpErrorOf(promise: Promise<unknown>): Promise<HTTPError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HTTPError) return error;
    throw error;
  }
  throw new Error('expected the request to fail with an HTTPError');
}

const bearerOf = (request: RecordedRequest | undefined) => request?.headers.authorization;

describe('bearer header (SPEC §7)', () => {
  it('sends Authorization: Bearer <token> when an access token is stored', async () => {
    serve((_request, response) => sendJson(response, 200, { ok: true }));
    const { http } = makeClient({ access_token: 'abc.def-123' });

    await http.get('api/v1/account').json();

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer abc.def-123');
  });

  it('sends no Authorization header when signed out', async () => {
    serve((_request, response) => sendJson(response, 200, { ok: true }));
    const { http } = makeClient();

    await http.get('api/v1/plans').json();

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers).not.toHaveProperty('authorization');
  });
});

describe('JSON by default (SPEC §7)', () => {
  it('asks for JSON on every request', async () => {
    serve((_request, response) => sendJson(response, 200, { ok: true }));
    const { http } = makeClient();

    await http.get('api/v1/plans');

    expect(server.requests[0]?.headers.accept).toBe('application/json');
  });

  it('sends a json option as a JSON body with a JSON content type', async () => {
    serve((_request, response) => sendJson(response, 200, { received: true }));
    const { http } = makeClient();

    const body = await http.post('api/v1/auth/init-reset', { json: { email: 'a@b.c' } }).json();

    const sent = server.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['content-type']).toMatch(/^application\/json\b/);
    expect(JSON.parse(sent?.body ?? '')).toEqual({ email: 'a@b.c' });
    expect(body).toEqual({ received: true });
  });
});

describe('Idempotency-Key', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)('is sent on %s', async (method) => {
    serve((_request, response) => sendJson(response, 200, {}));
    const { http } = makeClient();

    await http[method]('api/v1/thing', { json: { n: 1 } });

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/i);
  });

  it('is not sent on GET', async () => {
    serve((_request, response) => sendJson(response, 200, {}));
    const { http } = makeClient();

    await http.get('api/v1/thing');

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers).not.toHaveProperty('idempotency-key');
  });

  it('differs between two separate requests', async () => {
    serve((_request, response) => sendJson(response, 200, {}));
    const { http } = makeClient();

    await http.post('api/v1/thing', { json: {} });
    await http.post('api/v1/thing', { json: {} });

    const [first, second] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toEqual(expect.any(String));
    expect(second).toEqual(expect.any(String));
    expect(first).not.toBe(second);
  });

  it('is the same on every retry attempt of one request', async () => {
    let count = 0;
    serve((_request, response) => {
      count += 1;
      if (count <= 2) sendJson(response, 503, { code: 'UNAVAILABLE' });
      else sendJson(response, 200, { paid: true });
    });
    const { http } = makeClient({ access_token: 'tok' });

    const body = await http.post('api/v1/payments', { json: { amount: 5 } }).json();

    expect(body).toEqual({ paid: true });
    expect(server.requests).toHaveLength(3);
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toEqual(expect.any(String));
    expect(new Set(keys).size).toBe(1);
    // The body is resent too, not just the key.
    expect(server.requests.map((request) => request.body)).toEqual(Array(3).fill('{"amount":5}'));
  });
});

describe('retries for network errors and 5xx (SPEC §9)', () => {
  it('makes at most 3 attempts on 5xx, about 1 s apart, then throws HTTPError', async () => {
    serve((_request, response) => sendJson(response, 500, { code: 'BOOM' }));
    const { http } = makeClient();

    const error = await httpErrorOf(http.get('api/v1/plans'));

    expect(error.response.status).toBe(500);
    expect(server.requests).toHaveLength(3);
    const [a, b, c] = server.requests.map((request) => request.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(900);
  });

  it('makes at most 3 attempts on a network error', async () => {
    // The server drops the connection without answering.
    serve((_request, response) => {
      response.socket?.destroy();
    });
    const { http } = makeClient();

    await expect(http.get('api/v1/plans')).rejects.toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
    });

    expect(server.requests).toHaveLength(3);
  });

  it.each([400, 403, 404, 409, 422, 429])('does not retry a %i', async (status) => {
    serve((_request, response) => sendJson(response, status, { code: 'NO' }));
    const { http } = makeClient({ access_token: 'tok' });

    const error = await httpErrorOf(http.post('api/v1/thing', { json: {} }));

    expect(error.response.status).toBe(status);
    expect(server.requests).toHaveLength(1);
  });
});

describe('401: one refresh, one retry (SPEC §8)', () => {
  it('refreshes once with the refresh token and retries the request with the new bearer', async () => {
    serve((request, response) =>
      request.headers.authorization === `Bearer ${FRESH_TOKENS.access_token}`
        ? sendJson(response, 200, { account: 1 })
        : sendJson(response, 401, { code: 'UNAUTHORIZED' }),
    );
    const { http, store, onExpired } = makeClient({
      access_token: 'stale-access',
      refresh_token: 'old-refresh',
    });

    const body = await http.get('api/v1/account').json();

    expect(body).toEqual({ account: 1 });
    const refreshes = requestsTo(TOKEN_PATH);
    expect(refreshes).toHaveLength(1);
    const refresh = refreshes[0] as RecordedRequest;
    expect(refresh.method).toBe('POST');
    expect(refresh.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded\b/);
    expect(refresh.headers.authorization).toBe(BASIC);
    expect(Object.fromEntries(new URLSearchParams(refresh.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh',
    });

    const calls = requestsTo('/api/v1/account');
    expect(calls.map(bearerOf)).toEqual([
      'Bearer stale-access',
      `Bearer ${FRESH_TOKENS.access_token}`,
    ]);
    expect(store.accessToken).toBe(FRESH_TOKENS.access_token);
    expect(store.refreshToken).toBe(FRESH_TOKENS.refresh_token);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('retries a POST after the refresh with the same body and Idempotency-Key', async () => {
    serve((request, response) =>
      request.headers.authorization === `Bearer ${FRESH_TOKENS.access_token}`
        ? sendJson(response, 200, { ok: true })
        : sendJson(response, 401, { code: 'UNAUTHORIZED' }),
    );
    const { http } = makeClient({ access_token: 'stale-access', refresh_token: 'old-refresh' });

    await http.post('api/v1/coupons/check', { json: { couponCode: 'SIX' } });

    const calls = requestsTo('/api/v1/coupons/check');
    expect(calls).toHaveLength(2);
    expect(calls.map((request) => request.body)).toEqual([
      '{"couponCode":"SIX"}',
      '{"couponCode":"SIX"}',
    ]);
    expect(calls[0]?.headers['idempotency-key']).toEqual(expect.any(String));
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
  });

  it('does not refresh again when the retried request gets 401 too', async () => {
    serve((_request, response) => sendJson(response, 401, { code: 'UNAUTHORIZED' }));
    const { http } = makeClient({ access_token: 'stale-access', refresh_token: 'old-refresh' });

    const error = await httpErrorOf(http.get('api/v1/account'));

    expect(error.response.status).toBe(401);
    expect(requestsTo(TOKEN_PATH)).toHaveLength(1);
    expect(requestsTo('/api/v1/account').map(bearerOf)).toEqual([
      'Bearer stale-access',
      `Bearer ${FRESH_TOKENS.access_token}`,
    ]);
  });

  it('still refreshes and retries once when 5xx retries already used the retry budget', async () => {
    let apiCalls = 0;
    serve((request, response) => {
      apiCalls += 1;
      if (apiCalls <= 2) sendJson(response, 503, { code: 'UNAVAILABLE' });
      else if (request.headers.authorization === `Bearer ${FRESH_TOKENS.access_token}`)
        sendJson(response, 200, { ok: 1 });
      else sendJson(response, 401, { code: 'UNAUTHORIZED' });
    });
    const { http } = makeClient({ access_token: 'stale-access', refresh_token: 'old-refresh' });

    const body = await http.get('api/v1/account').json();

    expect(body).toEqual({ ok: 1 });
    expect(requestsTo(TOKEN_PATH)).toHaveLength(1);
    expect(requestsTo('/api/v1/account').map(bearerOf)).toEqual([
      'Bearer stale-access',
      'Bearer stale-access',
      'Bearer stale-access',
      `Bearer ${FRESH_TOKENS.access_token}`,
    ]);
  });

  it('refreshes and retries once even for a call that opted out of retries (retry: 0)', async () => {
    serve((request, response) =>
      request.headers.authorization === `Bearer ${FRESH_TOKENS.access_token}`
        ? sendJson(response, 200, { ok: true })
        : sendJson(response, 401, { code: 'UNAUTHORIZED' }),
    );
    const { http } = makeClient({ access_token: 'stale-access', refresh_token: 'old-refresh' });

    const body = await http
      .post('api/v1/analytics/events', { json: { name: 'x' }, retry: 0 })
      .json();

    expect(body).toEqual({ ok: true });
    expect(requestsTo(TOKEN_PATH)).toHaveLength(1);
    const calls = requestsTo('/api/v1/analytics/events');
    expect(calls.map(bearerOf)).toEqual([
      'Bearer stale-access',
      `Bearer ${FRESH_TOKENS.access_token}`,
    ]);
    expect(calls[1]?.body).toBe('{"name":"x"}');
  });

  it('with retry: 0, a second 401 after the refresh surfaces as an HTTPError without another refresh', async () => {
    serve((_request, response) => sendJson(response, 401, { code: 'UNAUTHORIZED' }));
    const { http } = makeClient({ access_token: 'stale-access', refresh_token: 'old-refresh' });

    const error = await httpErrorOf(http.get('api/v1/account', { retry: 0 }));

    expect(error.response.status).toBe(401);
    expect(requestsTo(TOKEN_PATH)).toHaveLength(1);
    expect(requestsTo('/api/v1/account')).toHaveLength(2);
  });

  it('refreshes exactly once for 20 concurrent requests that all get 401', async () => {
    serve(
      (request, response) =>
        request.headers.authorization === `Bearer ${FRESH_TOKENS.access_token}`
          ? sendJson(response, 200, { path: request.url })
          : sendJson(response, 401, { code: 'UNAUTHORIZED' }),
      // A slow token endpoint, so the 401s pile up while the refresh is in flight.
      (_request, response) => {
        setTimeout(() => sendJson(response, 200, FRESH_TOKENS), 150);
      },
    );
    const { http } = makeClient({ access_token: 'stale-access', refresh_token: 'old-refresh' });

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => http.get(`api/v1/events/${i}`).json<{ path: string }>()),
    );

    expect(results.map((result) => result.path)).toEqual(
      Array.from({ length: 20 }, (_, i) => `/api/v1/events/${i}`),
    );
    expect(requestsTo(TOKEN_PATH)).toHaveLength(1);
    const apiCalls = server.requests.filter((request) => pathOf(request) !== TOKEN_PATH);
    expect(apiCalls).toHaveLength(40);
    expect(apiCalls.filter((request) => bearerOf(request) === 'Bearer stale-access')).toHaveLength(
      20,
    );
    expect(
      apiCalls.filter((request) => bearerOf(request) === `Bearer ${FRESH_TOKENS.access_token}`),
    ).toHaveLength(20);
  });

  it('on refresh failure clears storage, marks the session expired, calls onExpired once and surfaces the 401', async () => {
    serve(
      (_request, response) => sendJson(response, 401, { code: 'UNAUTHORIZED' }),
      (_request, response) => sendJson(response, 400, { error: 'invalid_grant' }),
    );
    const { http, storage, store, onExpired } = makeClient({
      access_token: 'stale-access',
      refresh_token: 'revoked-refresh',
      forwarded: 'https://partner.example/',
      unrelated: 'keep?',
    });

    const error = await httpErrorOf(http.get('api/v1/account'));

    expect(error.response.status).toBe(401);
    expect(storage.entries()).toEqual({ sessionExpired: 'true' });
    expect(store.signedIn).toBe(false);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(requestsTo(TOKEN_PATH)).toHaveLength(1);
    expect(requestsTo('/api/v1/account')).toHaveLength(1);
  });

  it('does not refresh when a request sent without a token gets 401', async () => {
    serve((_request, response) => sendJson(response, 401, { code: 'UNAUTHORIZED' }));
    // A refresh token alone is not a session: nothing was sent, so nothing is stale.
    const { http, storage, onExpired } = makeClient({ refresh_token: 'some-refresh' });

    const error = await httpErrorOf(http.get('api/v1/account'));

    expect(error.response.status).toBe(401);
    expect(requestsTo(TOKEN_PATH)).toHaveLength(0);
    expect(requestsTo('/api/v1/account')).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
    expect(storage.entries()).toEqual({ refresh_token: 'some-refresh' });
  });
});

describe('XSRF (SPEC §7)', () => {
  const globals = globalThis as { document?: unknown };
  let hadDocument: boolean;
  let previous: unknown;

  beforeEach(() => {
    hadDocument = 'document' in globals;
    previous = globals.document;
    globals.document = { cookie: 'theme=dark; XSRF-TOKEN=abc123; other=1' };
  });

  afterEach(() => {
    if (hadDocument) globals.document = previous;
    else delete globals.document;
  });

  it('echoes the XSRF-TOKEN cookie in the x-xsrf-token header', async () => {
    serve((_request, response) => sendJson(response, 200, {}));
    const { http } = makeClient();

    await http.post('api/v1/thing', { json: {} });

    expect(server.requests[0]?.headers['x-xsrf-token']).toBe('abc123');
  });
});

describe('without a cookie', () => {
  it('sends no x-xsrf-token header', async () => {
    serve((_request, response) => sendJson(response, 200, {}));
    const { http } = makeClient();

    await http.post('api/v1/thing', { json: {} });

    expect(server.requests[0]?.headers).not.toHaveProperty('x-xsrf-token');
  });
});

/**
 * The browser's part of double submit, in Node: a fetch that keeps the XSRF-TOKEN cookie the
 * server sets (as a browser stores Set-Cookie before fetch resolves) and a reader for it.
 */
function cookieJar(initial: string | null = null) {
  let value = initial;
  const fetchWithJar: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const match = /XSRF-TOKEN=([^;]*)/.exec(response.headers.get('set-cookie') ?? '');
    if (match) value = decodeURIComponent(match[1]!);
    return response;
  };
  return { fetch: fetchWithJar, read: () => value };
}

/** Answers like the API: a state-changing call needs the header to match the current cookie. */
function xsrfApi(serverToken: { current: string }, ok: TestHandler): TestHandler {
  return (request, response) => {
    if (request.method === 'GET') return ok(request, response);
    const sent = request.headers['x-xsrf-token'];
    if (sent === serverToken.current) return ok(request, response);
    serverToken.current = `rotated-${Math.random().toString(36).slice(2)}`;
    sendJson(
      response,
      403,
      {
        code: sent ? 'XSRF_TOKEN_MISMATCH' : 'XSRF_TOKEN_MISSING',
        userId: null,
        message: 'Cross-site request token missing or invalid',
        timeStamp: new Date().toISOString(),
      },
      { 'set-cookie': `XSRF-TOKEN=${serverToken.current}; Path=/` },
    );
  };
}

function makeJarClient(jar: ReturnType<typeof cookieJar>, initial: Record<string, string> = {}) {
  const store = new TokenStore(memoryStorage(initial));
  const refresher = { refresh: jest.fn<Promise<string>, [string | null]>() };
  const http = createHttpClient({
    apiOrigin: server.origin,
    session: { accessToken: () => store.accessToken },
    refresher,
    fetch: jar.fetch,
    xsrf: jar.read,
  });
  return { http, refresher };
}

describe('XSRF retry: 403 XSRF_TOKEN_MISSING / MISMATCH', () => {
  it.each([
    ['no cookie yet (MISSING)', null],
    ['a stale cookie (MISMATCH)', 'stale-token'],
  ])('re-reads the cookie and retries once with %s', async (_name, initial) => {
    const serverToken = { current: 'server-1' };
    serve(xsrfApi(serverToken, (_request, response) => sendJson(response, 201, { made: true })));
    const jar = cookieJar(initial);
    const { http } = makeJarClient(jar);

    const body = await http.post('api/v1/auth/register', { json: { email: 'a@b.co' } }).json();

    expect(body).toEqual({ made: true });
    const calls = requestsTo('/api/v1/auth/register');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers['x-xsrf-token']).toBe(initial ?? undefined);
    expect(calls[1]?.headers['x-xsrf-token']).toBe(serverToken.current);
    // The same call: same body, same Idempotency-Key.
    expect(calls[1]?.body).toBe(calls[0]?.body);
    expect(calls[1]?.headers['idempotency-key']).toBe(calls[0]?.headers['idempotency-key']);
  });

  it('retries only once: a second XSRF 403 reaches the caller', async () => {
    // A server that rotates on every state-changing call can never be satisfied.
    serve((_request, response) =>
      sendJson(
        response,
        403,
        { code: 'XSRF_TOKEN_MISMATCH', userId: null, message: 'x', timeStamp: 't' },
        { 'set-cookie': `XSRF-TOKEN=${Math.random()}; Path=/` },
      ),
    );
    const { http } = makeJarClient(cookieJar('first'));

    const error = await httpErrorOf(http.post('api/v1/auth/register', { json: {} }));

    expect(error.response.status).toBe(403);
    expect(await error.response.json()).toMatchObject({ code: 'XSRF_TOKEN_MISMATCH' });
    expect(requestsTo('/api/v1/auth/register')).toHaveLength(2);
  });

  it('does not retry when the cookie did not change (a blocked cookie is no loop)', async () => {
    serve((_request, response) =>
      sendJson(response, 403, {
        code: 'XSRF_TOKEN_MISSING',
        userId: null,
        message: 'x',
        timeStamp: 't',
      }),
    );
    const { http } = makeJarClient(cookieJar(null));

    const error = await httpErrorOf(http.post('api/v1/auth/register', { json: {} }));

    expect(error.response.status).toBe(403);
    expect(requestsTo('/api/v1/auth/register')).toHaveLength(1);
  });

  it.each([
    ['another 403 code', { code: 'BOT_CHECK_FAILED', userId: null, message: 'x', timeStamp: 't' }],
    ['a 403 without a JSON body', 'Forbidden'],
  ])('does not retry %s', async (_name, body) => {
    serve((_request, response) => {
      if (typeof body !== 'string') {
        sendJson(response, 403, body, { 'set-cookie': 'XSRF-TOKEN=new; Path=/' });
        return;
      }
      response.writeHead(403, { 'set-cookie': 'XSRF-TOKEN=new; Path=/' });
      response.end(body);
    });
    const { http } = makeJarClient(cookieJar('old'));

    const error = await httpErrorOf(http.post('api/v1/auth/register', { json: {} }));

    expect(error.response.status).toBe(403);
    expect(requestsTo('/api/v1/auth/register')).toHaveLength(1);
  });

  it('still retries when the call opted out of retries (retry: 0)', async () => {
    const serverToken = { current: 'server-1' };
    serve(xsrfApi(serverToken, (_request, response) => sendJson(response, 200, { ok: 1 })));
    const { http } = makeJarClient(cookieJar(null));

    const body = await http.post('api/v1/auth/init-reset', { json: {}, retry: 0 }).json();

    expect(body).toEqual({ ok: 1 });
    expect(requestsTo('/api/v1/auth/init-reset')).toHaveLength(2);
  });

  it('works together with the 401 refresh: XSRF retry, then refresh, then success', async () => {
    const serverToken = { current: 'server-1' };
    serve(
      xsrfApi(serverToken, (request, response) =>
        request.headers.authorization === 'Bearer fresh'
          ? sendJson(response, 200, { changed: true })
          : sendJson(response, 401, { code: 'UNAUTHORIZED' }),
      ),
    );
    const jar = cookieJar(null);
    const { http, refresher } = makeJarClient(jar, { access_token: 'stale', refresh_token: 'r' });
    refresher.refresh.mockResolvedValue('fresh');

    const body = await http.post('api/v1/auth/change-password', { json: {} }).json();

    expect(body).toEqual({ changed: true });
    expect(refresher.refresh).toHaveBeenCalledTimes(1);
    const calls = requestsTo('/api/v1/auth/change-password');
    expect(calls.map((call) => [bearerOf(call), call.headers['x-xsrf-token']])).toEqual([
      ['Bearer stale', undefined],
      ['Bearer stale', serverToken.current],
      ['Bearer fresh', serverToken.current],
    ]);
  });
});
