/**
 * The account's devices as the API lists them (decision 265: every browser signed in on; the
 * plan limits screens playing, not devices), with the names viewers give them (decision 394).
 */
import type { DeviceRegistration } from './wire';

/** A registered device as the account screen lists it. */
export interface RegisteredDevice extends DeviceRegistration {
  /** ISO 8601. */
  registered: string;
  lastSeen: string;
  /** The viewer's own name for it; null: called by its browser and system (decision 394). */
  name: string | null;
  /** Where it last opened Crease, approximately: "203.0.113.x" (never the whole address). */
  lastNetwork: string | null;
}

/** PATCH devices/:vidictId: rename it; null (or only spaces) gives back the browser's name. */
export interface DeviceRename {
  name: string | null;
}

/** A device's own name is at most this long (after trimming). */
export const DEVICE_NAME_MAX = 40;

export interface DeviceList {
  devices: RegisteredDevice[];
  /** The plan's screens at a time (devices playing at once), not a cap on devices. */
  maxDevices: number;
}

/** The error shape plus devices: StreamLimitError's (registration no longer sends it, 265). */
export interface DeviceLimitError {
  code: 'DEVICE_LIMIT_REACHED';
  userId: string | null;
  message: string;
  timeStamp: string;
  maxDevices: number;
  devices: RegisteredDevice[];
}
