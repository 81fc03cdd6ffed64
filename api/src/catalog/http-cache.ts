/**
 * How catalog reads leave: one shared, serialized body per question with its ETag (read-cache),
 * `Cache-Control` from the contract (a few seconds, public: the catalog is the same for every
 * viewer, decision 071), and 304 when the client already has it.
 */
import {
  CATALOG_MAX_AGE_SECONDS,
  CATALOG_STALE_WHILE_REVALIDATE_SECONDS,
  EVENT_LIST_DEFAULT_LIMIT,
  EVENT_LIST_MAX_LIMIT,
} from '@crease/contract';
import type { EventListQuery } from '@crease/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzippedOnce } from '../platform/http/accept-encoding';
import { ApiError } from './errors';
import type { EventFilter } from './catalog-reads';
import { parseInstant } from './instant';
import type { CatalogReadCache } from './read-cache';
import { matchesIfNoneMatch } from './read-cache';

export const CATALOG_CACHE_CONTROL = `public, max-age=${CATALOG_MAX_AGE_SECONDS}, stale-while-revalidate=${CATALOG_STALE_WHILE_REVALIDATE_SECONDS}`;

export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: CatalogReadCache,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const entry = await cache.get(key, load);
  reply
    .header('etag', entry.etag)
    .header('cache-control', CATALOG_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag))
    return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  // A whole match's timeline is hundreds of kilobytes of JSON: gzip it once per cached body.
  const gzipped = gzippedOnce(request, entry, entry.body);
  if (gzipped) return reply.header('content-encoding', 'gzip').send(gzipped);
  // Already JSON text: Fastify sends a string with a JSON type as is (no second serialization).
  return reply.send(entry.body);
}

const invalid = (field: string, message: string) =>
  new ApiError('VALIDATION_FAILED', `Field "${field}" ${message}`);

/** The schema checked shapes; this checks meaning (a real instant, to after from). */
export function parseFilter(query: Omit<EventListQuery, 'limit'>): EventFilter {
  const time = (field: 'from' | 'to') => {
    const raw = query[field];
    return raw === undefined ? undefined : parseInstant(field, raw);
  };
  const from = time('from');
  const to = time('to');
  if (from && to && to.getTime() <= from.getTime()) throw invalid('to', 'must be after "from".');
  return { league: query.league, status: query.status, from, to };
}

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return EVENT_LIST_DEFAULT_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > EVENT_LIST_MAX_LIMIT)
    throw invalid('limit', `must be a whole number from 1 to ${EVENT_LIST_MAX_LIMIT}.`);
  return limit;
}

/** One cache key per question, whatever the order of the query parameters. */
export function cacheKey(route: string, filter: EventFilter, extra: Record<string, unknown> = {}) {
  return JSON.stringify([
    route,
    filter.league ?? null,
    filter.status ?? null,
    filter.from?.toISOString() ?? null,
    filter.to?.toISOString() ?? null,
    extra,
  ]);
}
