import type { ReleaseMap } from '@crease/contract';
import { newSeed } from '../edge/canary-split';
import { mintReleaseProof } from '../signals/release-proof';

/** The key tests sign release proofs with (what CREASE_RELEASE_PROOF_SECRET holds in production). */
export const TEST_PROOF_SECRET = 'test-release-proof-secret-0123456789abcdef';

/**
 * A release proof as the edge mints it for a page that served `version` of `remote` (with
 * `fallback` as its last-known-good), to a browser with `seed` at `address`.
 */
export function proofOf(options: {
  remote?: string;
  version: string;
  fallback?: string | null;
  seed?: string;
  address?: string;
  now?: Date;
  secret?: string;
}): string {
  const remote = options.remote ?? 'mf-legal';
  const fallback = options.fallback ?? null;
  const releaseMap = {
    schemaVersion: 1,
    remotes: {
      [remote]: {
        version: options.version,
        manifestUrl: `/apps/${remote}/${options.version}/mf-manifest.json`,
        lastKnownGoodManifestUrl: fallback ? `/apps/${remote}/${fallback}/mf-manifest.json` : null,
      },
    },
  } as ReleaseMap;
  return mintReleaseProof(options.secret ?? TEST_PROOF_SECRET, {
    seed: options.seed ?? newSeed(),
    address: options.address ?? '127.0.0.1',
    revision: 1,
    releaseMap,
    now: options.now,
  });
}
