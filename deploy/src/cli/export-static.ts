/**
 * `npm run export:static -- --out /srv/crease/site [--asset-origin https://cdn.crease.tv]`:
 * writes the static tier nginx serves (deploy/nginx) for what is live now. Run it after every
 * promote or rollback. Configuration: the edge's environment (CREASE_DATA_DIR, …).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadEdgeConfig } from '../config';
import { exportStaticSite } from '../static-site/export-static-site';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

const USAGE = 'Usage: export-static --out <dir> [--asset-origin <origin>]';

function readArgs() {
  try {
    return parseArgs({
      options: { out: { type: 'string' }, 'asset-origin': { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n${USAGE}`);
  }
}

try {
  const { out, 'asset-origin': assetOriginFlag } = readArgs();
  if (!out) throw new ConfigError(USAGE);
  const config = loadEdgeConfig(process.env, repoRoot, { staticExport: true });
  const assetOrigin = assetOriginFlag ?? config.release.assetOrigin;
  if (assetOrigin && !/^https?:\/\/[^\s/]+$/.test(assetOrigin))
    throw new ConfigError(
      `--asset-origin must look like https://cdn.example.com, got "${assetOrigin}"`,
    );
  const result = exportStaticSite({
    config,
    outDir: path.resolve(out),
    assetOrigin: assetOrigin ?? null,
  });
  console.info(
    `exported shell ${result.shellVersion}: ${result.pages.length} pages, release map ETag ${result.releaseMapEtag}`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
