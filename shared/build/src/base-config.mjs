// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import { CompressAssetsPlugin } from './compress-assets-plugin.mjs';
import { sourcePackageParts } from './source-packages.mjs';

const EMPTY_MODULE_LOADER = path.join(import.meta.dirname, 'empty-module-loader.cjs');
const MESSAGES_LOADER = path.join(import.meta.dirname, 'messages-loader.cjs');
const require = createRequire(import.meta.url);
/** Message catalogues arrive precompiled (messages-loader), so the ICU parser is left out. */
const ICU_PARSER_WITHOUT_PARSE = path.join(
  path.dirname(require.resolve('@formatjs/icu-messageformat-parser/package.json')),
  'lib/no-parser.js',
);

/**
 * @typedef {object} BaseOptions
 * @property {string} appDir      absolute folder of the app (where its package.json is)
 * @property {string} cssPrefix   prefix of every class name this app emits; keeps apps' styles apart
 * @property {'development' | 'production'} mode
 * @property {boolean} [ssr]      build for Node (prerendering): class names only, no CSS files
 * @property {'files' | 'in-js'} [css] CSS as files (the host: inlined or linked by the edge) or
 *   inside the JS (remotes: a screen then needs no request after its preloaded chunks)
 * @property {import('./source-packages.mjs').SourcePackage[]} [sourcePackages] dependencies
 *   built from their TypeScript source with feature flags (see source-packages.mjs)
 * @property {'es2020' | 'es2022'} [syntax] the JavaScript the browser build emits: ES2020 unless
 *   the app asks for ES2022 (the level tsconfig checks: native class fields, no helpers)
 * @property {number} [minifyPasses] compress passes of the minifier (its default, one, unless set)
 */

/** @param {string} argvMode */
export function resolveMode(argvMode = process.env.NODE_ENV ?? 'production') {
  return argvMode === 'development' ? 'development' : 'production';
}

/**
 * Class names are `<app>-<file>-<local>`: readable, the same in the browser and in the
 * prerender build, and never shared between apps. Remotes use `pure` mode, so every selector
 * must carry a local class: a remote cannot style `body` or another app's elements.
 *
 * @param {BaseOptions & { pureCss: boolean }} options
 */
function cssRules({ cssPrefix, ssr, pureCss, mode, css = 'files' }) {
  const extract = ssr ? [] : css === 'in-js' ? ['style-loader'] : [MiniCssExtractPlugin.loader];
  return [
    {
      test: /\.module\.css$/,
      use: [
        ...extract,
        {
          loader: 'css-loader',
          options: {
            modules: {
              mode: pureCss ? 'pure' : 'local',
              getLocalIdent: (
                /** @type {{ resourcePath: string }} */ context,
                /** @type {string} */ _localIdentName,
                /** @type {string} */ localName,
              ) => {
                const owner = context.resourcePath.includes(
                  `${path.sep}shared${path.sep}ui${path.sep}`,
                )
                  ? 'ui'
                  : cssPrefix;
                const file = path.basename(context.resourcePath, '.module.css');
                return `${owner}-${file}-${localName}`;
              },
              exportOnlyLocals: Boolean(ssr),
              namedExport: false,
              exportLocalsConvention: 'as-is',
            },
            sourceMap: mode === 'development',
          },
        },
      ],
    },
    {
      // Global CSS (design tokens, page reset). The shell and shared/ui only: see lint rules.
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: ssr ? EMPTY_MODULE_LOADER : [...extract, 'css-loader'],
    },
  ];
}

/** @param {BaseOptions & { pureCss: boolean }} options @returns {import('webpack').Configuration} */
export function baseConfig(options) {
  const { appDir, mode, ssr, sourcePackages = [], syntax, minifyPasses } = options;
  const production = mode === 'production';
  const target = ssr ? 'es2022' : (syntax ?? 'es2020');
  const fromSource = sourcePackageParts(sourcePackages, { target });
  return {
    mode,
    context: appDir,
    // An app that names its syntax gets the bundler's own runtime written at that level too.
    target: ssr ? 'node' : syntax ? ['web', syntax] : 'web',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      // Development builds (npm run dev) never overwrite the production build in dist/.
      path: path.join(appDir, ssr ? 'dist-ssr' : production ? 'dist' : 'dist-dev'),
      publicPath: 'auto',
      filename: production && !ssr ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production && !ssr ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: '[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: {
        ...fromSource.alias,
        '@formatjs/icu-messageformat-parser$': ICU_PARSER_WITHOUT_PARSE,
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target,
              },
            },
          },
        },
        ...fromSource.rules,
        {
          // docs/i18n.md: each app's catalogues, one flat JSON file per language.
          test: /[\\/]src[\\/]messages[\\/][a-z]{2,3}\.json$/,
          type: 'json',
          use: MESSAGES_LOADER,
        },
        ...cssRules(options),
        { test: /\.(svg|png|webp|woff2)$/, type: 'asset' },
      ],
    },
    optimization: {
      minimize: production && !ssr,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          ...(minifyPasses
            ? { terserOptions: { compress: { passes: minifyPasses, ecma: 2020 }, ecma: 2020 } }
            : {}),
        }),
        new CssMinimizerPlugin(),
      ],
      chunkIds: 'deterministic',
      moduleIds: 'deterministic',
    },
    plugins: ssr
      ? fromSource.plugins
      : [
          ...fromSource.plugins,
          new MiniCssExtractPlugin({
            filename: production ? '[name].[contenthash:10].css' : '[name].css',
            chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
          }),
          ...(production ? [new CompressAssetsPlugin()] : []),
        ],
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}
