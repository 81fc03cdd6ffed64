/**
 * Devices (docs/product.md §3 device registration): list, register (201 new, 200 known; never refused for
 * the plan's limit, which counts screens playing: decision 265), sign one out.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { DeviceList, DeviceRename } from '@crease/contract';
import {
  bindSessionToDevice,
  cleanDeviceName,
  deviceToWire,
  listDevices,
  maxDevicesFor,
  registerDevice,
  renameDevice,
  signOutDevice,
} from '../devices';
import { lockSubscription, readSubscription } from '../subscription-machine';
import { approximateNetwork, authenticate, queueNewDeviceMail } from '../../accounts';
import {
  DeviceListSchema,
  DeviceRegistrationSchema,
  DeviceRenameSchema,
  RegisteredDeviceSchema,
  VidictId,
  billingErrorResponses,
} from '../schemas';
import type { DeviceRegistrationBody } from '../schemas';

const DeviceParams = Type.Object({ vidictId: VidictId });

export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  const { billing } = services.config;

  app.get(
    `/${BILLING_PATHS.devices}`,
    {
      schema: {
        tags: ['devices'],
        summary: "The account's registered devices and its plan's screens at a time (maxDevices)",
        security: [{ bearer: [] }],
        response: { 200: DeviceListSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<DeviceList> => {
      const user = await authenticate(request, services);
      const { db } = services.database;
      const now = services.clock.now();
      const subscription = await readSubscription(db, user.id, now);
      reply.header('cache-control', 'private, no-store');
      return {
        devices: (await listDevices(db, user.id)).map(deviceToWire),
        maxDevices: await maxDevicesFor(db, subscription, billing, now),
      };
    },
  );

  app.post(
    `/${BILLING_PATHS.devices}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['devices'],
        summary: 'Register this device (docs/product.md §3 device registration)',
        description:
          "deviceOs and deviceType take exactly the spec enums. 201 when new, 200 when already registered (refreshed). Never refused for the plan's maxDevices: that limits screens playing at once, checked when a stream is granted.",
        security: [{ bearer: [], xsrf: [] }],
        body: DeviceRegistrationSchema,
        response: {
          200: RegisteredDeviceSchema,
          201: RegisteredDeviceSchema,
          ...billingErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const body = request.body as DeviceRegistrationBody;
      const now = services.clock.now();
      const result = await services.database.db.transaction(async (tx) => {
        await lockSubscription(tx, user.id, now);
        const network = approximateNetwork(request.ip);
        const registered = await registerDevice(tx, user.id, body, now, network);
        await bindSessionToDevice(tx, user.id, user.sid, body.vidictId);
        // A sign-in from a device this account never used: "signed in on a new device" mail.
        if (registered.created) {
          const others = (await listDevices(tx, user.id)).length > 1;
          await queueNewDeviceMail(tx, user, body, others, now, request.ip);
        }
        return registered;
      });
      return reply.code(result.created ? 201 : 200).send(deviceToWire(result.device));
    },
  );

  app.patch(
    `/${BILLING_PATHS.device}`,
    {
      config: { accepts: 'json' },
      schema: {
        tags: ['devices'],
        summary: 'Name a device ("Living-room TV"); null or blank gives back its browser’s name',
        description:
          'At most 40 characters on one line after trimming (DEVICE_NAME_INVALID 400); DEVICE_NOT_FOUND 404 for a device not on the account (decision 394).',
        security: [{ bearer: [], xsrf: [] }],
        params: DeviceParams,
        body: DeviceRenameSchema,
        response: { 200: RegisteredDeviceSchema, ...billingErrorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      const { vidictId } = request.params as Static<typeof DeviceParams>;
      const name = cleanDeviceName((request.body as DeviceRename).name);
      return deviceToWire(await renameDevice(services.database.db, user.id, vidictId, name));
    },
  );

  app.delete(
    `/${BILLING_PATHS.device}`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['devices'],
        summary:
          'Sign a device out: it leaves the list, its sessions end and its streams are refused',
        description:
          'Removes the registration and revokes every sign-in session that registered as this device (decision 104): its refresh tokens get invalid_grant and its access tokens 401 from now on.',
        security: [{ bearer: [], xsrf: [] }],
        params: DeviceParams,
        response: { 204: Type.Null(), ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { vidictId } = request.params as Static<typeof DeviceParams>;
      const now = services.clock.now();
      await services.database.db.transaction(async (tx) => {
        await lockSubscription(tx, user.id, now);
        await signOutDevice(tx, user.id, vidictId, now);
      });
      return reply.code(204).send();
    },
  );
}
