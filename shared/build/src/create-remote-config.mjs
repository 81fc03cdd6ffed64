// @ts-check
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { baseConfig, resolveMode } from './base-config.mjs';
import { buildId } from './build-id.mjs';
import { contractMetadata } from './contract-metadata.mjs';
import {
  federationRuntimeVersion,
  NEEDS_HOST_RUNTIME_METADATA_KEY,
  runtimeOptimization,
} from './federation-runtime.mjs';
import { sharedDependencies } from './shared-dependencies.mjs';

/**
 * A remote: one Module Federation container exposing exactly `./screens`
 * (a single-spa parcel, STYLE §2) and an mf-manifest.json that records the
 * contract range the remote supports.
 *
 * @param {object} options
 * @param {string} options.name           remote name, for example "mf-legal"
 * @param {string} options.appDir         the app's folder (import.meta.dirname)
 * @param {string} options.contractRange  shell contract versions supported, for example "^1"
 * @param {string} [options.screens]      path of the parcel module, default ./src/screens.tsx
 * @param {string} [options.mode]
 * @param {import('./source-packages.mjs').SourcePackage[]} [options.sourcePackages] dependencies
 *   built from their TypeScript source with feature flags (mf-player's hls.js, decision 330)
 * @returns {import('webpack').Configuration}
 */
export function createRemoteConfig({
  name,
  appDir,
  contractRange,
  screens = './src/screens.tsx',
  mode,
  sourcePackages = [],
}) {
  const resolvedMode = resolveMode(mode);
  const id = buildId(appDir);
  const runtimeVersion = federationRuntimeVersion(appDir);
  const config = baseConfig({
    appDir,
    mode: resolvedMode,
    cssPrefix: name.replace(/^mf-/, ''),
    pureCss: true,
    // In the JS: the edge preloads a screen's JS chunks with the HTML, and its styles arrive with
    // them. (A preloaded stylesheet is no option: Chromium reuses a failed preload, so a remote
    // that was down at page load could not recover on Retry.)
    css: 'in-js',
    sourcePackages,
  });
  return {
    ...config,
    name,
    entry: {},
    output: { ...config.output, uniqueName: `${name}_${id}` },
    plugins: [
      ...(config.plugins ?? []),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        // Remote names keep the product's spelling (mf-legal); a window property allows the dash.
        library: { type: 'window', name },
        exposes: { './screens': screens },
        shared: sharedDependencies(appDir, { eager: false }),
        dts: false,
        // The shell provides the Module Federation runtime (decision 084): remoteEntry.js keeps
        // only webpack's bundler runtime, and the manifest says this build needs the host's.
        experiments: { externalRuntime: true, optimization: runtimeOptimization({ remote: true }) },
        manifest: {
          fileName: 'mf-manifest.json',
          additionalData: ({ stats }) => {
            stats.metaData = {
              ...stats.metaData,
              // @ts-expect-error: our own metadata next to Module Federation's
              [contractMetadata.remoteContractRangeKey]: contractRange,
              [contractMetadata.buildIdKey]: id,
              [NEEDS_HOST_RUNTIME_METADATA_KEY]: runtimeVersion,
            };
            return stats;
          },
        },
      }),
    ],
  };
}
