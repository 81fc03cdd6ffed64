import ky from 'ky';
import type { AfterResponseHook, NormalizedOptions } from 'ky';

// The cross-site token cookie the API sets, and the header it expects back (double submit).
import { XSRF_COOKIE, XSRF_HEADER } from '@crease/contract';

/** Codes the API answers a state-changing call with when the header is missing or stale. */
export const XSRF_ERROR_CODES: readonly string[] = ['XSRF_TOKEN_MISSING', 'XSRF_TOKEN_MISMATCH'];

/** Reads the current XSRF token; injectable so tests (and Node) can supply a cookie jar. */
export type XsrfTokenReader = () => string | null;

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

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function isXsrfRejection(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return typeof body?.code === 'string' && XSRF_ERROR_CODES.includes(body.code);
  } catch {
    return false;
  }
}

/**
 * After a 403 XSRF_TOKEN_MISSING/MISMATCH the API has set a fresh cookie (the first call of a
 * page often races the cookie, or the cookie rotated): read it again and send the call once more.
 * Only once per call (tracked by ky's per-call `context`), and only when the cookie now holds a
 * token we did not already send, so a browser that blocks the cookie gets the 403, not a loop.
 */
export function xsrfRetryHook(
  readToken: XsrfTokenReader,
  fetchImpl: typeof fetch | undefined,
): AfterResponseHook {
  const retriedOnce = new WeakSet<NormalizedOptions['context']>();
  return async (request, options, response, { retryCount }) => {
    if (!STATE_CHANGING.has(request.method.toUpperCase())) return;
    if (retriedOnce.has(options.context)) return;
    if (!(await isXsrfRejection(response))) return;
    const fresh = readToken();
    if (!fresh || fresh === request.headers.get(XSRF_HEADER)) return;
    retriedOnce.add(options.context);
    const headers = new Headers(request.headers);
    headers.set(XSRF_HEADER, fresh);
    const retried = new Request(request, { headers });
    // As with the 401 retry: when the 5xx retries used ky's budget (or retry: 0), ky cannot
    // force a retry, so the one retry is sent directly.
    if (retryCount >= (options.retry.limit ?? 0)) {
      return fetchImpl ? fetchImpl(retried) : globalThis.fetch(retried);
    }
    return ky.retry({ request: retried, delay: 0, code: 'XSRF_REFRESHED' });
  };
}
