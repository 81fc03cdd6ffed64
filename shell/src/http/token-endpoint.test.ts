/** @jest-environment node */
import { sendJson, testServerForFile } from '@crease/test-utils';
import { MESSAGES } from '@crease/contract';
import { TokenEndpoint } from './token-endpoint';

const server = testServerForFile();
let endpoint: TokenEndpoint;

beforeAll(() => {
  endpoint = new TokenEndpoint({
    apiOrigin: server.origin,
    clientId: 'crease-web',
    clientSecret: 'public',
  });
});

const VALID = { access_token: 'a.b.c', refresh_token: 'r-1', expires_in: 3600 };

describe('password grant (docs/product.md §7.1)', () => {
  it('posts a form-encoded password grant with client basic credentials', async () => {
    server.handle((_request, response) => sendJson(response, 200, VALID));

    await endpoint.password('viewer@example.com', 'p@ss word&=1');

    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/oauth2/token');
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded\b/);
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from('crease-web:public').toString('base64')}`,
    );
    const form = new URLSearchParams(sent.body);
    expect([...form.keys()].sort()).toEqual(['grant_type', 'password', 'scope', 'username']);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'password',
      scope: 'API',
      username: 'viewer@example.com',
      password: 'p@ss word&=1',
    });
  });

  it('resolves with the tokens of a valid response', async () => {
    server.handle((_request, response) => sendJson(response, 200, VALID));

    await expect(endpoint.password('u', 'p')).resolves.toEqual(VALID);
  });

  it('sends the bot-check token as X-Bot-Check on the password grant', async () => {
    server.handle((_request, response) => sendJson(response, 200, VALID));

    await endpoint.password('u', 'p', 'altcha-payload==');

    expect(server.requests[0]!.headers['x-bot-check']).toBe('altcha-payload==');
  });

  it('sends no X-Bot-Check header without a token (or on a refresh)', async () => {
    server.handle((_request, response) => sendJson(response, 200, VALID));

    await endpoint.password('u', 'p');
    await endpoint.refresh('r-0');

    expect(server.requests.map((request) => request.headers['x-bot-check'])).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('rejects with the HTTP error (API error body kept) on 400 invalid_grant', async () => {
    const problem = {
      error: 'invalid_grant',
      error_description: 'The email or password is incorrect.',
      code: 'INVALID_CREDENTIALS',
      userId: null,
      message: 'The email or password is incorrect.',
      timeStamp: '2025-01-01T00:00:00.000Z',
    };
    server.handle((_request, response) => sendJson(response, 400, problem));

    const error = await endpoint.password('u', 'wrong').catch((e: unknown) => e);

    expect(error).toHaveProperty('name', 'HTTPError');
    const response = (error as { response: Response }).response;
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toEqual(problem);
    expect(server.requests).toHaveLength(1);
  });

  it('sends a refresh grant with the refresh token', async () => {
    server.handle((_request, response) => sendJson(response, 200, VALID));

    await endpoint.refresh('r-0');

    expect(Object.fromEntries(new URLSearchParams(server.requests[0]!.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r-0',
    });
  });
});

describe('response validation (docs/product.md §5)', () => {
  const invalidBodies: [string, unknown][] = [
    ['missing access_token', { refresh_token: 'r', expires_in: 3600 }],
    ['empty access_token', { access_token: '', refresh_token: 'r', expires_in: 3600 }],
    ['non-string access_token', { access_token: 42, refresh_token: 'r', expires_in: 3600 }],
    ['expires_in 0', { access_token: 'a', refresh_token: 'r', expires_in: 0 }],
    ['negative expires_in', { access_token: 'a', refresh_token: 'r', expires_in: -5 }],
    ['missing expires_in', { access_token: 'a', refresh_token: 'r' }],
    ['expires_in as a string', { access_token: 'a', refresh_token: 'r', expires_in: '3600' }],
    ['an access_token with spaces', { access_token: 'not a token', expires_in: 3600 }],
    ['an oversized access_token', { access_token: 'a'.repeat(9000), expires_in: 3600 }],
    ['null body', null],
    ['array body', []],
  ];

  it.each(invalidBodies)('rejects with "Invalid access token" on %s', async (_name, body) => {
    server.handle((_request, response) => sendJson(response, 200, body));

    const result = endpoint.password('u', 'p');

    await expect(result).rejects.toThrow(MESSAGES.invalidAccessToken);
    await expect(result).rejects.toHaveProperty('message', 'Invalid access token');
  });

  it('rejects with "Invalid access token" on a body that is not JSON', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>Gateway says hi</html>');
    });

    await expect(endpoint.password('u', 'p')).rejects.toHaveProperty(
      'message',
      'Invalid access token',
    );
  });

  it('accepts a response without a refresh_token (stored as empty)', async () => {
    server.handle((_request, response) =>
      sendJson(response, 200, { access_token: 'a', expires_in: 1 }),
    );

    await expect(endpoint.password('u', 'p')).resolves.toEqual({
      access_token: 'a',
      refresh_token: '',
      expires_in: 1,
    });
  });
});

describe('revoke (sign-out, RFC 7009)', () => {
  it('posts token=<refresh token> form-encoded with client basic credentials, once', async () => {
    server.handle((_request, response) => {
      response.writeHead(200);
      response.end();
    });

    await endpoint.revoke('refresh-family-1');

    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/oauth2/revoke');
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded\b/);
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from('crease-web:public').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      token: 'refresh-family-1',
    });
  });

  it('is not retried on a 5xx (sign-out never waits for it)', async () => {
    server.handle((_request, response) => sendJson(response, 503, { code: 'UNAVAILABLE' }));

    await expect(endpoint.revoke('r')).rejects.toHaveProperty('name', 'HTTPError');

    expect(server.requests).toHaveLength(1);
  });
});

describe('XSRF retry on the token endpoint', () => {
  it('re-reads the cookie after 403 XSRF_TOKEN_MISSING and sends the grant once more', async () => {
    let cookie: string | null = null;
    let serverToken = 'server-1';
    const withJar = new TokenEndpoint({
      apiOrigin: server.origin,
      clientId: 'crease-web',
      clientSecret: 'public',
      // A browser stores Set-Cookie before fetch resolves; this jar does the same.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const match = /XSRF-TOKEN=([^;]*)/.exec(response.headers.get('set-cookie') ?? '');
        if (match) cookie = match[1]!;
        return response;
      },
      xsrf: () => cookie,
    });
    server.handle((request, response) => {
      if (request.headers['x-xsrf-token'] === serverToken) return sendJson(response, 200, VALID);
      serverToken = 'server-2';
      sendJson(
        response,
        403,
        { code: 'XSRF_TOKEN_MISSING', userId: null, message: 'x', timeStamp: 't' },
        { 'set-cookie': `XSRF-TOKEN=${serverToken}; Path=/` },
      );
    });

    await expect(withJar.password('u', 'p', 'proof')).resolves.toEqual(VALID);

    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((request) => request.headers['x-xsrf-token'])).toEqual([
      undefined,
      'server-2',
    ]);
    // The retried grant is the same grant: same form body and bot-check token.
    expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
    expect(server.requests[1]!.headers['x-bot-check']).toBe('proof');
  });
});

describe('retrying a token call (docs/product.md §9) with one Idempotency-Key', () => {
  it('sends the same key on the retry after a 502, and resolves with the retried answer', async () => {
    let calls = 0;
    server.handle((_request, response) => {
      calls += 1;
      if (calls === 1) return sendJson(response, 502, { error: 'bad gateway' });
      sendJson(response, 200, VALID);
    });

    await expect(endpoint.refresh('r-0')).resolves.toEqual(VALID);

    expect(server.requests).toHaveLength(2);
    const [first, retry] = server.requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(retry).toBe(first);
    expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
  });

  it('sends the same key on the retry after the connection dropped without an answer', async () => {
    let calls = 0;
    server.handle((_request, response) => {
      calls += 1;
      if (calls === 1) return void response.socket?.destroy();
      sendJson(response, 200, VALID);
    });

    await expect(endpoint.refresh('r-0')).resolves.toEqual(VALID);

    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives every grant a key of its own', async () => {
    server.handle((_request, response) => sendJson(response, 200, VALID));

    await endpoint.refresh('r-0');
    await endpoint.refresh('r-1');
    await endpoint.password('u', 'p');

    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
  });
});
