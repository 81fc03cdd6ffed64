/** @jest-environment node */
/**
 * Telling devices apart (decision 394): each shows where it last opened Crease, approximately,
 * and takes a name its viewer chooses, on one line and at most 40 characters.
 */
import { randomUUID } from 'node:crypto';
import type { DeviceList, RegisteredDevice } from '@crease/contract';
import { expectErrorShape, newViewer, registerDevice } from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('Device names', (host) => {
  const suite = billingApiForSuite(host);
  const rename = (viewer: Viewer, vidictId: string, name: string | null) =>
    viewer.client.patchJson<RegisteredDevice>(
      `/api/v1/devices/${vidictId}`,
      { name },
      { bearer: viewer.bearer },
    );
  const listed = async (viewer: Viewer) =>
    (await viewer.client.get<DeviceList>('/api/v1/devices', { bearer: viewer.bearer })).body
      .devices;

  it('names a device, keeps the name on the list, and gives the browser’s name back when blank', async () => {
    const viewer = await newViewer(suite.api, 'device-names');
    const vidictId = randomUUID();
    await registerDevice(viewer, vidictId);
    const [device] = await listed(viewer);
    // The tests call from this machine: its network, with the host part hidden.
    expect(device).toMatchObject({ vidictId, name: null, lastNetwork: '127.0.0.x' });

    const named = await rename(viewer, vidictId, '  Living-room   TV ');
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ vidictId, name: 'Living-room TV' });
    expect((await listed(viewer))[0]?.name).toBe('Living-room TV');
    // Registering again (the next page load) keeps the name.
    await registerDevice(viewer, vidictId);
    expect((await listed(viewer))[0]?.name).toBe('Living-room TV');

    expect((await rename(viewer, vidictId, '   ')).body.name).toBeNull();
    expect((await rename(viewer, vidictId, null)).body.name).toBeNull();
  });

  it('refuses a name too long or with control characters, and another account’s device', async () => {
    const viewer = await newViewer(suite.api, 'device-names-bad');
    const vidictId = randomUUID();
    await registerDevice(viewer, vidictId);
    const tooLong = await rename(viewer, vidictId, 'x'.repeat(41));
    expect(tooLong.status).toBe(400);
    expectErrorShape(tooLong.body, 'DEVICE_NAME_INVALID');
    // Control characters: the API's input guard refuses them in any JSON body first.
    for (const name of ['Kitchen\nTablet', 'Bell\u0007']) {
      const refused = await rename(viewer, vidictId, name);
      expect(refused.status).toBe(400);
    }
    expect((await rename(viewer, vidictId, 'x'.repeat(40))).status).toBe(200);

    const stranger = await newViewer(suite.api, 'device-names-other');
    const notTheirs = await rename(stranger, vidictId, 'Mine now');
    expect(notTheirs.status).toBe(404);
    expectErrorShape(notTheirs.body, 'DEVICE_NOT_FOUND');
    expect((await listed(viewer))[0]?.name).toBe('x'.repeat(40));
  });
});
