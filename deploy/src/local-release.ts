import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APP_NAMES } from './artifacts/artifact-store';
import type { AppName, ArtifactStore } from './artifacts/artifact-store';
import { promote } from './registry/release-map-file';
import type { LiveState } from './registry/release-map-file';

export interface LocalApp {
  name: AppName;
  dir: string;
  packageVersion: string;
}

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
 * `npm start` runs the production machinery locally: publish each build as an immutable
 * versioned artifact, then promote those versions into the live release map.
 */
export function publishAndPromote(
  store: ArtifactStore,
  releaseMapFile: string,
  apps: LocalApp[],
  buildFolder: 'dist' | 'dist-dev' = 'dist',
): LiveState {
  const versions: Partial<Record<AppName, string>> = {};
  for (const app of apps) {
    versions[app.name] = store.publish(
      app.name,
      path.join(app.dir, buildFolder),
      app.packageVersion,
    );
  }
  return promote(releaseMapFile, versions);
}
