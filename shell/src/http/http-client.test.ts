/** @jest-environment node */
import { sendJson } from '@crease/test-utils';
import { server, serve, makeClient, httpErrorOf } from '../testing/http-client-test-kit';

describe('bearer header (docs/product.md §7)', () => {
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

describe('JSON by default (docs/product.md §7)', () => {
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

describe('retries for network errors and 5xx (docs/product.md §9)', () => {
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
