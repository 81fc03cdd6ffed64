import path from 'node:path';
import {
  ConfigError as ApiConfigError,
  devAdminNote,
  ensureDevelopmentAdmin,
  loadApiConfig,
  mountApi,
} from 'api';
import { ConfigError, loadEdgeConfig } from '../config';
import type { EdgeConfig } from '../config';
import { createEdgeServer } from '../edge/edge-server';
import { RELEASE_CONSOLE_PATH } from '../http/release-console-site';
import { withLocalConsoleToken } from '../registry/local-console-token';
import { ReleaseError } from '../registry/release-error';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export interface RunEdgeOptions {
  /**
   * Mount the API on the API host (api.localhost) of this same server and port, as `npm start`
   * does. Off for an edge that only serves what is live (`serve.ts`): the API has one process per
   * database, and a second process on the same embedded PGlite folder would corrupt it.
   */
  withApi: boolean;
}

/**
 * Both configurations, validated before anything runs (no build, no publish), so one message
 * lists every problem of the edge and of the API it mounts (decision 175).
 */
function loadConfigs(withApi: boolean) {
  const problems: string[] = [];
  const attempt = <T>(load: () => T): T | null => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof ConfigError || error instanceof ApiConfigError)) throw error;
      problems.push(error.message);
      return null;
    }
  };
  const edge = attempt(() => loadEdgeConfig(process.env, repoRoot));
  const api = withApi ? attempt(() => loadApiConfig(process.env, repoRoot)) : null;
  if (!edge || problems.length > 0) throw new ConfigError(problems.join('\n'));
  return { edge, api };
}

/**
 * The shared life of the edge CLIs: validate config, run `prepare` (build/publish/promote or
 * nothing), listen, print the URL, stop cleanly on SIGINT/SIGTERM, exit 1 with a clear message.
 */
export function runEdge(
  prepare: (config: EdgeConfig) => string | void | Promise<string | void>,
  banner: string,
  { withApi }: RunEdgeOptions = { withApi: true },
): void {
  const main = async () => {
    const { edge: loaded, api: apiConfig } = loadConfigs(withApi);
    // Without CREASE_RELEASE_TOKENS, npm start makes one token for the release console.
    const { config: release, local } = withLocalConsoleToken(loaded.release);
    const config = { ...loaded, release };
    const summary = await prepare(config);
    const api = apiConfig ? await mountApi(apiConfig) : null;
    // The development admin of the staff API, made once under the data dir (decision 433).
    const devAdmin = api ? await ensureDevelopmentAdmin(api) : null;
    const server = createEdgeServer(config, api ? { apiHandler: api.handler } : {});
    if (api) server.addHook('onClose', () => api.close());
    await server.listen({ port: config.port, host: config.host });
    const port = (server.server.address() as { port: number }).port;
    if (summary) console.info(summary);
    const apiNote = api ? ` (API: http://api.localhost:${port}/docs)` : '';
    console.info(`${banner} at http://localhost:${port}/${apiNote}`);
    if (!config.release.production) {
      const signIn = local
        ? `token in ${local.file}, actor ${local.token.name}`
        : 'sign in with a CREASE_RELEASE_TOKENS token';
      console.info(`Release console: http://localhost:${port}${RELEASE_CONSOLE_PATH} (${signIn})`);
      if (devAdmin) console.info(devAdminNote(devAdmin));
    }
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  };
  main().catch((error: unknown) => {
    console.error(
      error instanceof ConfigError ||
        error instanceof ReleaseError ||
        error instanceof ApiConfigError
        ? `${error.message}`
        : error,
    );
    process.exit(1);
  });
}
