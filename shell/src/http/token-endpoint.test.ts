/** @jest-environment node */
import { sendJson, testServerForFile } from '@crease/test-utils';
import { INVALID_ACCESS_TOKEN, TokenEndpoint } from './token-endpoint';

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

describe('password grant (SPEC §7.1)', () => {
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

  it('sends a refresh grant with the refresh token', async () => {
    server.handle((_request, response) => sendJson(response, 200, VALID));

    await endpoint.refresh('r-0');

    expect(Object.fromEntries(new URLSearchParams(server.requests[0]!.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r-0',
    });
  });
});

describe('response validation (SPEC §5)', () => {
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

    await expect(result).rejects.toThrow(INVALID_ACCESS_TOKEN);
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
