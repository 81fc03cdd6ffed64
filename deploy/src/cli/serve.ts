/**
 * Serves what is live (the release map in CREASE_DATA_DIR) without building or promoting.
 * Used for a second host in tests (a remote on its own origin) and by operators.
 */
import path from 'node:path';
import { ConfigError, loadEdgeConfig } from '../config';
import { createEdgeServer } from '../edge/edge-server';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function main() {
  const config = loadEdgeConfig(process.env, repoRoot);
  const server = createEdgeServer(config);
  await server.listen({ port: config.port, host: config.host });
  const port = (server.server.address() as { port: number }).port;
  console.info(`Crease edge is serving at http://localhost:${port}/`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
