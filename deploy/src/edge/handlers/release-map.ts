import type { FastifyInstance } from 'fastify';
import { browserVariant } from '../live-view';
import type { LiveViewReader } from '../live-view';

/** GET /release-map.json: no-cache with an ETag, so the shell's revalidation is a cheap 304. */
export function registerReleaseMap(app: FastifyInstance, liveView: LiveViewReader): void {
  app.get('/release-map.json', async (request, reply) => {
    const { mapBody: body, mapEtag: etag } = browserVariant(liveView(), request, reply);
    reply
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
