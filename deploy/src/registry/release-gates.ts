import type { AppName, ArtifactStore } from '../artifacts/artifact-store';
import { checkContractGate, contractOf } from './contract-gate';
import { checkFederationRuntimeGate, federationRuntimeOf } from './federation-runtime-gate';
import type { AppRelease, RegistryApps } from './registry-log';
import { ReleaseError } from './release-error';

/** What a stored build declares that both gates read: its contract and federation runtime. */
export interface ManifestFacts {
  contract: string | number;
  runtime: string | null;
}

/** The facts of a stored build; refuses a version that is not in the artifact store. */
export async function manifestFactsOf(
  store: ArtifactStore,
  app: AppName,
  version: string,
): Promise<ManifestFacts> {
  const manifest = await store.readFile(app, version, 'mf-manifest.json');
  if (!manifest) {
    throw new ReleaseError(
      'ARTIFACT_NOT_FOUND',
      `${app} ${version} is not in the artifact store. Publish it first (npm run release -- publish ${app}).`,
    );
  }
  return { contract: contractOf(app, manifest), runtime: federationRuntimeOf(app, manifest) };
}

/**
 * Both gates over the state a change would produce. With `canariesLive`, each running canary
 * counts as live too: its browsers get it, so a new shell (or the canary itself) must serve it.
 */
export function checkReleaseGates(
  apps: RegistryApps,
  changed: AppName[],
  { canariesLive = false } = {},
): void {
  const view = canariesLive ? withCanariesLive(apps) : apps;
  checkContractGate(view, changed);
  checkFederationRuntimeGate(view, changed);
}

/** The apps as the canaries' browsers get them. */
function withCanariesLive(apps: RegistryApps): RegistryApps {
  const view: RegistryApps = { ...apps };
  for (const [app, release] of Object.entries(apps) as [AppName, AppRelease | undefined][]) {
    const canary = release?.canary;
    if (canary) {
      view[app] = {
        ...release,
        version: canary.version,
        contract: canary.contract,
        runtime: canary.runtime,
      };
    }
  }
  return view;
}
