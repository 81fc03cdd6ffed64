import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { APP_NAMES } from '../artifacts/artifact-store';
import type { AppName } from '../artifacts/artifact-store';
import type { ReleaseConfig } from '../config';
import { contractOf } from '../registry/contract-gate';
import { readDroppedFallbacks, readFallbackCounts } from '../registry/fallback-counter';
import { openArtifactStore } from '../registry/open-registry';
import { errorBody } from '../registry/release-error';
import type { ReleaseRegistry } from '../registry/release-registry';
import { RELEASE_API_PREFIX } from './release-api-paths';
import { readCanarySeries } from '../signals/signal-series';
import { readDroppedSignals, readSignalTotals } from '../signals/signal-store';
import type { CanarySeries, PublishedArtifact, ReleaseHealth } from './release-console-types';

/** The console's reads: one app, or every app (the registry checks the name, as for history). */
const appQuery = Type.Object({
  app: Type.Optional(
    Type.String({ description: 'shell, mf-auth, mf-billing, mf-catalog, mf-player, mf-legal' }),
  ),
});

const seriesQuery = Type.Object({
  app: Type.String({ description: 'mf-auth, mf-billing, mf-catalog, mf-player, mf-legal' }),
});

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface ConsoleApiOptions {
  /** The release API's read guard (token checks, no-store), shared with status and history. */
  read: { onRequest: Guard };
  actorOf: (request: FastifyRequest) => string;
}

/**
 * The release console's reads (decision 135): who the token names (always needs a token, even
 * where anonymous reads are allowed: a console session starts only with a valid token), the
 * per-version health (real-user signals + fallback counts), and the published versions per app
 * (from the history's publish entries, newest first, with the contract each build declares),
 * and a canary's minutes against stable (decision 196).
 */
export function registerReleaseConsoleApi(
  scope: FastifyInstance,
  registry: ReleaseRegistry,
  config: ReleaseConfig,
  { read, actorOf }: ConsoleApiOptions,
): void {
  const typed = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['release console'];
  const store = openArtifactStore(config);
  const contracts = new Map<string, string | number | null>();
  // Artifacts are immutable: a version's contract is read from its manifest once.
  const contractFor = async (app: AppName, version: string) => {
    const key = `${app}@${version}`;
    if (!contracts.has(key)) {
      const manifest = await store.readFile(app, version, 'mf-manifest.json').catch(() => null);
      contracts.set(key, manifest ? contractOf(app, manifest) : null);
    }
    return contracts.get(key) ?? null;
  };

  typed.get(
    `${RELEASE_API_PREFIX}/whoami`,
    {
      ...read,
      schema: { tags, summary: 'The actor the bearer token names (a token is required)' },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor !== 'anonymous') return { actor };
      reply.header('www-authenticate', 'Bearer realm="crease-release"');
      return reply
        .code(401)
        .send(
          errorBody(
            'RELEASE_TOKEN_REQUIRED',
            'The release console needs a release token: Authorization: Bearer <token>.',
          ),
        );
    },
  );

  typed.get(
    `${RELEASE_API_PREFIX}/health`,
    {
      ...read,
      schema: {
        tags,
        summary: 'Real-user signals and fallback counts per version',
        querystring: appQuery,
      },
    },
    async (request): Promise<ReleaseHealth> => {
      const { app } = request.query;
      const versions = readSignalTotals(config.registryDir, {
        remote: app,
        retentionHours: config.signalsRetentionHours,
      });
      const fallbacks = readFallbackCounts(config.registryDir, config.quorum).filter(
        (count) => !app || count.remote === app,
      );
      const dropped = readDroppedSignals(config.registryDir, {
        retentionHours: config.signalsRetentionHours,
      });
      const droppedFallbacks = readDroppedFallbacks(config.registryDir);
      return { signalsAvailable: true, versions, fallbacks, dropped, droppedFallbacks };
    },
  );

  typed.get(
    `${RELEASE_API_PREFIX}/artifacts`,
    {
      ...read,
      schema: {
        tags,
        summary: 'The published versions per app, newest first',
        querystring: appQuery,
      },
    },
    async (request) => {
      const { app } = request.query;
      const apps = APP_NAMES.filter((name) => !app || name === app);
      const published = registry.history(app).filter((entry) => entry.action === 'publish');
      const artifacts: Record<string, PublishedArtifact[]> = {};
      for (const name of apps) {
        const entries = published.filter((entry) => entry.app === name);
        artifacts[name] = await Promise.all(
          entries.map(async (entry) => ({
            version: entry.to,
            contract: await contractFor(name, entry.to),
            publishedAt: entry.at,
            publishedBy: entry.actor,
          })),
        );
      }
      return { artifacts };
    },
  );

  typed.get(
    `${RELEASE_API_PREFIX}/canary-series`,
    {
      ...read,
      schema: {
        tags,
        summary: "A canary against stable per minute (running, or the app's most recent)",
        querystring: seriesQuery,
      },
    },
    async (request): Promise<CanarySeries> => {
      const { app } = request.query;
      const canary = canaryToChart(registry, app);
      if (!canary) return { app, canary: null, minutes: [] };
      const minutes = readCanarySeries(config.registryDir, {
        remote: app,
        canaryVersion: canary.version,
        stableVersion: canary.stable,
        since: new Date(canary.since),
        until: canary.until ? new Date(canary.until) : null,
        retentionHours: config.signalsRetentionHours,
      });
      return { app, canary, minutes };
    },
  );
}

/**
 * The canary a chart shows: the one running, else the most recent one in the history, which
 * ended at the app's next change (its promote or rollback). Checks the app name (a 400 names
 * the valid ones).
 */
function canaryToChart(registry: ReleaseRegistry, app: string): CanarySeries['canary'] {
  const entries = registry.history(app);
  const live = registry.log.head()?.apps[app as AppName];
  if (live?.canary) {
    const { version, since } = live.canary;
    return { version, stable: live.version, since, until: null, running: true };
  }
  const started = entries.findIndex((entry) => entry.action === 'canary');
  const start = entries[started];
  if (!start || start.from === null) return null;
  const ended = entries
    .slice(0, started)
    .findLast((entry) => entry.action !== 'publish' && entry.action !== 'mark-good');
  return {
    version: start.to,
    stable: start.from,
    since: start.at,
    until: ended?.at ?? start.at,
    running: false,
  };
}
