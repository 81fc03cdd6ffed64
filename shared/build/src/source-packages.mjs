// @ts-check
import path from 'node:path';
import webpack from 'webpack';

/**
 * A dependency built from the TypeScript source it ships, instead of its prebuilt dist, so that
 * its own compile-time feature flags can leave out what the app never uses (hls.js: decision
 * 330). Its import resolves to `entry`; its source is compiled like ours, with the class-field
 * semantics the package was written for.
 *
 * @typedef {object} SourcePackage
 * @property {string} request      the bare import it answers, e.g. "hls.js"
 * @property {string} entry        absolute path of the source module that import resolves to
 * @property {string} sourceDir    absolute folder of its TypeScript source
 * @property {Record<string, string | number | boolean>} constants  compile-time constants
 *   (DefinePlugin), as plain values: they are JSON-encoded here
 * @property {string[]} [omit]     source modules left out, as absolute paths without extension
 *   (the form the package imports them in); each resolves to `emptyModule`
 * @property {string} [emptyModule] what an omitted module becomes (the package's own shim)
 */

/**
 * The loader rule, resolve aliases and plugin that build `packages` from source.
 *
 * @param {SourcePackage[]} packages
 * @param {{ target: string }} options  swc's target for the browser build
 * @returns {{ rules: import('webpack').RuleSetRule[], alias: Record<string, string>,
 *   plugins: import('webpack').WebpackPluginInstance[] }}
 */
export function sourcePackageParts(packages, { target }) {
  if (!packages.length) return { rules: [], alias: {}, plugins: [] };
  /** @type {Record<string, string>} */
  const alias = {};
  /** @type {Record<string, string>} */
  const definitions = {};
  for (const pkg of packages) {
    // `$`: only the bare import; a deep import (hls.js/dist/…) still gets the file it names.
    alias[`${pkg.request}$`] = pkg.entry;
    for (const omitted of pkg.omit ?? []) {
      if (!pkg.emptyModule) throw new Error(`${pkg.request}: omit needs an emptyModule`);
      if (!path.isAbsolute(omitted))
        throw new Error(`${pkg.request}: omit ${omitted} not absolute`);
      alias[omitted] = pkg.emptyModule;
    }
    for (const [name, value] of Object.entries(pkg.constants)) {
      definitions[name] = JSON.stringify(value);
    }
  }
  return {
    rules: [
      {
        test: /\.ts$/,
        include: packages.map((pkg) => pkg.sourceDir),
        use: {
          loader: 'swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript' },
              // Library sources are written for TypeScript's assignment semantics: a declared,
              // uninitialised field must not reset what a base constructor already set.
              transform: { useDefineForClassFields: false },
              target,
            },
          },
        },
      },
    ],
    alias,
    plugins: [new webpack.DefinePlugin(definitions)],
  };
}
