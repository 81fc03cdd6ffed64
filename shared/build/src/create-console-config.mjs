import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import { baseConfig } from './base-config.mjs';

/**
 * The page every console is served as: no inline script or style (its CSP is 'self' plus, for
 * the staff console, the API origin), a dark theme colour and a dot favicon, not indexed.
 */
const consolePage = (title) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="#07140f" />
    <link
      rel="icon"
      href="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 16 16%27%3E%3Ccircle cx=%278%27 cy=%278%27 r=%277%27 fill=%27%23c8f547%27/%3E%3C/svg%3E"
    />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A console's webpack config (the release console, decision 135; the staff console, decision
 * 399): a plain React app on the shared base config, no Module Federation, never a remote. Its
 * assets are content-hashed under `publicPath`, and its page is `consolePage(title)`.
 */
export function createConsoleConfig({
  appDir,
  mode,
  name,
  entryName,
  publicPath,
  cssPrefix,
  title,
}) {
  const base = baseConfig({ appDir, mode, cssPrefix, pureCss: false });
  return {
    ...base,
    name,
    entry: { [entryName]: './src/index.tsx' },
    output: { ...base.output, publicPath, uniqueName: name.replace(/-/g, '_') },
    plugins: [
      ...(base.plugins ?? []),
      new HtmlWebpackPlugin({
        templateContent: consolePage(title),
        scriptLoading: 'defer',
        minify: false,
      }),
    ],
  };
}

/** Builds a console with webpack (`--development` for a development build), and says how long. */
export function buildConsole(makeConfig, label) {
  const mode = process.argv.includes('--development') ? 'development' : 'production';
  const started = Date.now();
  webpack(makeConfig({ mode }), (error, stats) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const info = stats?.toString({ preset: 'errors-warnings' }) ?? '';
    if (info.trim()) console.info(info);
    if (!stats || stats.hasErrors()) process.exit(1);
    console.info(`built ${label} (${mode}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
