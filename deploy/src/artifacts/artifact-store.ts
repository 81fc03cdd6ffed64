import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, isReleaseVersion } from '@crease/contract';

export const APP_NAMES = ['shell', ...REMOTE_NAMES] as const;
export type AppName = (typeof APP_NAMES)[number];

/** Hash of every file in a build, in a stable order: the same build always gets the same version. */
export function contentHash(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (current: string) => {
    for (const name of fs.readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else {
        hash.update(path.relative(dir, full));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 10);
}

/**
 * Immutable artifacts on the local filesystem: <root>/<app>/<version>/. Published once,
 * never changed, so the edge can cache them forever.
 */
export class ArtifactStore {
  constructor(readonly root: string) {}

  dir(app: AppName, version: string): string {
    if (!isReleaseVersion(version)) throw new Error(`invalid version "${version}"`);
    return path.join(this.root, app, version);
  }

  has(app: AppName, version: string): boolean {
    return fs.existsSync(path.join(this.dir(app, version), 'mf-manifest.json'));
  }

  /** Copies a build into the store as `<package version>-<content hash>`; a no-op if present. */
  publish(app: AppName, buildDir: string, packageVersion: string): string {
    if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
      throw new Error(`${buildDir} has no mf-manifest.json: build ${app} first`);
    }
    const version = `${packageVersion}-${contentHash(buildDir)}`;
    if (this.has(app, version)) return version;
    const target = this.dir(app, version);
    const staging = `${target}.staging-${process.pid}-${Date.now()}`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(buildDir, staging, { recursive: true });
    fs.renameSync(staging, target); // atomic: readers never see a half-copied version
    return version;
  }
}
