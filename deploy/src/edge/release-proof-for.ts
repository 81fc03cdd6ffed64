import type { FastifyRequest } from 'fastify';
import { mintReleaseProof } from '../signals/release-proof';
import { newSeed } from './canary-split';
import type { LiveView, MapVariant } from './live-view';

/**
 * The release proof for what this response serves this browser (decision 155): its seed when
 * it has one (a canary running, or an earlier one), else a fresh id for this page alone (no
 * cookie is set just for proofs: decision 157 says why), the viewer's address as the edge sees
 * it (CREASE_TRUST_PROXY), the map revision and the map itself. The first key signs.
 */
export function releaseProofFor(
  secrets: readonly string[],
  request: FastifyRequest,
  live: LiveView,
  served: { variant: MapVariant; seed: string | null },
): string {
  return mintReleaseProof(secrets[0]!, {
    seed: served.seed ?? newSeed(),
    address: request.ip,
    revision: live.state.revision ?? 0,
    releaseMap: served.variant.releaseMap,
  });
}
