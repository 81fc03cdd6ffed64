/**
 * A public read that a CDN may serve to anyone: one JSON body per replica for a few seconds,
 * its ETag, `Cache-Control: public` and 304 on If-None-Match. The body must carry no viewer data;
 * the route never looks at the caller.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { monotonicMs } from '../platform/clock';

export interface PublicReadOptions {
  maxAgeSeconds: number;
  staleWhileRevalidateSeconds: number;
  /** How long one replica reuses the body before asking the database again (real time). */
  memoryMs: number;
  /** Request headers besides Origin the body depends on (a CDN's country header, decision 421). */
  vary?: readonly string[];
}

export function publicRead(options: PublicReadOptions, load: () => Promise<unknown>) {
  let cached: { body: string; etag: string; until: number } | null = null;
  // Concurrent misses share one load instead of each querying the database.
  let loading: Promise<{ body: string; etag: string; until: number }> | null = null;
  const cacheControl = `public, max-age=${options.maxAgeSeconds}, stale-while-revalidate=${options.staleWhileRevalidateSeconds}`;

  const fresh = async () => {
    if (cached && cached.until > monotonicMs()) return cached;
    loading ??= load()
      .then((value) => {
        const body = JSON.stringify(value);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        cached = { body, etag, until: monotonicMs() + options.memoryMs };
        return cached;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const entry = await fresh();
    reply
      .header('cache-control', cacheControl)
      .header('etag', entry.etag)
      .header('vary', ['Origin', ...(options.vary ?? [])].join(', '));
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim() === entry.etag))
      return reply.code(304).send();
    // Already JSON text: sent as is, not serialized again.
    return reply
      .type('application/json; charset=utf-8')
      .serializer((x) => x as string)
      .send(entry.body);
  };
}
