import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APP_NAMES, isAppName, isReleaseVersion } from '@crease/contract';
import type { AppName } from '@crease/contract';

export { APP_NAMES, isAppName };
export type { AppName };

/** Hash of every file in a build, in a stable order: the same build always gets the same version. */
export function contentHash(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of buildFiles(dir)) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 10);
}

/** Every file of a build, relative to it, sorted (POSIX separators: they become URL/key paths). */
export function buildFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const name of fs.readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else files.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return files;
}

/** The version a build publishes as: `<package.json version>-<content hash>`. */
export function versionOf(buildDir: string, packageVersion: string): string {
  if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
    throw new ArtifactMissingError(`${buildDir} has no mf-manifest.json: build it first`);
  }
  const version = `${packageVersion}-${contentHash(buildDir)}`;
  if (!isReleaseVersion(version)) throw new Error(`invalid version "${version}"`);
  return version;
}

export class ArtifactMissingError extends Error {
  override readonly name = 'ArtifactMissingError';
}

export interface PublishedArtifact {
  app: AppName;
  version: string;
  /** False when this exact build was already in the store (publishing is idempotent). */
  created: boolean;
}

/**
 * Where immutable, versioned builds live: `<app>/<version>/…`. A version is written once and
 * never changed, so everything under it is cached forever. `mf-manifest.json` is written last:
 * a version "exists" only once its manifest does.
 */
export interface ArtifactStore {
  readonly description: string;
  publish(app: AppName, buildDir: string, packageVersion: string): Promise<PublishedArtifact>;
  has(app: AppName, version: string): Promise<boolean>;
  /** One file of a published version, or null when it is not there. */
  readFile(app: AppName, version: string, file: string): Promise<Buffer | null>;
}

/** The default: a folder on the local filesystem, `<root>/<app>/<version>/`. */
export class FsArtifactStore implements ArtifactStore {
  constructor(readonly root: string) {}

  get description(): string {
    return `filesystem ${this.root}`;
  }

  dir(app: AppName, version: string): string {
    if (!isReleaseVersion(version)) throw new Error(`invalid version "${version}"`);
    return path.join(this.root, app, version);
  }

  async has(app: AppName, version: string): Promise<boolean> {
    return (
      isReleaseVersion(version) &&
      fs.existsSync(path.join(this.dir(app, version), 'mf-manifest.json'))
    );
  }

  async readFile(app: AppName, version: string, file: string): Promise<Buffer | null> {
    if (!isReleaseVersion(version)) return null;
    const root = this.dir(app, version);
    const full = path.resolve(root, file);
    if (!full.startsWith(root + path.sep)) return null;
    try {
      return await fs.promises.readFile(full);
    } catch {
      return null;
    }
  }

  /** Copies a build into the store as `<package version>-<content hash>`; a no-op if present. */
  async publish(
    app: AppName,
    buildDir: string,
    packageVersion: string,
  ): Promise<PublishedArtifact> {
    const version = versionOf(buildDir, packageVersion);
    if (await this.has(app, version)) return { app, version, created: false };
    const target = this.dir(app, version);
    const staging = `${target}.staging-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(buildDir, staging, { recursive: true });
    try {
      fs.renameSync(staging, target); // atomic: readers never see a half-copied version
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      // Someone published the same build at the same moment: same content, same version.
      if (await this.has(app, version)) return { app, version, created: false };
      throw error;
    }
    return { app, version, created: true };
  }
}
