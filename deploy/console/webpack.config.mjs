import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { baseConfig } from '@crease/build';

/**
 * The release console (decision 135): a plain React app, no Module Federation, never a remote.
 * Assets are content-hashed under /release-console/ (served immutable); the page has no inline
 * script or style, so its CSP is 'self' only.
 */
export default ({ mode = 'production' } = {}) => {
  const appDir = import.meta.dirname;
  const base = baseConfig({ appDir, mode, cssPrefix: 'console', pureCss: false });
  return {
    ...base,
    name: 'release-console',
    entry: { console: './src/index.tsx' },
    output: { ...base.output, publicPath: '/release-console/', uniqueName: 'release_console' },
    plugins: [
      ...(base.plugins ?? []),
      new HtmlWebpackPlugin({
        template: path.join(appDir, 'src', 'index.html'),
        scriptLoading: 'defer',
        minify: false,
      }),
    ],
  };
};
