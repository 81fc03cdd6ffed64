import {
  CATALOG_PATHS,
  catalogEventTimelinePath,
  catalogLogoPath,
  isErrorResponse,
} from '@crease/contract';
import type { EventTimeline, League, LeagueList, Platform } from '@crease/contract';

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

/** What the last read returned, to make the next one conditional. */
export interface LeaguesVersion {
  etag: string | null;
  body: string;
}

/** One read of the leagues: new data, or "nothing changed since that version". */
export type LeaguesRead =
  { kind: 'changed'; leagues: League[]; version: LeaguesVersion } | { kind: 'unchanged' };

/**
 * Every active league with its events, through the shell's HTTP client (bearer, retries and
 * refresh are the shell's). One read serves the whole screen: the league filter is applied on
 * the page, so switching leagues needs no request and one ETag covers what the viewer sees.
 *
 * Reads are conditional on the API's ETag, so an unchanged catalog costs a bodiless 304:
 * - When the API lets the page read the ETag (CORS exposes it), the read sends If-None-Match
 *   itself and a 304 comes back as such. A request with a conditional header also skips the
 *   HTTP cache (Fetch standard), so every poll asks the API.
 * - Otherwise the read uses `cache: 'no-cache'`: the browser revalidates its cached copy with
 *   the same ETag and turns the 304 into that copy; an identical body counts as unchanged.
 * Either way no poll is answered from a cache without asking (Cache-Control allows seconds).
 */
export async function readLeagues(
  http: Platform['http'],
  previous: LeaguesVersion | null,
  signal?: AbortSignal,
): Promise<LeaguesRead> {
  const etag = previous?.etag ?? null;
  let response: Response;
  try {
    response = await http.get(CATALOG_PATHS.leagues, {
      ...(etag ? { headers: { 'If-None-Match': etag } } : { cache: 'no-cache' as const }),
      // 304 is an answer, not a failure; other non-2xx still throw (and 5xx are retried).
      throwHttpErrors: (status) => status !== 304,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw await readError(error);
  }
  if (response.status === 304) return { kind: 'unchanged' };
  const body = await response.text();
  if (previous && body === previous.body) return { kind: 'unchanged' };
  const leagues = (JSON.parse(body) as LeagueList).items;
  return { kind: 'changed', leagues, version: { etag: response.headers.get('ETag'), body } };
}

/** An event's whole timeline (the ball-by-ball states with their times), for a spoiler-free card. */
export async function readTimeline(
  http: Platform['http'],
  eventId: string,
  signal?: AbortSignal,
): Promise<EventTimeline> {
  try {
    const response = await http.get(catalogEventTimelinePath(eventId), signal ? { signal } : {});
    return (await response.json()) as EventTimeline;
  } catch (error) {
    throw await readError(error);
  }
}

/** The logo's URL on the API host (public, immutable). */
export function logoUrl(apiOrigin: string, logoFilename: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/${catalogLogoPath(logoFilename)}`;
}
