import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APP_NAMES } from '../artifacts/artifact-store';
import type { AppName } from '../artifacts/artifact-store';
import type { LiveState } from './release-map-file';
import type { ReleaseRegistry } from './release-registry';
import type { CommitResult } from './release-types';

export interface LocalApp {
  name: AppName;
  dir: string;
  packageVersion: string;
}

/** Who local releases are recorded as in the history. */
export const LOCAL_ACTOR = 'npm start';

/** Apps that exist in this checkout (a remote folder without a package.json is not built yet). */
export function localApps(repoRoot: string): LocalApp[] {
  return APP_NAMES.flatMap((name) => {
    const dir = path.join(repoRoot, name);
    const pkg = path.join(dir, 'package.json');
    if (!fs.existsSync(pkg) || !fs.existsSync(path.join(dir, 'webpack.config.mjs'))) return [];
    const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string };
    return [{ name, dir, packageVersion: version }];
  });
}

/** Builds the apps whose dist/ is missing (or all, with `force`). */
export function buildMissing(repoRoot: string, apps: LocalApp[], force = false): void {
  for (const app of apps) {
    const built = fs.existsSync(path.join(app.dir, 'dist', 'mf-manifest.json'));
    if (built && !force) continue;
    console.info(`building ${app.name}…`);
    execFileSync('npm', ['run', 'build', '--silent', '-w', app.name], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  }
}

/**
 * The release console (decision 135) is not a release artifact: it is part of deploy itself,
 * built by `npm run build -w deploy` when its build is missing (or on --rebuild).
 */
export function buildReleaseConsoleIfMissing(repoRoot: string, force = false): void {
  const built = fs.existsSync(path.join(repoRoot, 'deploy', 'console', 'dist', 'index.html'));
  if (built && !force) return;
  console.info('building the release console…');
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'deploy'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

/**
 * `npm start` runs the production machinery locally: publish each build as an immutable
 * versioned artifact, then promote those versions in one revision of the release registry,
 * through the contract gate. Versions already live are left alone, so a restart adds nothing
 * to the history.
 */
export async function publishAndPromote(
  registry: ReleaseRegistry,
  apps: LocalApp[],
  buildFolder: 'dist' | 'dist-dev' = 'dist',
  actor = LOCAL_ACTOR,
): Promise<{ state: LiveState; result: CommitResult }> {
  registry.syncLiveMap();
  const versions: Partial<Record<AppName, string>> = {};
  for (const app of apps) {
    const published = await registry.publish(
      app.name,
      path.join(app.dir, buildFolder),
      app.packageVersion,
      { actor },
    );
    versions[app.name] = published.version;
  }
  const result = await registry.promote(versions, {
    actor,
    reason: buildFolder === 'dist' ? 'local production builds' : 'local development build',
  });
  return { state: registry.liveState(), result };
}
