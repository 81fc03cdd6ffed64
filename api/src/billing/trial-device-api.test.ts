/** @jest-environment node */
/**
 * A trial belongs to the caller's own device (issue 19 §7, decision 168), over real HTTP on PGlite
 * and PostgreSQL. The per-device rule is only worth something if the device is the caller's: a
 * trial may name only a vidictId registered to the caller's account, so nobody spends another
 * viewer's device eligibility, and fresh random ids do not make "new devices".
 */
import { randomUUID } from 'node:crypto';
import {
  PASSWORD,
  countRows,
  expectErrorShape,
  newViewer,
  registerDevice,
  startTrial,
} from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('Trial on the caller’s own device', (host) => {
  const suite = billingApiForSuite(host);

  it("refuses a trial naming another viewer's device, and that viewer keeps their trial", async () => {
    const [owner, other] = [
      await newViewer(suite.api, 'trial-owner'),
      await newViewer(suite.api, 'trial-b'),
    ];
    const ownersDevice = `dev-${randomUUID()}`;
    await registerDevice(owner, ownersDevice);

    const stolen = await startTrial(other, ownersDevice);
    expect(stolen.status).toBe(409);
    expectErrorShape(stolen.body, 'DEVICE_NOT_REGISTERED');
    expect(stolen.body).toMatchObject({ userId: other.userId });
    expect(String(stolen.body.message)).toMatch(/not registered to your account/);
    expect(await countRows(host(), 'trial_grants', other.userId)).toBe(0);
    expect(await countRows(host(), 'subscription_transitions', other.userId)).toBe(0);

    // The owner's device is still eligible.
    const own = await startTrial(owner, ownersDevice);
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ state: 'TRIAL' });
  });

  it('refuses fresh random device ids, so they cannot get around the per-device rule', async () => {
    const viewer = await newViewer(suite.api, 'trial-random');
    for (const vidictId of [randomUUID(), `dev-${randomUUID()}`]) {
      const res = await startTrial(viewer, vidictId);
      expect(res.status).toBe(409);
      expectErrorShape(res.body, 'DEVICE_NOT_REGISTERED');
    }
    expect(await countRows(host(), 'trial_grants', viewer.userId)).toBe(0);

    // Registered, the same account takes its trial on that device.
    const vidictId = `dev-${randomUUID()}`;
    await registerDevice(viewer, vidictId);
    expect((await startTrial(viewer, vidictId)).status).toBe(201);
  });

  it('refuses a device that was signed out of the account', async () => {
    const viewer = await newViewer(suite.api, 'trial-signed-out');
    const vidictId = `dev-${randomUUID()}`;
    await registerDevice(viewer, vidictId);
    const removed = await viewer.client.request(
      'DELETE',
      `/api/v1/devices/${vidictId}`,
      undefined,
      undefined,
      { bearer: viewer.bearer },
    );
    expect(removed.status).toBe(204);
    // Signing the device out ended this session too (decision 104): sign in again.
    const again = await newViewerSession(viewer.email);
    const res = await startTrial(again, vidictId);
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 'DEVICE_NOT_REGISTERED');
  });

  it('still keeps one trial per device when two accounts share a registered browser', async () => {
    const [first, second] = [
      await newViewer(suite.api, 'trial-shared'),
      await newViewer(suite.api, 'trial-s2'),
    ];
    const shared = `dev-${randomUUID()}`;
    await registerDevice(first, shared);
    await registerDevice(second, shared);
    expect((await startTrial(first, shared)).status).toBe(201);
    const res = await startTrial(second, shared);
    expect(res.status).toBe(409);
    expectErrorShape(res.body, 'TRIAL_DEVICE_ALREADY_USED');
  });

  async function newViewerSession(email: string) {
    const client = suite.api.client();
    const token = await client.signIn(email, PASSWORD);
    expect(token.status).toBe(200);
    const me = await client.get<{ userId: string }>('/api/v1/me', {
      bearer: token.body.access_token,
    });
    return { email, userId: me.body.userId, bearer: token.body.access_token, client };
  }
});
