import fs from 'node:fs';
import path from 'node:path';
import { isRemoteName } from '@crease/contract';
import type { EdgeConfig } from '../config';
import { releaseMapBody } from '../edge/release-map-etag';
import { remotePreloads } from '../edge/remote-preload';
import { renderIndex } from '../edge/render-index';
import { readShellArtifact } from '../edge/shell-artifact';
import { readLiveState } from '../registry/release-map-file';

/**
 * Stands where a per-request CSP nonce goes. nginx replaces it with `$request_id` (128 random
 * bits per request) via sub_filter and sends the same value in the CSP header, so the static
 * tier keeps the edge's nonce-based CSP without any per-request code.
 */
export const NONCE_PLACEHOLDER = '__CREASE_CSP_NONCE__';

export interface StaticExportOptions {
  /** The edge's configuration: data directory (live map, artifacts) and the shell's config. */
  config: EdgeConfig;
  /**
   * nginx's root for the site host: a symlink to the newest export in `<outDir>.exports/`,
   * swapped in one rename so nginx never serves half an export.
   */
  outDir: string;
  /** Origin that serves /apps/ (the CDN); the shell's own files load from there too. */
  assetOrigin: string | null;
}

export interface StaticExportResult {
  shellVersion: string;
  pages: string[];
  releaseMapEtag: string;
}

/** nginx's own ETag for a static file: `"<mtime in hex>-<size in hex>"`. */
export function nginxEtag(mtimeSeconds: number, size: number): string {
  return `"${mtimeSeconds.toString(16)}-${size.toString(16)}"`;
}

function pageFile(outDir: string, routePath: string): string {
  return routePath === '/'
    ? path.join(outDir, 'index.html')
    : path.join(outDir, ...routePath.split('/').filter(Boolean), 'index.html');
}

/**
 * Writes the static tier for what is live: one HTML page per route (the edge's exact output,
 * release map inlined, the route's remote preloaded, `/` prerendered), a 404 page, and
 * /release-map.json, whose nginx ETag is inlined so an open tab's first check is a 304.
 * Run after every promote or rollback (the pages carry the map); artifacts are not copied:
 * the CDN host serves them from the artifact store.
 */
export function exportStaticSite({
  config,
  outDir,
  assetOrigin,
}: StaticExportOptions): StaticExportResult {
  const state = readLiveState(config.releaseMapFile);
  if (!state.shell) throw new Error('No shell release is live: promote one before exporting.');
  const shellVersion = state.shell.version;
  const shell = readShellArtifact(
    path.join(config.artifactsDir, 'shell', shellVersion),
    shellVersion,
  );

  if (fs.existsSync(outDir) && !fs.lstatSync(outDir).isSymbolicLink())
    throw new Error(`${outDir} exists and is not a symlink to an export; move it away first.`);
  const exportsDir = `${outDir}.exports`;
  const staging = path.join(exportsDir, `${Date.now()}-${process.pid}`);
  fs.mkdirSync(staging, { recursive: true });

  // The map first: its mtime and size make the ETag nginx will send for it.
  const mapFile = path.join(staging, 'release-map.json');
  fs.writeFileSync(mapFile, releaseMapBody(state.releaseMap));
  const mtime = Math.floor(Date.now() / 1000);
  fs.utimesSync(mapFile, mtime, mtime);
  const releaseMapEtag = nginxEtag(mtime, fs.statSync(mapFile).size);

  const render = (pathname: string) => {
    const route = shell.routes.find((r) => r.path === pathname);
    const entry =
      route && isRemoteName(route.owner) ? state.releaseMap.remotes[route.owner] : undefined;
    const preloads =
      route && entry
        ? remotePreloads(
            path.join(config.artifactsDir, route.owner, entry.version, 'mf-manifest.json'),
            entry.manifestUrl,
          )
        : [];
    return renderIndex({
      shell,
      shellBase: `${assetOrigin ?? ''}/apps/shell/${shellVersion}/`,
      pathname,
      nonce: NONCE_PLACEHOLDER,
      config: {
        productName: config.productName,
        apiOrigin: config.apiOrigin,
        oauthClientId: config.oauthClientId,
        oauthClientSecret: config.oauthClientSecret,
        botCheck: { provider: config.botCheckProvider, siteKey: config.recaptchaSiteKey },
        features: {},
        // The static tier is production: never developer overrides.
        remoteOverrides: false,
      },
      releaseMap: state.releaseMap,
      releaseMapEtag,
      // nginx cannot sign per browser: static pages carry no proof, so what their viewers
      // report is dropped and counted as unsigned (decision 158).
      releaseProof: null,
      preloads,
    });
  };

  const pages: string[] = [];
  for (const route of shell.routes) {
    const file = pageFile(staging, route.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, render(route.path));
    pages.push(path.relative(staging, file));
  }
  // Not a route: the shell renders its "not found" page inside the chrome.
  fs.writeFileSync(path.join(staging, '404.html'), render('/404'));
  pages.push('404.html');

  const link = `${outDir}.link-${process.pid}`;
  fs.rmSync(link, { force: true });
  fs.symlinkSync(staging, link, 'dir');
  fs.renameSync(link, outDir);
  // Keep the previous export for requests still in flight; older ones go.
  const stale = fs.readdirSync(exportsDir).sort().slice(0, -2);
  for (const name of stale)
    fs.rmSync(path.join(exportsDir, name), { recursive: true, force: true });
  return { shellVersion, pages, releaseMapEtag };
}
