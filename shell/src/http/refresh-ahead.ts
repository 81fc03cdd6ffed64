/**
 * Refresh-ahead (decision 198): a request whose access token is about to run out refreshes the
 * session first, so a page opened after the 15-minute lifetime does not fire a volley of 401s.
 * The lifetime is read from the token itself (a JWT's iat and exp): docs/product.md §4 fixes the storage
 * keys, so `expires_in` has nowhere to live between page loads. A token that is not a JWT, or has
 * no times, is never refreshed ahead; the 401 → refresh → retry path covers it, and covers clock
 * skew too.
 */

/** Refresh when less than this share of the lifetime is left (at most `MAX_LEAD_MS`). */
const LEAD_SHARE = 0.2;
const MAX_LEAD_MS = 60_000;

interface TokenTimes {
  issuedAtMs: number;
  expiresAtMs: number;
}

function base64UrlJson(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
}

/** The iat and exp of a JWT, unverified (only the API verifies); null for anything else. */
export function tokenTimes(token: string): TokenTimes | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = base64UrlJson(parts[1]) as { iat?: unknown; exp?: unknown } | null;
    const { iat, exp } = claims ?? {};
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= iat) return null;
    return { issuedAtMs: iat * 1000, expiresAtMs: exp * 1000 };
  } catch {
    return null;
  }
}

/** When a refresh-ahead is due for this token (ms since the epoch), or null if never. */
export function refreshDueAt(token: string): number | null {
  const times = tokenTimes(token);
  if (!times) return null;
  const lead = Math.min(MAX_LEAD_MS, (times.expiresAtMs - times.issuedAtMs) * LEAD_SHARE);
  return times.expiresAtMs - lead;
}

/**
 * Decides per request whether to refresh first. If a token the API has just issued already looks
 * due here, this browser's clock is off: refresh-ahead switches itself off for the tab rather
 * than refreshing on every request, and the 401 path takes over.
 */
export class RefreshAhead {
  private clockSkewed = false;

  constructor(private readonly now: () => number = Date.now) {}

  isDue(token: string): boolean {
    if (this.clockSkewed) return false;
    const due = refreshDueAt(token);
    return due !== null && this.now() >= due;
  }

  /** Called with the token a refresh-ahead returned. */
  checkFresh(token: string): void {
    if (this.isDue(token)) this.clockSkewed = true;
  }
}
