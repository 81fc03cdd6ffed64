import fs from 'node:fs';
import path from 'node:path';
import { ArtifactMissingError } from '../artifacts/artifact-store';
import type { AppName } from '../artifacts/artifact-store';
import { contractOf } from './contract-gate';
import { federationRuntimeOf } from './federation-runtime-gate';
import { ReleaseError } from './release-error';
import { manifestFactsOf } from './release-gates';
import { checkApp, checkContext, checkVersion } from './release-input';
import type { PublishResult, RegistryDoor, ReleaseContext } from './release-types';

/** Puts a build into the artifact store and records it in the history (when it is new). */
export async function publishBuild(
  registry: RegistryDoor,
  appName: string,
  buildDir: string,
  packageVersion: string,
  context: ReleaseContext,
): Promise<PublishResult> {
  const app = checkApp(appName);
  checkContext(context);
  const manifestFile = path.join(buildDir, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new ReleaseError(
      'ARTIFACT_NOT_FOUND',
      `${buildDir} has no mf-manifest.json: build ${app} first (npm run build -w ${app}).`,
    );
  }
  const manifest = fs.readFileSync(manifestFile);
  const contract = contractOf(app, manifest);
  federationRuntimeOf(app, manifest); // refuses a malformed runtime declaration now, not at promote
  let published;
  try {
    published = await registry.store.publish(app, buildDir, packageVersion);
  } catch (error) {
    if (error instanceof ArtifactMissingError)
      throw new ReleaseError('ARTIFACT_NOT_FOUND', error.message);
    throw error;
  }
  const revision = published.created
    ? await record(registry, app, published.version, context)
    : (registry.log.head()?.revision ?? 0);
  return { app, version: published.version, created: published.created, contract, revision };
}

/**
 * Records a version already uploaded to the store (CI uploading straight to the bucket, the
 * HTTP API). Idempotent: a version already in the history is not recorded twice.
 */
export async function registerUploaded(
  registry: RegistryDoor,
  appName: string,
  version: unknown,
  context: ReleaseContext,
): Promise<PublishResult> {
  const app = checkApp(appName);
  const checked = checkVersion(app, version);
  const { contract } = await manifestFactsOf(registry.store, app, checked);
  const known = registry.history(app).some((entry) => entry.to === checked);
  const revision = known
    ? (registry.log.head()?.revision ?? 0)
    : await record(registry, app, checked, context);
  return { app, version: checked, created: !known, contract, revision };
}

/** A publish changes nothing live, so a lost race is simply retried: it cannot lose an update. */
async function record(
  registry: RegistryDoor,
  app: AppName,
  version: string,
  context: ReleaseContext,
): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await registry.commit({ ...context, ifRevision: undefined }, async (apps) => ({
        action: 'publish',
        changes: [{ app, from: null, to: version }],
        apps,
      }));
      return result.revision;
    } catch (error) {
      if (!(error instanceof ReleaseError && error.code === 'RELEASE_CONFLICT') || attempt >= 20)
        throw error;
    }
  }
}
