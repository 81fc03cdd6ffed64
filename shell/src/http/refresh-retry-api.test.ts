/** @jest-environment node */
/**
 * The shell's refresh against the real API (a child process over PGlite) behind a network that
 * loses the answer: the API rotates the token, the viewer's browser sees a 502 or a dropped
 * connection, ky retries with the same Idempotency-Key, and the viewer stays signed in
 * (decision 050). Before, the retry sent the spent token, got invalid_grant, and signed out.
 */
import { memoryStorage } from '@crease/test-utils';
import { startLossyProxy } from 'api/testing/lossy-proxy';
import type { Loss, LossyProxy } from 'api/testing/lossy-proxy';
import { ApiHost, uniqueEmail } from 'api/testing/test-api';
import type { RunningApi } from 'api/testing/test-api';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { TokenEndpoint } from './token-endpoint';
import { TokenRefresher } from './token-refresher';
import type { CrossTabLock } from './token-refresher';

const PASSWORD = 'correct horse battery';
const oneTab: CrossTabLock = (_name, task) => task();

let host: ApiHost;
let api: RunningApi;
let proxy: LossyProxy;

beforeAll(async () => {
  host = await ApiHost.launch(null);
  // The grace window must outlast ky's 1 s retry delay (docs/product.md §9); production uses 10 s.
  api = await host.start({ CREASE_REFRESH_REUSE_GRACE_SECONDS: '10' });
  proxy = await startLossyProxy(api.origin);
}, 120_000);
afterAll(async () => {
  await proxy?.close();
  await host?.close();
});

/** A browser's cookie jar for the API host: keeps XSRF-TOKEN and sends it back. */
function browserLikeFetch() {
  let xsrf: string | null = null;
  const fetchWithJar: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (xsrf) request.headers.set('cookie', `XSRF-TOKEN=${encodeURIComponent(xsrf)}`);
    const response = await fetch(request);
    const match = /XSRF-TOKEN=([^;]*)/.exec(response.headers.getSetCookie().join('\n'));
    if (match) xsrf = decodeURIComponent(match[1] ?? '');
    return response;
  };
  return { fetch: fetchWithJar, xsrf: () => xsrf };
}

async function signedInViewer() {
  const client = api.client();
  const email = uniqueEmail('shell');
  expect((await client.register(email, PASSWORD)).status).toBe(201);
  const { body } = await client.signIn(email, PASSWORD);
  const store = new TokenStore(memoryStorage());
  store.replaceTokens(body);
  return { client, store };
}

it.each<Loss>(['502', 'drop'])(
  'a refresh whose answer is lost (%s) is retried and the viewer stays signed in',
  async (loss) => {
    const { client, store } = await signedInViewer();
    const browser = browserLikeFetch();
    await browser.fetch(`${proxy.origin}/healthz`); // the page's first call sets the XSRF cookie
    const endpoint = new TokenEndpoint({
      apiOrigin: proxy.origin,
      clientId: 'crease-web',
      clientSecret: 'public',
      fetch: browser.fetch,
      xsrf: browser.xsrf,
    });
    const onExpired = jest.fn();
    const session = new BrowserSession(store, endpoint, null, onExpired);
    const refresher = new TokenRefresher(session, endpoint, oneTab);
    const stale = store.accessToken;
    proxy.seen.length = 0;
    proxy.loseNext('/oauth2/token', loss);

    const fresh = await refresher.refresh(stale);

    const tokenCalls = proxy.seen.filter((call) => call.path === '/oauth2/token');
    expect(tokenCalls.map(({ apiStatus, lost }) => ({ apiStatus, lost }))).toEqual([
      { apiStatus: 200, lost: true }, // rotated on the server, never seen by the browser
      { apiStatus: 200, lost: false }, // the retry: the same answer again
    ]);
    expect(tokenCalls[1]?.idempotencyKey).toBe(tokenCalls[0]?.idempotencyKey);
    // Signed in, not expired; the new tokens work and the session carries on.
    expect(onExpired).not.toHaveBeenCalled();
    expect(store.sessionExpired).toBe(false);
    expect(store.accessToken).toBe(fresh);
    expect((await client.get('/api/v1/me', { bearer: fresh })).status).toBe(200);
    await expect(refresher.refresh(fresh)).resolves.toEqual(expect.any(String));
    expect(onExpired).not.toHaveBeenCalled();
  },
);
