// @ts-check
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { contractMetadata } from './contract-metadata.mjs';

/**
 * The Module Federation runtime is shared, not copied (decision 084): the shell bundles
 * `@module-federation/runtime-core` once and hands it to remotes
 * (`experiments.provideExternalRuntime`); every remote is built with
 * `experiments.externalRuntime`, so its remoteEntry.js carries only webpack's small bundler
 * runtime and calls the shell's runtime core. Both record the runtime version in their
 * mf-manifest.json so the release registry's gate can refuse a pair that would not work.
 */

/** The manifest metadata keys, from @crease/contract's one JSON copy (decision 120). */
export const PROVIDES_RUNTIME_METADATA_KEY = contractMetadata.shellProvidesRuntimeKey;
export const NEEDS_HOST_RUNTIME_METADATA_KEY = contractMetadata.remoteNeedsRuntimeKey;

/** The shell's runtime plugin that hands its runtime core to remotes. */
export const PROVIDE_RUNTIME_CORE_PLUGIN = path.join(
  import.meta.dirname,
  'provide-runtime-core-plugin.mjs',
);

/**
 * Size options of the runtime that hold for every app here: browser only (drops the Node
 * script loader). Remotes load no remotes, so they also drop the snapshot (manifest) plugin;
 * the shell keeps it, because it registers remotes by their mf-manifest.json URL.
 *
 * @param {{ remote: boolean }} options
 */
export function runtimeOptimization({ remote }) {
  return remote
    ? { target: /** @type {const} */ ('web'), disableSnapshot: true }
    : { target: /** @type {const} */ ('web') };
}

/** The version of @module-federation/runtime-core that webpack bundles for `appDir`. */
export function federationRuntimeVersion(appDir = import.meta.dirname) {
  const require = createRequire(path.join(appDir, 'package.json'));
  // The package exports no ./package.json: walk up from its entry to find it.
  let dir = path.dirname(require.resolve('@module-federation/runtime-core'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (pkg.name === '@module-federation/runtime-core')
        return /** @type {string} */ (pkg.version);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@module-federation/runtime-core/package.json not found');
    dir = parent;
  }
}
