// @ts-check
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { baseConfig, resolveMode } from './base-config.mjs';
import { buildId } from './build-id.mjs';
import { contractMetadata } from './contract-metadata.mjs';
import { ChunkAssetsPlugin } from './chunk-assets-plugin.mjs';
import {
  federationRuntimeVersion,
  PROVIDE_RUNTIME_CORE_PLUGIN,
  PROVIDES_RUNTIME_METADATA_KEY,
  runtimeOptimization,
} from './federation-runtime.mjs';
import { sharedDependencies } from './shared-dependencies.mjs';

/**
 * The host. Nothing remote is baked in (`remotes: {}`): the shell registers remotes at
 * runtime from the release map. React and the design system are eager here so the first
 * paint needs no async boundary; remotes consume them from the share scope.
 *
 * When `prerender` is given, a second, Node-targeted build renders static markup (the
 * welcome page) that the build runner writes next to index.html.
 *
 * @param {object} options
 * @param {string} options.appDir
 * @param {string} options.entry
 * @param {string} options.template
 * @param {number} [options.contractVersion]  the contract version this shell provides; the contract's own by default
 * @param {string} [options.prerender]  module whose default export returns `{ [file]: html }`
 * @param {string} [options.mode]
 * @returns {import('webpack').Configuration[]}
 */
export function createHostConfig({
  appDir,
  entry,
  template,
  contractVersion = contractMetadata.contractVersion,
  prerender,
  mode,
}) {
  const resolvedMode = resolveMode(mode);
  const id = buildId(appDir);
  // The first load of `/` is the host's budget (decision 360): ES2022 as tsconfig checks it, two
  // minifier passes, and below, one boot chunk with short ids.
  const browser = baseConfig({
    appDir,
    mode: resolvedMode,
    cssPrefix: 'shell',
    pureCss: false,
    syntax: 'es2022',
    minifyPasses: 2,
  });
  const configs = [
    {
      ...browser,
      name: 'shell',
      entry: { main: entry },
      output: { ...browser.output, uniqueName: `shell_${id}` },
      optimization: {
        ...browser.optimization,
        // No vendor chunk beside boot: the router and ky in boot's own file are 1.1 KB smaller
        // over the wire, and a separate vendor file never outlived a release anyway (its
        // chunk-loading global carries the build id). Ids and export names by size for the same
        // reason: every shell build renames the whole file set already.
        splitChunks: false,
        moduleIds: 'size',
        chunkIds: 'size',
        mangleExports: 'size',
      },
      plugins: [
        ...(browser.plugins ?? []),
        new ChunkAssetsPlugin(),
        // The template is copied as is: the edge server adds the asset tags per request
        // (from chunk-assets.json), because `/` inlines its CSS and loads JS after first paint.
        new HtmlWebpackPlugin({
          template: path.resolve(appDir, template),
          inject: false,
          minify: false,
        }),
        new ModuleFederationPlugin({
          name: 'shell',
          remotes: {},
          shared: sharedDependencies(appDir, { eager: true }),
          dts: false,
          // Remotes are built without their own copy of the runtime (decision 084): the shell
          // hands its runtime core to them, and its manifest records which version it provides.
          // (Our own ES-module plugin, not `provideExternalRuntime`: see the plugin.)
          runtimePlugins: [PROVIDE_RUNTIME_CORE_PLUGIN],
          experiments: { optimization: runtimeOptimization({ remote: false }) },
          manifest: {
            fileName: 'mf-manifest.json',
            additionalData: ({ stats }) => {
              stats.metaData = {
                ...stats.metaData,
                // @ts-expect-error: our own metadata next to Module Federation's
                [contractMetadata.shellContractVersionKey]: contractVersion,
                [contractMetadata.buildIdKey]: id,
                [PROVIDES_RUNTIME_METADATA_KEY]: federationRuntimeVersion(appDir),
              };
              return stats;
            },
          },
        }),
      ],
    },
  ];
  if (prerender) {
    const ssr = baseConfig({
      appDir,
      mode: resolvedMode,
      cssPrefix: 'shell',
      pureCss: false,
      ssr: true,
    });
    configs.push({
      ...ssr,
      name: 'shell-prerender',
      entry: { prerender },
      output: {
        ...ssr.output,
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
      },
    });
  }
  return configs;
}
