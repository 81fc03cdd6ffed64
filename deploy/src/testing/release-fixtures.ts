import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_RANGE_METADATA_KEY, SHELL_CONTRACT_METADATA_KEY } from '@crease/contract';
import { FsArtifactStore } from '../artifacts/artifact-store';
import type { AppName } from '../artifacts/artifact-store';
import { ReleaseError } from '../registry/release-error';
import { ReleaseRegistry } from '../registry/release-registry';
import type { RegistryOptions } from '../registry/release-types';

/**
 * For tests: a small but real build folder in the layout the factory produces, with the
 * contract metadata in mf-manifest.json (a range for a remote, a version for the shell).
 * `contract: null` leaves the metadata out. `content` changes the content hash. `extra` adds
 * metadata (the federation runtime a build provides or needs).
 */
export function writeBuild(
  dir: string,
  app: AppName,
  contract: string | number | null,
  content = 'one',
  extra: Record<string, unknown> = {},
): string {
  fs.mkdirSync(dir, { recursive: true });
  const metaData: Record<string, unknown> = { name: app, ...extra };
  if (contract !== null) {
    metaData[app === 'shell' ? SHELL_CONTRACT_METADATA_KEY : CONTRACT_RANGE_METADATA_KEY] =
      contract;
  }
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ id: app, name: app, metaData, exposes: [] }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${app} ${content} */`);
  fs.mkdirSync(path.join(dir, 'nested'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'nested', 'chunk.js'), `/* chunk ${content} */`);
  return dir;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A registry over a fresh temp data dir with the filesystem artifact store. `options` sets the
 * last-known-good minimum live time and the clock (default: 0 and the real clock).
 */
export function tempRegistry(
  dataDir = tempDir('crease-registry-'),
  options: Pick<RegistryOptions, 'minLiveMs' | 'now' | 'signals' | 'canaryPolicy'> = {},
) {
  const registry = new ReleaseRegistry({
    registryDir: path.join(dataDir, 'registry'),
    store: new FsArtifactStore(path.join(dataDir, 'artifacts')),
    liveMapFile: path.join(dataDir, 'release-map.json'),
    assetOrigin: null,
    ...options,
  });
  /** Builds and publishes `app` (contract, content, extra metadata) and returns its version. */
  const publish = async (
    app: AppName,
    contract: string | number | null,
    content = 'one',
    extra: Record<string, unknown> = {},
  ): Promise<string> => {
    const dir = writeBuild(
      path.join(dataDir, 'builds', `${app}-${content}`),
      app,
      contract,
      content,
      extra,
    );
    return (await registry.publish(app, dir, '1.0.0', { actor: 'test' })).version;
  };
  return { registry, dataDir, publish };
}

/** The ReleaseError a promise rejects with (fails the test if it resolves or throws another). */
export async function rejection(promise: Promise<unknown>): Promise<ReleaseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReleaseError) return error;
    throw error;
  }
  throw new Error('expected a ReleaseError');
}
