/** @jest-environment node */
import { memoryStorage, sendJson } from '@crease/test-utils';
import type { TestHandler } from '@crease/test-utils';
import { TokenStore } from '../session/token-store';
import { createHttpClient } from './http-client';
import {
  server,
  requestsTo,
  serve,
  makeClient,
  httpErrorOf,
  bearerOf,
} from '../testing/http-client-test-kit';

describe('XSRF (docs/product.md §7)', () => {
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
