/** @jest-environment node */
import { memoryStorage, sendJson, testServerForFile } from '@crease/test-utils';
import type { RecordedRequest } from '@crease/test-utils';
import { TokenEndpoint } from '../http/token-endpoint';
import { TokenRefresher } from '../http/token-refresher';
import { createHttpClient } from '../http/http-client';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { DeviceRegistrar, REFUSAL_PAUSE_MS, deviceSignOutHook } from './device-registration';

const server = testServerForFile();
const DEVICE = {
  vidictId: '0b6f3c1e-8d7a-4a53-9d8e-5b2f8e1c4a10',
  deviceOs: 'LINUX',
  deviceType: 'CHROME',
} as const;
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';

const devicePosts = () =>
  server.requests.filter(
    (request: RecordedRequest) =>
      request.method === 'POST' && new URL(request.url, 'http://x').pathname === '/api/v1/devices',
  );

function setUp(signedIn: boolean, now: () => number = Date.now) {
  const store = new TokenStore(
    memoryStorage(signedIn ? { access_token: 'access-1', refresh_token: 'refresh-1' } : {}),
  );
  const endpoint = new TokenEndpoint({
    apiOrigin: server.origin,
    clientId: 'crease-web',
    clientSecret: 'public',
  });
  const session = new BrowserSession(store, endpoint, null);
  const refresher = new TokenRefresher(session, endpoint, (_n, task) => task());
  let freed = () => {};
  const http = createHttpClient({
    apiOrigin: server.origin,
    session,
    refresher,
    xsrf: () => null,
  }).extend({ hooks: { afterResponse: [deviceSignOutHook(() => freed())] } });
  const registrar = new DeviceRegistrar({
    now,
    http,
    session,
    device: DEVICE,
    appVersion: 'web-1.0.0',
    userAgent: USER_AGENT,
  });
  freed = () => registrar.placeFreed();
  return { registrar, session, http };
}

describe('DeviceRegistrar', () => {
  it('registers the browser once per session with the spec’s fields and a bearer', async () => {
    server.handle((_request, response) => sendJson(response, 201, {}));
    const { registrar } = setUp(true);

    await Promise.all([registrar.ensure(), registrar.ensure()]);
    await registrar.ensure();

    expect(devicePosts()).toHaveLength(1);
    const [post] = devicePosts();
    expect(post!.headers.authorization).toBe('Bearer access-1');
    expect(post!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(post!.body)).toEqual({
      ...DEVICE,
      appVersion: 'web-1.0.0',
      userAgent: USER_AGENT,
    });
    expect(registrar.current).toBe('registered');
  });

  it('does nothing while signed out, and registers when the viewer signs in', async () => {
    server.handle((request, response) =>
      request.url.startsWith('/oauth2/token')
        ? sendJson(response, 200, { access_token: 'a-2', refresh_token: 'r-2', expires_in: 900 })
        : sendJson(response, 200, {}),
    );
    const { registrar, session } = setUp(false);
    await registrar.ensure();
    expect(devicePosts()).toHaveLength(0);

    await session.signIn({ username: 'viewer@example.com', password: 'correct horse battery' });
    await registrar.ensure();

    expect(devicePosts()).toHaveLength(1);
    expect(devicePosts()[0]!.headers.authorization).toBe('Bearer a-2');
  });

  const refuse = () =>
    server.handle((_request, response) =>
      sendJson(response, 409, {
        code: 'DEVICE_LIMIT_REACHED',
        userId: 'u-1',
        message: 'Your plan allows 1 device.',
        timeStamp: '2026-01-01T00:00:00.000Z',
        maxDevices: 1,
        devices: [],
      }),
    );

  it('does not send a refused registration again on every route change', async () => {
    refuse();
    let clock = 1_000_000;
    const { registrar } = setUp(true, () => clock);
    await registrar.ensure();
    expect(registrar.current).toBe('limit');

    for (let page = 0; page < 5; page += 1) await registrar.ensure();
    clock += REFUSAL_PAUSE_MS - 1;
    await registrar.ensure();
    expect(devicePosts()).toHaveLength(1);

    // Some minutes on, it asks once more.
    clock += 1;
    await registrar.ensure();
    expect(devicePosts()).toHaveLength(2);
  });

  it("asks again at once after a device is signed out through the shell's client", async () => {
    refuse();
    const { registrar, http } = setUp(true, () => 5_000);
    await registrar.ensure();
    expect(registrar.current).toBe('limit');

    server.handle((request, response) =>
      request.method === 'DELETE' ? sendJson(response, 200, {}) : sendJson(response, 201, {}),
    );
    await http.delete('api/v1/devices/another-device');
    await registrar.ensure();

    expect(registrar.current).toBe('registered');
    expect(devicePosts()).toHaveLength(2);
  });
});
