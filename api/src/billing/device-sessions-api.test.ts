/** @jest-environment node */
/**
 * "Sign out that device" ends that device's sign-in sessions (decision 104), over real HTTP on
 * PGlite and PostgreSQL: the signed-out device's access token is refused at once and its refresh
 * token gets invalid_grant; the device that signed it out, and sessions that never registered as
 * that device, carry on; signing in again on the signed-out device works.
 */
import { randomUUID } from 'node:crypto';
import { PASSWORD, buyPlan, expectErrorShape, newViewer } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';
import type { ApiClient } from '../testing/test-api';

/** One browser: its device id and its own sign-in session (access and refresh token). */
interface Browser {
  vidictId: string;
  client: ApiClient;
  access: string;
  refresh: string;
}

describeEachDatabase('Device sign-out ends its sessions', (host) => {
  const suite = billingApiForSuite(host);

  async function signInOn(viewer: Viewer, vidictId: string = randomUUID()): Promise<Browser> {
    const client = suite.api.client();
    const token = await client.signIn(viewer.email, PASSWORD);
    if (token.status !== 200) throw new Error(`sign in: ${token.status} ${token.text}`);
    return {
      vidictId,
      client,
      access: token.body.access_token,
      refresh: token.body.refresh_token,
    };
  }

  const registerDevice = (browser: Browser) =>
    browser.client.postJson(
      '/api/v1/devices',
      {
        vidictId: browser.vidictId,
        deviceOs: 'WEB',
        deviceType: 'CHROME',
        appVersion: '1.0.0',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
      },
      { bearer: browser.access },
    );

  const signOutDevice = (browser: Browser, vidictId: string) =>
    browser.client.request('DELETE', `/api/v1/devices/${vidictId}`, undefined, undefined, {
      bearer: browser.access,
    });

  const me = (browser: Browser) => browser.client.get('/api/v1/me', { bearer: browser.access });

  /** A viewer with a two-device plan, signed in and registered on browsers A and B. */
  async function twoDevices() {
    const viewer = await newViewer(suite.api, 'devices');
    await buyPlan(viewer, 'monthly'); // maxDevices 2
    const a = await signInOn(viewer);
    const b = await signInOn(viewer);
    expect((await registerDevice(a)).status).toBe(201);
    expect((await registerDevice(b)).status).toBe(201);
    return { viewer, a, b };
  }

  it("refuses the signed-out device's access and refresh tokens; the other device carries on", async () => {
    const { a, b } = await twoDevices();
    expect((await me(b)).status).toBe(200);

    const out = await signOutDevice(a, b.vidictId);
    expect(out.status).toBe(204);

    // B's access token is refused at once (its session is checked on every call)...
    const refused = await me(b);
    expect(refused.status).toBe(401);
    expectErrorShape(refused.body, 'UNAUTHORIZED');
    const entitlement = await b.client.get(`/api/v1/entitlement?vidictId=${b.vidictId}`, {
      bearer: b.access,
    });
    expect(entitlement.status).toBe(401);
    // ...and so is its refresh token: the shell then ends the session (docs/product.md §4).
    const refreshed = await b.client.refresh(b.refresh);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body).toMatchObject({
      error: 'invalid_grant',
      code: 'INVALID_REFRESH_TOKEN',
    });
    // A revoked session cannot put its device back either.
    expect((await registerDevice(b)).status).toBe(401);

    // A keeps working: its access token, its refresh, and the list without B.
    expect((await me(a)).status).toBe(200);
    const rotated = await a.client.refresh(a.refresh);
    expect(rotated.status).toBe(200);
    const list = await a.client.get('/api/v1/devices', { bearer: rotated.body.access_token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ devices: [{ vidictId: a.vidictId }], maxDevices: 2 });
  });

  it('ends every session that registered as that device, and only those', async () => {
    const { viewer, a, b } = await twoDevices();
    // A second sign-in in B's browser (another tab signed in again): the same device.
    const bAgain = await signInOn(viewer, b.vidictId);
    expect((await registerDevice(bAgain)).status).toBe(200);
    // A session that never registered as any device (say, an API client) is not B's.
    const unbound = await signInOn(viewer);

    expect((await signOutDevice(a, b.vidictId)).status).toBe(204);

    expect((await me(b)).status).toBe(401);
    expect((await me(bAgain)).status).toBe(401);
    expect((await b.client.refresh(bAgain.refresh)).status).toBe(400);
    expect((await me(a)).status).toBe(200);
    expect((await me(unbound)).status).toBe(200);
    const reasons = await host().query<{ revoked_reason: string | null; n: number | string }>(
      `SELECT revoked_reason, count(*) AS n FROM refresh_families WHERE user_id = $1
       GROUP BY revoked_reason ORDER BY revoked_reason`,
      [viewer.userId],
    );
    expect(reasons.map((r) => [r.revoked_reason, Number(r.n)])).toEqual([
      ['device-sign-out', 2],
      // newViewer's own session, A and the unbound one.
      [null, 3],
    ]);
  });

  it('lets the signed-out device sign in again and take its place back', async () => {
    const { viewer, a, b } = await twoDevices();
    expect((await signOutDevice(a, b.vidictId)).status).toBe(204);
    expect((await signOutDevice(a, b.vidictId)).status).toBe(404);

    const back = await signInOn(viewer, b.vidictId);
    expect((await registerDevice(back)).status).toBe(201);
    expect((await me(back)).status).toBe(200);
    const list = await a.client.get('/api/v1/devices', { bearer: a.access });
    expect((list.body.devices as { vidictId: string }[]).map((d) => d.vidictId).sort()).toEqual(
      [a.vidictId, b.vidictId].sort(),
    );
  });

  it("cannot sign out another account's device or its sessions", async () => {
    const { b } = await twoDevices();
    const stranger = await signInOn(await newViewer(suite.api, 'stranger'));
    const res = await signOutDevice(stranger, b.vidictId);
    expect(res.status).toBe(404);
    expectErrorShape(res.body, 'DEVICE_NOT_FOUND');
    expect((await me(b)).status).toBe(200);
    expect((await b.client.refresh(b.refresh)).status).toBe(200);
  });
});
