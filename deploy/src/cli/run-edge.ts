import path from 'node:path';
import { ConfigError, loadEdgeConfig } from '../config';
import type { EdgeConfig } from '../config';
import { createEdgeServer } from '../edge/edge-server';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The shared life of the edge CLIs: validate config, run `prepare` (build/publish/promote or
 * nothing), listen, print the URL, stop cleanly on SIGINT/SIGTERM, exit 1 with a clear message.
 */
export function runEdge(prepare: (config: EdgeConfig) => string | void, banner: string): void {
  const main = async () => {
    const config = loadEdgeConfig(process.env, repoRoot);
    const summary = prepare(config);
    const server = createEdgeServer(config);
    await server.listen({ port: config.port, host: config.host });
    const port = (server.server.address() as { port: number }).port;
    if (summary) console.info(summary);
    console.info(`${banner} at http://localhost:${port}/`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  };
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
