/**
 * `npm run export:static -- --out /srv/crease/site [--asset-origin https://cdn.crease.tv]`:
 * writes the static tier nginx serves (deploy/nginx) for what is live now. Run it after every
 * promote or rollback. Configuration: the edge's environment (CREASE_DATA_DIR, …).
 */
import path from 'node:path';
import { ConfigError, loadEdgeConfig } from '../config';
import { exportStaticSite } from '../static-site/export-static-site';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

try {
  const out = flag('out');
  if (!out) throw new ConfigError('Usage: export-static --out <dir> [--asset-origin <origin>]');
  const config = loadEdgeConfig(process.env, repoRoot);
  const assetOrigin = flag('asset-origin') ?? config.release.assetOrigin;
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
