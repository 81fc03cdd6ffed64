import http from 'node:http';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { EdgeConfig } from '../config';
import { registerOpsEvents } from '../http/ops-events';
import { registerReleaseApi } from '../http/release-api';
import { registerSignalsAndGuard } from '../http/release-signals';
import { openRegistry } from '../registry/open-registry';
import { releaseProofSecrets } from '../signals/proof-secret';
import { isApiHost } from './handlers/api-host';
import type { ApiHandler } from './handlers/api-host';
import { registerArtifacts } from './handlers/artifacts';
import { registerIndexPage } from './handlers/index-page';
import { registerOnlyGet } from './handlers/only-get';
import { registerReleaseMap } from './handlers/release-map';
import { liveViewReader } from './live-view';
import { STRICT_TRANSPORT_SECURITY } from './security-headers';
import { RELEASE_CONSOLE_DIST, registerReleaseConsole } from '../http/release-console-site';
import { OPS_CONSOLE_DIST, registerOpsConsole } from '../http/ops-console-site';

export { isApiHost } from './handlers/api-host';
export type { ApiHandler } from './handlers/api-host';

export interface EdgeServerOptions {
  /**
   * The API service, mounted on the API host (api.<root domain>, docs/product.md §7) of this same server,
   * so `npm start` is one process and one port. Requests are dispatched by Host before the
   * edge parses anything, so the API sees the untouched request stream.
   */
  apiHandler?: ApiHandler;
}

/** Sends requests for the API host to the API before Fastify sees them. */
function apiHostFactory(apiHandler: ApiHandler) {
  return (edgeHandler: http.RequestListener) =>
    http.createServer((request, response) =>
      isApiHost(request.headers.host)
        ? apiHandler(request, response)
        : edgeHandler(request, response),
    );
}

/**
 * The edge server `npm start` runs (docs/architecture.md §6): index.html with the release map
 * inlined (no-cache), versioned artifacts (immutable), and the release map itself (no-cache,
 * ETag). In production nginx + a CDN play this role with the same headers. One module per
 * handler in ./handlers.
 */
export function createEdgeServer(
  config: EdgeConfig,
  options: EdgeServerOptions = {},
): FastifyInstance {
  const { apiHandler } = options;
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    // The viewer's own address behind a load balancer: a release proof names its network.
    trustProxy: config.trustProxy,
    ...(apiHandler ? { serverFactory: apiHostFactory(apiHandler) } : {}),
  });
  // Cookies read and set through one parser/serializer (the canary seed, decision 140).
  app.register(cookie);
  const liveView = liveViewReader(config.releaseMapFile);

  // Every answer of a production edge (pages, maps, artifacts, ops events, errors) pins https.
  if (config.release.production)
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    });

  app.get('/healthz', async () => ({ ok: true }));

  // The shell's last-known-good fallback reports (POST /_ops/remote-fallback), counted in the registry.
  // Both count only what a release proof this edge signed says the browser was served.
  const proofSecrets = releaseProofSecrets(config.release);
  const registry = openRegistry(config.release);
  registerOpsEvents(app, registry, proofSecrets, { viewerTokens: config.release.viewerTokens });
  // Real-user signals (POST /_ops/signals) and the canary guard that judges by them.
  registerSignalsAndGuard(app, registry, config.release, proofSecrets);
  // npm start has the release API on the site itself; production runs it as its own service.
  if (!config.release.production) {
    registerReleaseApi(app, registry, config.release);
    // The release console (decision 135) goes where the release API is: its own path, its own CSP.
    registerReleaseConsole(app, RELEASE_CONSOLE_DIST);
  }
  // The staff console (issue 33 §6, decision 399): an app of its own at /ops/, on every edge.
  registerOpsConsole(app, OPS_CONSOLE_DIST, { apiOrigin: config.apiOrigin });
  registerOnlyGet(app);
  registerReleaseMap(app, liveView, proofSecrets);
  registerArtifacts(app, config.artifactsDir);
  registerIndexPage(app, config, liveView, proofSecrets);
  return app;
}
