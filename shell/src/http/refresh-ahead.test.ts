/** @jest-environment node */
import { memoryStorage, sendJson, testServerForFile } from '@crease/test-utils';
import type { RecordedRequest } from '@crease/test-utils';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { createHttpClient } from './http-client';
import { RefreshAhead, refreshDueAt } from './refresh-ahead';
import { TokenEndpoint } from './token-endpoint';
import { TokenRefresher } from './token-refresher';
import type { CrossTabLock } from './token-refresher';

const inProcessLock: CrossTabLock = (_name, task) => task();
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

/** An unsigned JWT-shaped token with the given times (the shell never verifies signatures). */
function jwt(iatSeconds: number, lifetimeSeconds: number, id = 'x'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ iat: iatSeconds, exp: iatSeconds + lifetimeSeconds, jti: id })}.sig`;
}

const nowSeconds = NOW / 1000;
const server = testServerForFile();
const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://x').pathname;

function makeClient(accessToken: string, freshToken: string) {
  server.handle((request, response) => {
    if (pathOf(request) === '/oauth2/token') {
      sendJson(response, 200, { access_token: freshToken, refresh_token: 'r-2', expires_in: 900 });
      return;
    }
    const ok = request.headers.authorization === `Bearer ${freshToken}`;
    sendJson(response, ok ? 200 : 401, ok ? { ok } : { code: 'UNAUTHORIZED' });
  });
  const store = new TokenStore(memoryStorage({ access_token: accessToken, refresh_token: 'r-1' }));
  const endpoint = new TokenEndpoint({
    apiOrigin: server.origin,
    clientId: 'crease-web',
    clientSecret: 'public',
  });
  const session = new BrowserSession(store, endpoint, null, jest.fn());
  const refresher = new TokenRefresher(session, endpoint, inProcessLock);
  const refreshAhead = new RefreshAhead(() => NOW);
  const http = createHttpClient({ apiOrigin: server.origin, session, refresher, refreshAhead });
  return { http, store };
}

const statuses = () =>
  server.requests.filter((r) => pathOf(r) !== '/oauth2/token').map((r) => r.headers.authorization);

describe('refreshDueAt', () => {
  it('is a fifth of the lifetime before exp, at most a minute', () => {
    expect(refreshDueAt(jwt(1000, 100))).toBe((1000 + 80) * 1000);
    expect(refreshDueAt(jwt(1000, 900))).toBe((1000 + 900 - 60) * 1000);
  });

  it('is null for tokens without JWT times', () => {
    expect(refreshDueAt('opaque-token')).toBeNull();
    expect(refreshDueAt('a.b.c')).toBeNull();
  });
});

describe('refresh-ahead in the HTTP client (decision 198)', () => {
  it('refreshes a token that is about to expire before sending, so no 401 is seen', async () => {
    const stale = jwt(nowSeconds - 870, 900, 'stale'); // 30 s left of 15 minutes
    const fresh = jwt(nowSeconds, 900, 'fresh');
    const { http, store } = makeClient(stale, fresh);

    await Promise.all([http.get('api/v1/devices').json(), http.get('api/v1/account').json()]);

    expect(statuses()).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(server.requests.filter((r) => pathOf(r) === '/oauth2/token')).toHaveLength(1);
    expect(store.accessToken).toBe(fresh);
  });

  it('leaves a token with time to spare alone', async () => {
    const current = jwt(nowSeconds - 60, 900, 'current');
    const { http } = makeClient(current, current);

    await http.get('api/v1/account').json();

    expect(server.requests.map(pathOf)).toEqual(['/api/v1/account']);
  });

  it('switches itself off when a fresh token already looks due (clock skew): one refresh, not one per request', async () => {
    const skewedStale = jwt(nowSeconds - 4000, 900, 'stale');
    const skewedFresh = jwt(nowSeconds - 3000, 900, 'fresh');
    const { http } = makeClient(skewedStale, skewedFresh);

    await http.get('api/v1/account').json();
    await http.get('api/v1/devices').json();

    expect(server.requests.filter((r) => pathOf(r) === '/oauth2/token')).toHaveLength(1);
  });
});
