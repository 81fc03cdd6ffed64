// Builds the staff console into deploy/ops-console/dist (npm run build -w deploy).
import webpack from 'webpack';
import makeConfig from './webpack.config.mjs';

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
  console.info(`built staff console (${mode}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
