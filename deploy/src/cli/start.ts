/**
 * `npm start`: build what is missing, publish and promote the local builds, serve the site.
 * Needs no database, accounts or internet.
 */
import path from 'node:path';
import { ArtifactStore } from '../artifacts/artifact-store';
import { ConfigError, loadEdgeConfig } from '../config';
import { createEdgeServer } from '../edge/edge-server';
import { buildMissing, localApps, publishAndPromote } from '../local-release';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function main() {
  const config = loadEdgeConfig(process.env, repoRoot);
  const apps = localApps(repoRoot);
  buildMissing(repoRoot, apps, process.argv.includes('--rebuild'));
  const state = publishAndPromote(
    new ArtifactStore(config.artifactsDir),
    config.releaseMapFile,
    apps,
  );
  const server = createEdgeServer(config);
  await server.listen({ port: config.port, host: config.host });
  const port = (server.server.address() as { port: number }).port;
  const live = Object.entries(state.releaseMap.remotes)
    .map(([name, entry]) => `${name}@${entry?.version}`)
    .join(', ');
  console.info(`shell@${state.shell?.version}; remotes: ${live || 'none'}`);
  console.info(`Crease is running at http://localhost:${port}/`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
