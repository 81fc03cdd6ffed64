/**
 * The account's devices as the API lists them (decision 265: every browser signed in on; the
 * plan limits screens playing, not devices), with the names viewers give them (decision 394).
 */
import type { Static } from 'typebox';
import type {
  DeviceLimitErrorSchema,
  DeviceListSchema,
  DeviceRenameSchema,
  RegisteredDeviceSchema,
} from './billing-schemas';

/** A registered device as the account screen lists it. */
export type RegisteredDevice = Static<typeof RegisteredDeviceSchema>;

/** PATCH devices/:vidictId: rename it; null (or only spaces) gives back the browser's name. */
export type DeviceRename = Static<typeof DeviceRenameSchema>;

/** A device's own name is at most this long (after trimming). */
export const DEVICE_NAME_MAX = 40;

export type DeviceList = Static<typeof DeviceListSchema>;

/** The error shape plus devices: StreamLimitError's (registration no longer sends it, 265). */
export type DeviceLimitError = Static<typeof DeviceLimitErrorSchema>;
