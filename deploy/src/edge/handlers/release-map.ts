import type { FastifyInstance } from 'fastify';
import { RELEASE_PROOF_HEADER } from '../../signals/release-proof';
import { browserVariant } from '../live-view';
import type { LiveViewReader } from '../live-view';
import { releaseProofFor } from '../release-proof-for';

/**
 * GET /release-map.json: no-cache with an ETag, so the shell's revalidation is a cheap 304. Both
 * answers carry a fresh release proof for this browser (decision 155) in a header, so a tab's
 * proof follows the map it now has and is renewed at every check. (A shared cache that handed
 * one browser's proof to others would only make them count as one browser: never more.)
 */
export function registerReleaseMap(
  app: FastifyInstance,
  liveView: LiveViewReader,
  proofSecrets: readonly string[],
): void {
  app.get('/release-map.json', async (request, reply) => {
    const live = liveView();
    const served = browserVariant(live, request, reply);
    const { mapBody: body, mapEtag: etag } = served.variant;
    reply
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('access-control-allow-origin', '*')
      .header(RELEASE_PROOF_HEADER, releaseProofFor(proofSecrets, request, live, served));
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
