import path from 'node:path';
import { ConfigError as ApiConfigError, loadApiConfig, mountApi } from 'api';
import { ConfigError, loadEdgeConfig } from '../config';
import type { EdgeConfig } from '../config';
import { createEdgeServer } from '../edge/edge-server';
import { ReleaseError } from '../release/release-error';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The shared life of the edge CLIs: validate config, run `prepare` (build/publish/promote or
 * nothing), listen, print the URL, stop cleanly on SIGINT/SIGTERM, exit 1 with a clear message.
 */
export function runEdge(
  prepare: (config: EdgeConfig) => string | void | Promise<string | void>,
  banner: string,
): void {
  const main = async () => {
    const config = loadEdgeConfig(process.env, repoRoot);
    const summary = await prepare(config);
    // The API answers on the API host (api.localhost) of this same server and port.
    const api = await mountApi(loadApiConfig(process.env, repoRoot));
    const server = createEdgeServer(config, { apiHandler: api.handler });
    server.addHook('onClose', () => api.close());
    await server.listen({ port: config.port, host: config.host });
    const port = (server.server.address() as { port: number }).port;
    if (summary) console.info(summary);
    console.info(`${banner} at http://localhost:${port}/ (API: http://api.localhost:${port}/docs)`);
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
