import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deriveApiOrigin, isRemoteName } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';
import type { EdgeConfig } from '../config';
import { readLiveState } from '../registry/release-map-file';
import { openRegistry } from '../release/open-registry';
import { registerOpsEvents } from '../release/ops-events';
import { registerReleaseApi } from '../release/release-api';
import type { LiveState } from '../registry/release-map-file';
import { releaseMapBody, releaseMapEtag } from './release-map-etag';
import { remotePreloads } from './remote-preload';
import type { Preload } from './remote-preload';
import { renderIndex } from './render-index';
import { findRouteEntry, readShellArtifact } from './shell-artifact';
import type { ShellArtifact } from './shell-artifact';
import { resolveStaticFile } from './static-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function errorBody(code: string, message: string) {
  return { code, userId: null, message, timeStamp: new Date().toISOString() };
}

/** The live state plus what every request derives from it, computed once per state. */
interface LiveView {
  state: LiveState;
  /** The /release-map.json body and its ETag (also inlined into index.html). */
  mapBody: string;
  mapEtag: string;
  /** Remote origins the CSP must allow. */
  remoteOrigins: string[];
}

/**
 * Re-reads the live state only when the file changed, so a promote shows on the next page load;
 * in between, requests share one parsed state, map body, ETag and origin list.
 */
function liveViewReader(file: string) {
  let cached: { version: string; view: LiveView } | null = null;
  return (): LiveView => {
    // Every registry commit renames a new file into place: a new inode even within one mtime tick.
    let version = 'none';
    try {
      const stat = fs.statSync(file);
      version = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      // no map yet: nothing is live
    }
    if (!cached || cached.version !== version) {
      const state = readLiveState(file);
      const view = {
        state,
        mapBody: releaseMapBody(state.releaseMap),
        mapEtag: releaseMapEtag(state.releaseMap),
        remoteOrigins: remoteOrigins(state.releaseMap),
      };
      cached = { version, view };
    }
    return cached.view;
  };
}

/** Origins of remotes served from another host (a CDN): the CSP must allow their scripts. */
function remoteOrigins(map: ReleaseMap): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(map.remotes)) {
    for (const url of [entry?.manifestUrl, entry?.lastKnownGoodManifestUrl]) {
      if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
    }
  }
  return [...origins];
}

/** The page's own origin as the browser sees it (Host header), for the SPEC §7 API origin rule. */
function pageLocation(host: string, protocol: string) {
  const url = new URL(`${protocol}://${host || 'localhost'}`);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port };
}

function securityHeaders(
  reply: FastifyReply,
  nonce: string | null,
  config: EdgeConfig,
  api: string,
  remotes: string[],
) {
  const extra = remotes.length ? ` ${remotes.join(' ')}` : '';
  const recaptcha =
    config.botCheckProvider === 'recaptcha'
      ? ' https://www.google.com https://www.gstatic.com'
      : '';
  // Developer overrides load a remote from the developer's own machine (never in production).
  const local = config.remoteOverrides ? ' http://localhost:* http://127.0.0.1:*' : '';
  const scriptSrc = `'self'${nonce ? ` 'nonce-${nonce}'` : ''}${extra}${local}${recaptcha}`;
  reply.header(
    'content-security-policy',
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      `style-src 'self' 'unsafe-inline'${extra}${local}`,
      `connect-src 'self' ${api}${extra}${local}${recaptcha}`,
      // League logos come from the API host (the catalog's public, immutable logo files).
      `img-src 'self' data: ${api}`,
      // The player (issue 12): hls.js feeds the video through Media Source Extensions (blob:
      // URLs); a browser's native HLS loads the stream edge, by default the API host, directly.
      `media-src 'self' blob: ${api}`,
      `frame-src 'self'${recaptcha}`,
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ].join('; '),
  );
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
}

/** Handles a raw request for the API host in the same process (see EdgeServerOptions.apiHandler). */
export type ApiHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface EdgeServerOptions {
  /**
   * The API service, mounted on the API host (api.<root domain>, SPEC §7) of this same server,
   * so `npm start` is one process and one port. Requests are dispatched by Host before the
   * edge parses anything, so the API sees the untouched request stream.
   */
  apiHandler?: ApiHandler;
}

/** True when the request is for the API host, api.<root domain> (SPEC §7). */
export function isApiHost(host: string | undefined): boolean {
  return String(host ?? '').startsWith('api.');
}

/**
 * The edge server `npm start` runs (ARCHITECTURE §6): index.html with the release map
 * inlined (no-cache), versioned artifacts (immutable), and the release map itself (no-cache,
 * ETag). In production nginx + a CDN play this role with the same headers.
 */
