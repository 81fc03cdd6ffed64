/**
 * The release API on its own (production: a small internal service next to the registry, never
 * on the public site, except /_ops/remote-fallback which nginx proxies to it). RELEASE_API_PORT (default 8090), HOST, and the release configuration
 * (CREASE_DATA_DIR, CREASE_RELEASE_TOKENS, …). `npm start` mounts the same routes on the edge.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadReleaseConfig } from '../config';
import { registerOpsEvents } from '../http/ops-events';
import { releaseProofSecrets } from '../signals/proof-secret';
import { registerSignalsAndGuard } from '../http/release-signals';
import { openRegistry } from '../registry/open-registry';
import { registerReleaseApi } from '../http/release-api';
import { RELEASE_CONSOLE_DIST, registerReleaseConsole } from '../http/release-console-site';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

try {
  const config = loadReleaseConfig(process.env, repoRoot, { service: true });
  const port = Number(process.env.RELEASE_API_PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(
      `RELEASE_API_PORT must be a port number, got "${process.env.RELEASE_API_PORT}"`,
    );
  }
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  app.get('/healthz', async () => ({ ok: true }));
  // The release console (decision 135), for release managers on this internal service.
  registerReleaseConsole(app, RELEASE_CONSOLE_DIST);
  const registry = openRegistry(config);
  registerReleaseApi(app, registry, config);
  // Production nginx proxies the site's /_ops/ here, so fallback reports reach the registry.
  // They count only with a release proof the edge signed with the same key (decision 156).
  const proofSecrets = releaseProofSecrets(config);
  registerOpsEvents(app, registry, proofSecrets, { viewerTokens: config.viewerTokens });
  // Real-user signals (POST /_ops/signals) and the canary guard that judges by them.
  registerSignalsAndGuard(app, registry, config, proofSecrets);
  await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
