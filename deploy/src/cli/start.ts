/**
 * `npm start`: build what is missing, publish and promote the local builds, serve the site.
 * Needs no database, accounts or internet.
 */
import { parseArgs } from 'node:util';
import { ensureStreamMedia, loadApiConfig } from 'api';
import {
  buildMissing,
  buildReleaseConsoleIfMissing,
  localApps,
  publishAndPromote,
} from '../registry/local-release';
import { openRegistry } from '../registry/open-registry';
import { repoRoot, runEdge } from './run-edge';

// RTMP ingest for a real encoder on the usual port (decision 416), unless set otherwise.
process.env.CREASE_INGEST_RTMP_PORT ??= '1935';

runEdge(async (config) => {
  const { rebuild = false } = parseArgs({ options: { rebuild: { type: 'boolean' } } }).values;
  const apps = localApps(repoRoot);
  buildMissing(repoRoot, apps, rebuild);
  buildReleaseConsoleIfMissing(repoRoot, rebuild);
  // The live origin's test card is rendered once and cached (decision 110); never at run time.
  await ensureStreamMedia(loadApiConfig(process.env, repoRoot).streams.mediaCacheDir, console.info);
  const { state } = await publishAndPromote(openRegistry(config.release), apps);
  const live = Object.entries(state.releaseMap.remotes)
    .map(([name, entry]) => `${name}@${entry?.version}`)
    .join(', ');
  return `shell@${state.shell?.version}; remotes: ${live || 'none'}`;
}, 'Crease is running');
