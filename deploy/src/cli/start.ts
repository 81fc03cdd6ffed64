/**
 * `npm start`: build what is missing, publish and promote the local builds, serve the site.
 * Needs no database, accounts or internet.
 */
import { ArtifactStore } from '../artifacts/artifact-store';
import { buildMissing, localApps, publishAndPromote } from '../local-release';
import { repoRoot, runEdge } from './run-edge';

runEdge((config) => {
  const apps = localApps(repoRoot);
  buildMissing(repoRoot, apps, process.argv.includes('--rebuild'));
  const state = publishAndPromote(
    new ArtifactStore(config.artifactsDir),
    config.releaseMapFile,
    apps,
  );
  const live = Object.entries(state.releaseMap.remotes)
    .map(([name, entry]) => `${name}@${entry?.version}`)
    .join(', ');
  return `shell@${state.shell?.version}; remotes: ${live || 'none'}`;
}, 'Crease is running');
