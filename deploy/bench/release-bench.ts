/**
 * `npm run bench:release`: how fast a rollback reaches viewers, and how big the release map is.
 *
 * Publishes the real shell and mf-legal builds (two mf-legal versions) into a temp data dir,
 * starts the edge server as `npm start` does (its own process), then N times: roll back (or
 * promote forward again) through the registry, exactly as `npm run release -- rollback` does,
 * and poll GET /release-map.json until the new version is served. Also times the CLI itself as a
 * child process for a few runs (that includes Node + tsx start-up).
 * Every response is checked (the map: 200 with a version for mf-legal; the page: 200); over any
 * other the bench prints no figure and exits non-zero (decision 180). `-- --quick`: 5 + 1 runs.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTE_NAMES } from '@crease/contract';
import { ResponseCheck, benchSetting, failBench, printFigures } from '@crease/test-utils/bench-kit';
import { loadReleaseConfig } from '../src/config';
import { openRegistry } from '../src/registry/open-registry';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const RUNS = benchSetting('RUNS', 50, 5);
const CLI_RUNS = benchSetting('CLI_RUNS', 5, 1);
const check = new ResponseCheck();
/** The release map a browser fetches: a 200 whose mf-legal entry has a version. */
const MAP_EXPECTED = { status: 200, body: (body: string) => body.includes('"mf-legal"') };
const PORT = Number(process.env.BENCH_PORT ?? 4793);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

for (const app of ['shell', 'mf-legal']) {
  if (!fs.existsSync(path.join(repoRoot, app, 'dist', 'mf-manifest.json'))) {
    execFileSync('npm', ['run', 'build', '--silent', '-w', app], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-release-bench-'));
const env = { ...process.env, CREASE_DATA_DIR: dataDir, CREASE_ACTOR: 'bench' };
const registry = openRegistry(loadReleaseConfig(env, repoRoot));
const who = { actor: 'bench' };

// Two mf-legal versions: the real build, and the same build with one extra file.
const shell = await registry.publish('shell', path.join(repoRoot, 'shell', 'dist'), '1.0.0', who);
const legalA = await registry.publish(
  'mf-legal',
  path.join(repoRoot, 'mf-legal', 'dist'),
  '1.0.0',
  who,
);
const variant = path.join(dataDir, 'legal-variant');
fs.cpSync(path.join(repoRoot, 'mf-legal', 'dist'), variant, { recursive: true });
fs.writeFileSync(path.join(variant, 'bench.txt'), 'variant');
const legalB = await registry.publish('mf-legal', variant, '1.0.0', who);
await registry.promote({ shell: shell.version, 'mf-legal': legalA.version }, who);
await registry.promote({ 'mf-legal': legalB.version }, who);
// A rollback goes to the last-known-good; the bench cannot wait out the minimum live time, so
// the release manager vouches for the first version, as `release mark-good` does.
await registry.markGood('mf-legal', legalA.version, {
  actor: 'bench',
  reason: 'bench: the version every rollback returns to',
});

const edge = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'serve.ts')],
  {
    cwd: repoRoot,
    env: { ...env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: 'ignore',
  },
);
const origin = `http://127.0.0.1:${PORT}`;
try {
  for (let started = Date.now(); ;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() - started > 30_000) throw new Error('edge did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const servedVersion = async () => {
    const response = await fetch(`${origin}/release-map.json`);
    const body = await check.require('GET /release-map.json', response, MAP_EXPECTED);
    return (JSON.parse(body) as { remotes: Record<string, { version: string }> }).remotes[
      'mf-legal'
    ]?.version;
  };
  const waitFor = async (version: string, since: number) => {
    while ((await servedVersion()) !== version) {
      if (performance.now() - since > 10_000) throw new Error(`${version} never served`);
    }
    return performance.now() - since;
  };

  // In-process: the registry call the CLI makes, then the first GET that serves the new map.
  const commitTimes: number[] = [];
  const servedTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const live = registry.liveState().releaseMap.remotes['mf-legal']!.version;
    const target = live === legalB.version ? legalA.version : legalB.version;
    const start = performance.now();
    if (live === legalB.version)
      await registry.rollback('mf-legal', null, { actor: 'bench', reason: 'bench' });
    else await registry.promote({ 'mf-legal': target }, who);
    commitTimes.push(performance.now() - start);
    servedTimes.push(await waitFor(target, start));
  }

  // The CLI as a release manager runs it: a child process, until the edge serves the result.
  const cliTimes: number[] = [];
  for (let i = 0; i < CLI_RUNS; i += 1) {
    const live = registry.liveState().releaseMap.remotes['mf-legal']!.version;
    const target = live === legalB.version ? legalA.version : legalB.version;
    const args =
      live === legalB.version ? ['rollback', 'mf-legal'] : ['promote', 'mf-legal', target];
    const start = performance.now();
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'release.ts'), ...args],
      {
        cwd: repoRoot,
        env,
        stdio: 'ignore',
      },
    );
    cliTimes.push(await waitFor(target, start));
  }

  const map = await fetch(`${origin}/release-map.json`);
  const body = Buffer.from(await check.require('GET /release-map.json', map, MAP_EXPECTED));
  const html = await check.require('GET /privacy-policy', await fetch(`${origin}/privacy-policy`), {
    status: 200,
  });
  const inlined = html.includes(legalA.version) || html.includes(legalB.version);
  const lines: string[] = [];
  lines.push(
    `release bench: ${RUNS} registry rollbacks/promotes, ${CLI_RUNS} CLI runs (${os.cpus().length} cores)`,
  );
  lines.push(
    `  registry commit (rollback/promote call):     median ${ms(median(commitTimes))}, p95 ${ms(p95(commitTimes))}`,
  );
  lines.push(
    `  command -> new map served by the edge:       median ${ms(median(servedTimes))}, p95 ${ms(p95(servedTimes))}`,
  );
  lines.push(
    `  CLI process (node+tsx) -> new map served:    median ${ms(median(cliTimes))}, p95 ${ms(p95(cliTimes))}`,
  );
  lines.push(
    `  release map (1 remote live): ${body.length} B raw, ${zlib.gzipSync(body).length} B gzip`,
  );
  // The biggest map the product can have: all five remotes live, each with a last-known-good.
  const full = JSON.stringify({
    schemaVersion: 1,
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [
        name,
        {
          version: legalA.version,
          manifestUrl: `/apps/${name}/${legalA.version}/mf-manifest.json`,
          lastKnownGoodManifestUrl: `/apps/${name}/${legalB.version}/mf-manifest.json`,
        },
      ]),
    ),
  });
  lines.push(
    `  release map (5 remotes + last-known-good): ${Buffer.byteLength(full)} B raw, ${zlib.gzipSync(full).length} B gzip`,
  );
  lines.push(
    `  map inlined in the route's HTML (no request for it on page load): ${inlined ? 'yes' : 'NO'}`,
  );
  printFigures(check, lines);
} catch (error) {
  failBench(error);
} finally {
  edge.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
