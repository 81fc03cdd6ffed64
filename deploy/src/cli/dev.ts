/**
 * `npm run dev [-- mf-legal shell]`: the named apps (default: all) rebuild on every change in
 * development mode, and each successful build is published and promoted, exactly as a release
 * would be. Reload the page to get it; the other apps stay as they are.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { buildMissing, localApps, publishAndPromote } from '../registry/local-release';
import { openRegistry } from '../registry/open-registry';
import { repoRoot, runEdge } from './run-edge';

const children: ReturnType<typeof spawn>[] = [];
// Each watcher runs in its own process group, so stopping dev stops npm and webpack under it.
process.on('exit', () =>
  children.forEach((child) => {
    try {
      if (child.pid) process.kill(-child.pid);
    } catch {
      // already gone
    }
  }),
);

runEdge(async (config) => {
  const all = localApps(repoRoot);
  const requested = parseArgs({ allowPositionals: true }).positionals;
  const unknown = requested.filter((name) => !all.some((app) => app.name === name));
  if (unknown.length)
    throw new Error(
      `unknown app(s): ${unknown.join(', ')}; known: ${all.map((a) => a.name).join(', ')}`,
    );
  const watched = requested.length ? all.filter((app) => requested.includes(app.name)) : all;
  const registry = openRegistry(config.release);
  let releasing: Promise<unknown> = Promise.resolve();
  buildMissing(repoRoot, all);
  await publishAndPromote(registry, all);
  for (const app of watched) {
    const child = spawn('npm', ['run', 'build:dev', '--silent', '-w', app.name, '--', '--watch'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    children.push(child);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      console.info(`[${app.name}] ${line}`);
      if (!line.startsWith('built ')) return;
      // One release at a time: two watchers finishing together would otherwise conflict.
      releasing = releasing
        .then(() => publishAndPromote(registry, [app], 'dist-dev'))
        .then(
          ({ state }) => {
            const version =
              app.name === 'shell'
                ? state.shell?.version
                : state.releaseMap.remotes[app.name]?.version;
            console.info(`[${app.name}] live as ${version}; reload the page`);
          },
          (error: unknown) =>
            console.error(`[${app.name}] not promoted: ${(error as Error).message ?? error}`),
        );
    });
  }
  return `watching ${watched.map((app) => app.name).join(', ')}`;
}, 'Crease (dev) is running');
