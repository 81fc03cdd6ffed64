/** @jest-environment node */
import { sendJson } from '@crease/test-utils';
import type { RecordedRequest } from '@crease/test-utils';
import {
  TOKEN_PATH,
  BASIC,
  FRESH_TOKENS,
  server,
  pathOf,
  requestsTo,
  serve,
  makeClient,
  httpErrorOf,
  bearerOf,
} from '../testing/http-client-test-kit';

describe('401: one refresh, one retry (docs/product.md §8)', () => {
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
