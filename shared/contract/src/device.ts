/** docs/product.md §3, device registration enums. The order is the spec's. */
export const DEVICE_OS_VALUES = [
  'ANDROID',
  'IOS',
  'WEB',
  'ANDROID_TV',
  'LINUX',
  'MACOS',
  'WINDOWS',
  'OTHER_OS',
] as const;
export type DeviceOs = (typeof DEVICE_OS_VALUES)[number];

export const DEVICE_TYPE_VALUES = [
  'CHROME',
  'SAFARI',
  'EDGE',
  'FIREFOX',
  'SAMSUNG_INTERNET',
  'OPERA',
  'APP',
  'OTHER_BROWSER',
] as const;
export type DeviceType = (typeof DEVICE_TYPE_VALUES)[number];

const OS_NAMES: Readonly<Record<DeviceOs, string>> = {
  ANDROID: 'Android',
  IOS: 'iOS',
  WEB: 'the web',
  ANDROID_TV: 'Android TV',
  LINUX: 'Linux',
  MACOS: 'macOS',
  WINDOWS: 'Windows',
  OTHER_OS: 'another system',
};

const BROWSER_NAMES: Readonly<Record<DeviceType, string>> = {
  CHROME: 'Chrome',
  SAFARI: 'Safari',
  EDGE: 'Edge',
  FIREFOX: 'Firefox',
  SAMSUNG_INTERNET: 'Samsung Internet',
  OPERA: 'Opera',
  APP: 'The Crease app',
  OTHER_BROWSER: 'A browser',
};

/**
 * A device as people say it, "Chrome on Linux": the one name the API's messages, the player's
 * "playing now" list and /account's devices all use (issue 23 §2), so a viewer recognises the
 * same device everywhere. A value outside the enums (an old client) still gets a name.
 */
export function deviceName(device: {
  deviceOs: string;
  deviceType: string;
  /** The viewer's own name for it, when they gave one (decision 394). */
  name?: string | null;
}): string {
  if (device.name) return device.name;
  const browser = BROWSER_NAMES[device.deviceType as DeviceType] ?? 'A device';
  const os = OS_NAMES[device.deviceOs as DeviceOs] ?? 'another system';
  return `${browser} on ${os}`;
}