export function createEdgeServer(
  config: EdgeConfig,
  options: EdgeServerOptions = {},
): FastifyInstance {
  const { apiHandler } = options;
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    ...(apiHandler
      ? {
          serverFactory: (edgeHandler: http.RequestListener) =>
            http.createServer((request, response) =>
              isApiHost(request.headers.host)
                ? apiHandler(request, response)
                : edgeHandler(request, response),
            ),
        }
      : {}),
  });
  const liveView = liveViewReader(config.releaseMapFile);
  const shells = new Map<string, ShellArtifact>();

  const shellArtifact = (version: string) => {
    let artifact = shells.get(version);
    if (!artifact) {
      artifact = readShellArtifact(path.join(config.artifactsDir, 'shell', version), version);
      shells.set(version, artifact);
    }
    return artifact;
  };

  // Artifacts are immutable, so a version's manifest (and its preload list) never changes: read
  // it once, not on every page. A manifest not there yet (nothing read) is not remembered.
  const preloads = new Map<string, Preload[]>();
  const preloadsOf = (manifestFile: string, manifestUrl: string) => {
    const key = `${manifestFile}\n${manifestUrl}`;
    let found = preloads.get(key);
    if (!found) {
      found = remotePreloads(manifestFile, manifestUrl);
      if (found.length > 0) preloads.set(key, found);
    }
    return found;
  };

  app.get('/healthz', async () => ({ ok: true }));

  // The shell's last-known-good fallback reports (POST /_ops/remote-fallback), counted in the registry.
  const registry = openRegistry(config.release);
  registerOpsEvents(app, registry);
  // npm start has the release API on the site itself; production runs it as its own service.
  if (!config.release.production) {
    registerReleaseApi(app, registry, config.release);
  }

  /**
   * The API host (api.<root domain>) reaches this server too. Without an API handler (the edge
   * run alone) it answers every call with a clear 503 in the spec's error shape, with CORS.
   */
  const apiNotYet = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin) {
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-credentials', 'true')
        .header('vary', 'origin');
    }
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header(
          'access-control-allow-headers',
          String(request.headers['access-control-request-headers'] ?? ''),
        )
        .send();
    }
    return reply
      .code(503)
      .send(errorBody('API_UNAVAILABLE', 'The Crease API is not running on this server.'));
  };
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: (request, reply) => {
      if (isApiHost(request.headers.host)) return apiNotYet(request, reply);
      return reply
        .code(405)
        .send(errorBody('METHOD_NOT_ALLOWED', 'The site only serves GET requests.'));
    },
  });

  app.get('/release-map.json', async (request, reply) => {
    const { mapBody: body, mapEtag: etag } = liveView();
    reply
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/apps/:app/:version/*', async (request, reply) => {
    const {
      app: appName,
      version,
      '*': file,
    } = request.params as { app: string; version: string; '*': string };
    const root = path.join(config.artifactsDir, appName, version);
    const notFound = () =>
      reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody('ASSET_NOT_FOUND', 'No such asset.'));
    if (!/^[\w.-]+$/.test(appName) || !/^[\w.+-]+$/.test(version) || !fs.existsSync(root))
      return notFound();
    const found = resolveStaticFile(root, file, String(request.headers['accept-encoding'] ?? ''));
    if (!found) return notFound();
    reply
      .header('cache-control', IMMUTABLE)
      .header('access-control-allow-origin', '*')
      .header('vary', 'accept-encoding')
      .header('x-content-type-options', 'nosniff')
      .type(found.contentType);
    if (found.encoding) reply.header('content-encoding', found.encoding);
    return reply.send(found.body);
  });

  app.get('/*', async (request, reply) => {
    const host = String(request.headers.host ?? '');
    if (isApiHost(host)) return apiNotYet(request, reply);
    const url = new URL(request.url, 'http://edge.invalid');
    const live = liveView();
    const { state } = live;
    if (!state.shell) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Crease</title><h1>No shell release is live yet.</h1>');
    }
    const shell = shellArtifact(state.shell.version);
    const route = findRouteEntry(shell.routes, url.pathname);
    const entry =
      route && isRemoteName(route.owner) ? state.releaseMap.remotes[route.owner] : undefined;
    const preloads = entry
      ? preloadsOf(
          path.join(config.artifactsDir, route!.owner, entry.version, 'mf-manifest.json'),
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
      releaseMap: state.releaseMap,
      releaseMapEtag: live.mapEtag,
      preloads,
    });
    securityHeaders(reply, nonce, config, apiOrigin, live.remoteOrigins);
    reply
      .code(route ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const accept = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accept)) {
      reply.header('content-encoding', 'br');
      return reply.send(
        zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      );
    }
    if (/\bgzip\b/.test(accept)) {
      reply.header('content-encoding', 'gzip');
      return reply.send(zlib.gzipSync(html));
    }
    return reply.send(html);
  });

  return app;
}
