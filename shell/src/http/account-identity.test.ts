/** @jest-environment node */
/**
 * Naming the accounts behind a link's token and the viewer's own session (decision 160), against
 * the real API (a child process over PGlite): GET /api/v1/me is the authority, not the JWT.
 */
import { memoryStorage } from '@crease/test-utils';
import { ApiHost, uniqueEmail } from 'api/testing/test-api';
import type { RunningApi } from 'api/testing/test-api';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { createAccountLookup } from './account-identity';
import { createHttpClient } from './http-client';
import { TokenEndpoint } from './token-endpoint';
import { TokenRefresher } from './token-refresher';

const PASSWORD = 'correct horse battery';

let host: ApiHost;
let api: RunningApi;

beforeAll(async () => {
  host = await ApiHost.launch(null);
  api = await host.start();
}, 120_000);
afterAll(async () => {
  await host?.close();
});

async function account() {
  const client = api.client();
  const email = uniqueEmail('identity');
  expect((await client.register(email, PASSWORD)).status).toBe(201);
  const { body } = await client.signIn(email, PASSWORD);
  const me = await client.get<{ userId: string }>('/api/v1/me', { bearer: body.access_token });
  return { client, email, userId: me.body.userId, tokens: body };
}

/** The shell's own client for a viewer signed in with `tokens`, and a lookup built on it. */
function shellFor(tokens: { access_token: string; refresh_token: string }) {
  const store = new TokenStore(memoryStorage());
  store.replaceTokens(tokens);
  const endpoint = new TokenEndpoint({
    apiOrigin: api.origin,
    clientId: 'crease-web',
    clientSecret: 'public',
  });
  const session = new BrowserSession(store, endpoint, null);
  const refresher = new TokenRefresher(session, endpoint, (_name, task) => task());
  const refresh = jest.spyOn(refresher, 'refresh');
  const http = createHttpClient({ apiOrigin: api.origin, session, refresher });
  return { store, refresh, lookup: createAccountLookup({ apiOrigin: api.origin, http }) };
}

it('names the account behind a live token, and the viewer’s own', async () => {
  const viewer = await account();
  const other = await account();
  const { lookup } = shellFor(viewer.tokens);

  await expect(lookup.ofToken(other.tokens.access_token)).resolves.toEqual({
    userId: other.userId,
    email: other.email,
  });
  await expect(lookup.signedIn()).resolves.toEqual({
    userId: viewer.userId,
    email: viewer.email,
  });
});

it('answers null for a token whose session has ended, without refreshing our own', async () => {
  const viewer = await account();
  const other = await account();
  // The other account signs out: its family is revoked and its access token refused at once.
  const revoked = await other.client.postForm('/oauth2/revoke', {
    token: other.tokens.refresh_token,
  });
  expect(revoked.status).toBe(200);
  const { lookup, refresh, store } = shellFor(viewer.tokens);

  await expect(lookup.ofToken(other.tokens.access_token)).resolves.toBeNull();
  // A forged token that looks like a JWT is refused the same way.
  const [header, payload] = viewer.tokens.access_token.split('.');
  await expect(lookup.ofToken(`${header}.${payload}.forged-signature`)).resolves.toBeNull();

  // Our own session was not touched: no refresh, the same tokens (the shell's client would have
  // refreshed on that 401 and answered with our own account).
  expect(refresh).not.toHaveBeenCalled();
  expect(store.accessToken).toBe(viewer.tokens.access_token);
  expect(store.refreshToken).toBe(viewer.tokens.refresh_token);
});
