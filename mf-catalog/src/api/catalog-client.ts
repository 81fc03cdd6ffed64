import { CATALOG_PATHS, catalogLogoPath, isErrorResponse } from '@crease/contract';
import type { League, LeagueList, Platform } from '@crease/contract';

/** One read of the leagues: new data with its ETag, or "nothing changed since that ETag". */
export type LeaguesRead =
  { kind: 'changed'; leagues: League[]; etag: string | null } | { kind: 'unchanged' };

/**
 * Why a read failed, fit to show (errors are data, STYLE §4): the HTTP status (0 when there was
 * no answer) and the API's message when it sent the spec's error shape.
 */
export class CatalogReadError extends Error {
  override readonly name = 'CatalogReadError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The error the shell's ky client throws for a non-2xx answer; duck-typed (ky is the shell's). */
function responseOf(error: unknown): Response | null {
  const response = (error as { response?: Partial<Response> } | null)?.response;
  return typeof response?.status === 'number' && typeof response.json === 'function'
    ? (response as Response)
    : null;
}

async function readError(error: unknown): Promise<CatalogReadError> {
  const response = responseOf(error);
  if (!response)
    return new CatalogReadError(0, 'We could not reach Crease. Check your connection.');
  const body: unknown = await response.json().catch(() => null);
  if (isErrorResponse(body) && response.status < 500) {
    return new CatalogReadError(response.status, body.message);
  }
  return new CatalogReadError(response.status, 'Crease could not load the matches just now.');
}

/**
 * Every active league with its events, through the shell's HTTP client (bearer, retries and
 * refresh are the shell's). One read serves the whole screen: the league filter is applied on
 * the page, so switching leagues needs no request and one ETag covers what the viewer sees.
 *
 * With `etag`, the read is conditional (If-None-Match): an unchanged catalog costs a 304 with
 * no body. The explicit header also makes fetch skip the HTTP cache (Fetch standard: a request
 * with a conditional header is "no-store"), so every poll asks the API, not a copy of it.
 */
export async function readLeagues(
  http: Platform['http'],
  etag: string | null,
  signal?: AbortSignal,
): Promise<LeaguesRead> {
  let response: Response;
  try {
    response = await http.get(CATALOG_PATHS.leagues, {
      headers: etag ? { 'If-None-Match': etag } : {},
      // 304 is an answer, not a failure; other non-2xx still throw (and 5xx are retried).
      throwHttpErrors: (status) => status !== 304,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw await readError(error);
  }
  if (response.status === 304) return { kind: 'unchanged' };
  const body = (await response.json()) as LeagueList;
  return { kind: 'changed', leagues: body.items, etag: response.headers.get('ETag') };
}

/** The logo's URL on the API host (public, immutable). */
export function logoUrl(apiOrigin: string, logoFilename: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/${catalogLogoPath(logoFilename)}`;
}
