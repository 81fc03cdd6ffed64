// @ts-check
import { createRequire } from 'node:module';

/**
 * The mf-manifest.json metadata keys and the contract version, read from @crease/contract's one
 * JSON copy (this factory is plain Node, so it cannot import the contract's TypeScript).
 * @type {{ contractVersion: number, shellContractVersionKey: string, remoteContractRangeKey: string, buildIdKey: string, shellProvidesRuntimeKey: string, remoteNeedsRuntimeKey: string }}
 */
export const contractMetadata = createRequire(import.meta.url)(
  '@crease/contract/manifest-metadata.json',
);
