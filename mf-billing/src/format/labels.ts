import type { DeviceOs, DeviceType, SubscriptionState, VideoQuality } from '@crease/contract';

/** The spec's enum values as people say them. */

export const VIDEO_QUALITY_LABELS: Readonly<Record<VideoQuality, string>> = {
  AUTO: 'Automatic',
  SD: 'SD (480p)',
  HD: 'HD (720p)',
  FULL_HD: 'Full HD (1080p)',
};

export const SUBSCRIPTION_STATE_LABELS: Readonly<Record<SubscriptionState, string>> = {
  NONE: 'No plan',
  TRIAL: 'Free trial',
  ACTIVE: 'Active',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

const OS_LABELS: Readonly<Record<DeviceOs, string>> = {
  ANDROID: 'Android',
  IOS: 'iOS',
  WEB: 'the web',
  ANDROID_TV: 'Android TV',
  LINUX: 'Linux',
  MACOS: 'macOS',
  WINDOWS: 'Windows',
  OTHER_OS: 'another system',
};

const BROWSER_LABELS: Readonly<Record<DeviceType, string>> = {
  CHROME: 'Chrome',
  SAFARI: 'Safari',
  EDGE: 'Edge',
  FIREFOX: 'Firefox',
  SAMSUNG_INTERNET: 'Samsung Internet',
  OPERA: 'Opera',
  APP: 'The Crease app',
  OTHER_BROWSER: 'A browser',
};

/** "Chrome on Linux". */
export function deviceLabel(device: { deviceOs: DeviceOs; deviceType: DeviceType }): string {
  return `${BROWSER_LABELS[device.deviceType] ?? 'A device'} on ${OS_LABELS[device.deviceOs] ?? 'another system'}`;
}

export const PAYMENT_SYSTEM_LABELS: Readonly<Record<string, string>> = {
  SANDBOX: 'Card (sandbox)',
  STRIPE: 'Card (Stripe)',
};
