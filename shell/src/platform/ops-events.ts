import type { RemoteName } from '@crease/contract';

/** Same origin as the page; the registry counts these and `release status` shows the counts. */
export const REMOTE_FALLBACK_PATH = '/_ops/remote-fallback';

export interface RemoteFallbackReport {
  remote: RemoteName;
  failedVersion: string;
  fallbackVersion: string;
  /**
   * The release proof that says this browser was served both versions (decision 155); without
   * one (the static tier) the report is only counted as unsigned.
   */
  proof?: string | null;
  /**
   * The signed-in viewer's access token (decision 411): only reports that carry one can veto a
   * version; without it the report is an anonymous warning.
   */
  viewer?: string | null;
}

export interface OpsTransport {
  /** navigator.sendBeacon, when the browser has it. */
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetchImpl?: typeof fetch;
}

/**
 * Tells operations that a viewer got a remote's last-known-good version. A beacon survives the
 * page going away and never delays it; text/plain keeps it a "simple" request (no preflight).
 * When the browser queues no beacon (none, or its quota is full), fetch with keepalive does the
 * same job. Reporting never throws: losing one report must not break the page.
 */
export function reportRemoteFallback(
  report: RemoteFallbackReport,
  url: string,
  transport: OpsTransport = browserTransport(),
): void {
  const { proof, viewer, ...fields } = report;
  const body = { ...fields, ...(proof ? { proof } : {}), ...(viewer ? { viewer } : {}) };
  sendOpsBeacon(url, JSON.stringify(body), transport);
}

/** One ops event body to the site's origin: a beacon, else fetch with keepalive; never throws. */
export function sendOpsBeacon(
  url: string,
  body: string,
  transport: OpsTransport = browserTransport(),
): void {
  try {
    if (transport.sendBeacon?.(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
  } catch {
    // a beacon refused outright: fall through to fetch
  }
  const fetchImpl = transport.fetchImpl ?? (typeof fetch === 'function' ? fetch : undefined);
  if (!fetchImpl) return;
  fetchImpl(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

export function browserTransport(): OpsTransport {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    sendBeacon:
      nav && typeof nav.sendBeacon === 'function' ? (u, d) => nav.sendBeacon(u, d) : undefined,
    fetchImpl: typeof fetch === 'function' ? (...args) => fetch(...args) : undefined,
  };
}
