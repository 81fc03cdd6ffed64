import ky from 'ky';
import { XSRF_HEADER } from '@crease/contract';
import type { KyInstance, NormalizedOptions } from 'ky';
import type { RefreshableSession } from '../session/session';
import { ensureIdempotencyKey } from './idempotency';
import { RETRY_POLICY } from './retry-policy';
import type { TokenRefresher } from './token-refresher';
import { xsrfRetryHook, xsrfToken } from './xsrf';
import type { XsrfTokenReader } from './xsrf';
import { RefreshAhead } from './refresh-ahead';

export interface HttpClientOptions {
  apiOrigin: string;
  /** Where the bearer comes from: the client asks the session and never writes tokens. */
  session: Pick<RefreshableSession, 'accessToken'>;
  refresher: Pick<TokenRefresher, 'refresh'>;
  fetch?: typeof fetch;
  /** Where the XSRF token is read from; the XSRF-TOKEN cookie by default. */
  xsrf?: XsrfTokenReader;
  /** Refreshes a token that is about to run out before it is sent (decision 198). */
  refreshAhead?: RefreshAhead;
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/**
 * The one HTTP client (docs/architecture.md §4, STYLE §6), built once by the shell and handed to
 * remotes. JSON by default; bearer and XSRF headers; an Idempotency-Key on mutating calls;
 * network errors and 5xx retried (3 attempts, 1 s apart); a token about to run out is refreshed
 * before the request is sent (decision 198, same single-flight refresher); a 401 refreshes the session once
 * (single-flight) and retries the request once; a 403 for a missing or stale XSRF token re-reads
 * the cookie and retries once.
 */
export function createHttpClient({
  apiOrigin,
  session,
  refresher,
  fetch: fetchImpl,
  xsrf = xsrfToken,
  refreshAhead = new RefreshAhead(),
}: HttpClientOptions): KyInstance {
  // A request refreshes at most once. It is identified by its `context` object: ky makes one per
  // call and keeps it for every attempt. (Not by the options object itself: ky rebuilds that when
  // the forced retry below swaps in the re-authorised request, which let a 401 refresh again.)
  const refreshedOnce = new WeakSet<NormalizedOptions['context']>();
  /** The stored token, refreshed first when it is about to run out. */
  const currentToken = async (): Promise<string | null> => {
    const token = session.accessToken();
    if (token === null || !refreshAhead.isDue(token)) return token;
    try {
      const fresh = await refresher.refresh(token);
      refreshAhead.checkFresh(fresh);
      return fresh;
    } catch {
      // The refresher has ended the session (docs/product.md §4); the request goes out as a signed-out one.
      return session.accessToken();
    }
  };
  return ky.create({
    prefixUrl: apiOrigin,
    credentials: 'include',
    timeout: 30_000,
    retry: RETRY_POLICY,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        async (request) => {
          if (!request.headers.has('Authorization')) {
            const token = await currentToken();
            if (token) request.headers.set('Authorization', `Bearer ${token}`);
          }
          const xsrfValue = xsrf();
          if (xsrfValue) request.headers.set(XSRF_HEADER, xsrfValue);
          ensureIdempotencyKey(request);
        },
      ],
      afterResponse: [
        async (request, options, response, { retryCount }) => {
          if (response.status !== 401 || refreshedOnce.has(options.context)) return;
          const sent = bearerOf(request);
          if (sent === null) return; // Not signed in: a 401 is the answer, not a stale token.
          refreshedOnce.add(options.context);
          let fresh: string;
          try {
            fresh = await refresher.refresh(sent);
          } catch {
            return; // The refresher has expired the session; the caller sees the 401.
          }
          const headers = new Headers(request.headers);
          headers.set('Authorization', `Bearer ${fresh}`);
          const retried = new Request(request, { headers });
          // ky.retry shares the retry budget with the 5xx/network retries. When those used it up
          // (or the call passed retry: 0), ky would throw its internal ForceRetryError instead of
          // retrying, so the one retry after a refresh is sent here.
          if (retryCount >= (options.retry.limit ?? 0)) {
            return fetchImpl ? fetchImpl(retried) : globalThis.fetch(retried);
          }
          return ky.retry({ request: retried, delay: 0, code: 'TOKEN_REFRESHED' });
        },
        xsrfRetryHook(xsrf, fetchImpl),
      ],
    },
  });
}
