import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { deriveApiOrigin, isRemoteName } from '@crease/contract';
import type { EdgeConfig } from '../../config';
import { browserVariant } from '../live-view';
import type { LiveViewReader } from '../live-view';
import { remotePreloads } from '../remote-preload';
import type { Preload } from '../remote-preload';
import { releaseProofFor } from '../release-proof-for';
import { renderIndex } from '../render-index';
import { securityHeaders } from '../security-headers';
import { findRouteEntry, readShellArtifact } from '../shell-artifact';
import type { ShellArtifact } from '../shell-artifact';
import { apiNotRunning, isApiHost } from './api-host';

/** The page's own origin as the browser sees it (Host header), for the docs/product.md §7 API origin rule. */
function pageLocation(host: string, protocol: string) {
  const url = new URL(`${protocol}://${host || 'localhost'}`);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port };
}

/** A shell version's artifact, read once: artifacts are immutable. */
function shellArtifacts(artifactsDir: string) {
  const shells = new Map<string, ShellArtifact>();
  return (version: string) => {
    let artifact = shells.get(version);
    if (!artifact) {
      artifact = readShellArtifact(path.join(artifactsDir, 'shell', version), version);
      shells.set(version, artifact);
    }
    return artifact;
  };
}

/**
 * Artifacts are immutable, so a version's manifest (and its preload list) never changes: read
 * it once, not on every page. A manifest not there yet (nothing read) is not remembered.
 */
function preloadReader() {
  const preloads = new Map<string, Preload[]>();
  return (manifestFile: string, manifestUrl: string) => {
    const key = `${manifestFile}\n${manifestUrl}`;
    let found = preloads.get(key);
    if (!found) {
      found = remotePreloads(manifestFile, manifestUrl);
      if (found.length > 0) preloads.set(key, found);
    }
    return found;
  };
}

/** index.html is made per request (nonce), so it is compressed per request, quickly. */
function sendCompressed(reply: FastifyReply, acceptEncoding: string, html: string) {
  if (/\bbr\b/.test(acceptEncoding)) {
    reply.header('content-encoding', 'br');
    return reply.send(
      zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    );
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(zlib.gzipSync(html));
  }
  return reply.send(html);
}

/**
 * GET every other path: index.html of the live shell with the release map and config inlined,
 * the route's remote preloaded, a fresh CSP nonce; no-cache. 404 (still the shell, which shows
 * the not-found page) for a path no route owns; 503 while no shell is live.
 */
export function registerIndexPage(
  app: FastifyInstance,
  config: EdgeConfig,
  liveView: LiveViewReader,
  proofSecrets: readonly string[],
): void {
  const shellArtifact = shellArtifacts(config.artifactsDir);
  const preloadsOf = preloadReader();
  app.get('/*', async (request, reply) => {
    const host = String(request.headers.host ?? '');
    if (isApiHost(host)) return apiNotRunning(request, reply);
    const url = new URL(request.url, 'http://edge.invalid');
    const live = liveView();
    const { state } = live;
    const served = browserVariant(live, request, reply);
    const { variant } = served;
    if (!state.shell) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Crease</title><h1>No shell release is live yet.</h1>');
    }
    const shell = shellArtifact(state.shell.version);
    const route = findRouteEntry(shell.routes, url.pathname);
    const owner = route && isRemoteName(route.owner) ? route.owner : null;
    const entry = owner ? variant.releaseMap.remotes[owner] : undefined;
    const preloads =
      owner && entry
        ? preloadsOf(
            path.join(config.artifactsDir, owner, entry.version, 'mf-manifest.json'),
            entry.manifestUrl,
          )
        : [];
    const nonce = crypto.randomBytes(16).toString('base64');
    const apiOrigin = config.apiOrigin ?? deriveApiOrigin(pageLocation(host, request.protocol));
    const html = renderIndex({
      shell,
      shellBase: `/apps/shell/${shell.version}/`,
      pathname: url.pathname,
      nonce,
      config: {
        productName: config.productName,
        apiOrigin,
        oauthClientId: config.oauthClientId,
        oauthClientSecret: config.oauthClientSecret,
        botCheck: { provider: config.botCheckProvider, siteKey: config.recaptchaSiteKey },
        features: {},
        remoteOverrides: config.remoteOverrides,
      },
      releaseMap: variant.releaseMap,
      releaseMapEtag: variant.mapEtag,
      releaseProof: releaseProofFor(proofSecrets, request, live, served),
      preloads,
    });
    securityHeaders(reply, nonce, config, apiOrigin, live.remoteOrigins);
    reply
      .code(route ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', live.state.canaries ? 'accept-encoding, cookie' : 'accept-encoding')
      .type('text/html; charset=utf-8');
    return sendCompressed(reply, String(request.headers['accept-encoding'] ?? ''), html);
  });
}
