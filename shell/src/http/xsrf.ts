/** The cross-site token cookie the API sets, and the header it expects back (double submit). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [rawKey, ...rest] = part.split('=');
    if (rawKey?.trim() === name) {
      try {
        return decodeURIComponent(rest.join('=').trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function xsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  return readCookie(document.cookie, XSRF_COOKIE);
}
