#!/usr/bin/env node
// Builds the app in the current folder with its webpack.config.mjs (which calls our factory).
// Usage: crease-build [--mode development] [--watch]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import webpack from 'webpack';

const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'production' },
    watch: { type: 'boolean', default: false },
  },
});
const { mode = 'production', watch = false } = values;
const appDir = process.cwd();
const name = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8')).name;

const { default: makeConfig } = await import(
  pathToFileURL(path.join(appDir, 'webpack.config.mjs')).href
);
const config = await makeConfig({ mode });
let started = Date.now();

/** Runs the prerender bundle (if this app has one) and writes its pages into dist/. */
function prerender() {
  const bundle = path.join(appDir, 'dist-ssr', 'prerender.cjs');
  if (!fs.existsSync(bundle)) return;
  const browserOutput = (Array.isArray(config) ? config[0] : config).output.path;
  execFileSync(process.execPath, [bundle, browserOutput], { stdio: 'inherit' });
}

/** @param {Error | null | undefined} error @param {import('webpack').MultiStats | import('webpack').Stats | undefined} stats */
function report(error, stats) {
  if (error) {
    console.error(error);
    return false;
  }
  if (!stats) return false;
  const info = stats.toString({ colors: process.stdout.isTTY, preset: 'errors-warnings' });
  if (info.trim()) console.info(info);
  if (stats.hasErrors()) return false;
  prerender();
  console.info(`built ${name} (${mode}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * A long build (`npm run build` runs every app in turn) says which app it is on and how far it
 * got: one line when it starts and one at each quarter, never a line per module.
 */
function progress() {
  let quarter = 0;
  return new webpack.ProgressPlugin((fraction, message) => {
    const reached = Math.floor(fraction * 4);
    if (reached <= quarter || reached >= 4) return;
    quarter = reached;
    console.info(
      `  ${name}: ${reached * 25}% (${message}) at ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
}

if (!watch) {
  console.info(`building ${name} (${mode})…`);
  for (const one of Array.isArray(config) ? config : [config]) {
    one.plugins = [...(one.plugins ?? []), progress()];
  }
}
const compiler = webpack(config);
compiler.hooks.invalid.tap('crease-build', () => {
  started = Date.now();
});
if (watch) {
  compiler.watch({ aggregateTimeout: 200 }, (error, stats) => report(error, stats));
} else {
  compiler.run((error, stats) => {
    const ok = report(error, stats);
    compiler.close(() => process.exit(ok ? 0 : 1));
  });
}
