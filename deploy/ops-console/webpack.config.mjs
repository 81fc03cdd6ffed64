import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { baseConfig } from '@crease/build';

/**
 * The staff console (decision 399): a plain React app like the release console, no Module
 * Federation, never a remote. Assets are content-hashed under /ops/ (served immutable); the page
 * has no inline script or style, so its CSP is 'self' plus the API origin.
 */
export default ({ mode = 'production' } = {}) => {
  const appDir = import.meta.dirname;
  const base = baseConfig({ appDir, mode, cssPrefix: 'ops', pureCss: false });
  return {
    ...base,
    name: 'ops-console',
    entry: { ops: './src/index.tsx' },
    output: { ...base.output, publicPath: '/ops/', uniqueName: 'ops_console' },
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
