import { DEVICE_OS_VALUES, DEVICE_TYPE_VALUES } from '@crease/contract';
import type { Device, DeviceOs, DeviceType } from '@crease/contract';

/**
 * The device id lives in a first-party cookie, not local storage: docs/product.md §4 clears all local
 * storage on sign-out, and a new id after every sign-out would list one browser as many
 * devices on the account.
 */
export const DEVICE_COOKIE = 'vidictId';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function detectOs(userAgent: string): DeviceOs {
  if (/Android/i.test(userAgent))
    return /TV|AFT|BRAVIA|SMART-TV/i.test(userAgent) ? 'ANDROID_TV' : 'ANDROID';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'IOS';
  if (/Windows/i.test(userAgent)) return 'WINDOWS';
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'MACOS';
  if (/Linux|X11|CrOS/i.test(userAgent)) return 'LINUX';
  return 'OTHER_OS';
}

export function detectBrowser(userAgent: string): DeviceType {
  if (/SamsungBrowser/i.test(userAgent)) return 'SAMSUNG_INTERNET';
  if (/OPR\/|Opera/i.test(userAgent)) return 'OPERA';
  if (/Edg\//i.test(userAgent)) return 'EDGE';
  if (/Firefox|FxiOS/i.test(userAgent)) return 'FIREFOX';
  if (/Chrome|CriOS|Chromium/i.test(userAgent)) return 'CHROME';
  if (/Safari/i.test(userAgent)) return 'SAFARI';
  return 'OTHER_BROWSER';
}

function readOrCreateId(doc: Pick<Document, 'cookie'>): string {
  const match = doc.cookie.match(new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]+)`));
  const existing = match?.[1];
  if (existing && UUID.test(existing)) return existing;
  const id = crypto.randomUUID();
  doc.cookie = `${DEVICE_COOKIE}=${id}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax`;
  return id;
}

export function detectDevice(doc: Pick<Document, 'cookie'>, userAgent: string): Device {
  const deviceOs = detectOs(userAgent);
  const deviceType = detectBrowser(userAgent);
  // Narrowing guards: detection only returns spec values, the checks document it.
  if (!DEVICE_OS_VALUES.includes(deviceOs) || !DEVICE_TYPE_VALUES.includes(deviceType)) {
    throw new Error('unreachable: device detection outside the product contract enums');
  }
  return { vidictId: readOrCreateId(doc), deviceOs, deviceType };
}
