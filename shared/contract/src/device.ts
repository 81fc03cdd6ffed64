/** SPEC §3, device registration enums. The order is the spec's. */
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
