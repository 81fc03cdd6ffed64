/**
 * Our own reading of a User-Agent header, for security mail (decision 407). Mail never repeats
 * text a client sent: the result is built only from the fixed names below, so "Your account is
 * locked: call …" in a User-Agent becomes "A browser on an unknown system" at worst.
 */

/** Browsers, most specific first (Edge and Opera also say "Chrome", Chrome also says "Safari"). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, most specific first (Android also says "Linux", iOS also says "like Mac OS X"). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Spec enums (DeviceRegistration) in words, for when the header says nothing we know. */
const DEVICE_TYPES: Record<string, string> = {
  CHROME: 'Chrome',
  SAFARI: 'Safari',
  EDGE: 'Edge',
  FIREFOX: 'Firefox',
  SAMSUNG_INTERNET: 'Samsung Internet',
  OPERA: 'Opera',
  APP: 'The Crease app',
};
const DEVICE_OSES: Record<string, string> = {
  ANDROID: 'Android',
  IOS: 'iOS',
  ANDROID_TV: 'Android TV',
  LINUX: 'Linux',
  MACOS: 'macOS',
  WINDOWS: 'Windows',
};

const firstMatch = (table: readonly (readonly [RegExp, string])[], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/**
 * "Chrome on Windows": the browser and system read from the User-Agent header, falling back to
 * the registration's enums; only names from the tables above ever come out.
 */
export function describeDevice(userAgent: string, deviceType = '', deviceOs = ''): string {
  const header = userAgent.slice(0, 512);
  const browser = firstMatch(BROWSERS, header) ?? DEVICE_TYPES[deviceType] ?? 'A browser';
  const system = firstMatch(SYSTEMS, header) ?? DEVICE_OSES[deviceOs] ?? 'an unknown system';
  return `${browser} on ${system}`;
}

/**
 * The approximate place of a network, as we can tell it without a location database: the
 * address with its host part hidden (an IPv4 /24, an IPv6 /48). Built from the socket address
 * the proxies vouch for (decision 061), never from a header the client wrote.
 */
export function approximateNetwork(ip: string): string | null {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (/^[0-9a-f:]+$/i.test(ip) && ip.includes(':')) {
    const groups = ip.split('::')[0]?.split(':').filter(Boolean).slice(0, 3) ?? [];
    return groups.length ? `${groups.join(':')}::/48` : null;
  }
  return null;
}
