import type { FastifyInstance } from 'fastify';
import type { ReleaseConfig } from '../config';
import { CanaryGuard } from '../registry/canary-guard';
import type { ReleaseRegistry } from '../registry/release-registry';
import { registerSignals } from './signals-ingest';

/**
 * Where signals arrive, the canary guard runs (decisions 131, 141): `POST /_ops/signals` counts
 * them, and each flush of new counts (plus a check every 2 s, for counts other replicas wrote)
 * asks the guard to judge the running canaries. Every replica runs both; the registry's
 * optimistic commit records one rollback.
 */
export function registerSignalsAndGuard(
  app: FastifyInstance,
  registry: ReleaseRegistry,
  config: ReleaseConfig,
  proofSecrets: readonly string[],
): void {
  const guard = new CanaryGuard(registry, {
    onRollback: (remote, rollback) => app.log.warn({ remote, rollback }, 'canary rolled back'),
    onError: (error) => app.log.warn({ err: error }, 'canary guard check failed'),
  }).start();
  registerSignals(app, registry, {
    proofSecrets,
    viewerTokens: config.viewerTokens,
    perMinute: config.signalsPerMinute,
    retentionHours: config.signalsRetentionHours,
    onFlush: () => void guard.poke(),
  });
  app.addHook('onClose', async () => guard.stop());
}
