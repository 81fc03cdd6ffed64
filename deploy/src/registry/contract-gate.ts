import { CONTRACT_RANGE_METADATA_KEY, SHELL_CONTRACT_METADATA_KEY } from '@crease/contract';
import type { AppName } from '../artifacts/artifact-store';
import { isContractRange, satisfiesContract } from './contract-range';
import type { AppRelease, RegistryApps } from './registry-log';
import { ReleaseError } from './release-error';

/** The `metaData` of a build's mf-manifest.json (both gates read it); refuses broken JSON. */
export function manifestMetaData(app: AppName, manifest: Buffer | string): Record<string, unknown> {
  try {
    return (JSON.parse(String(manifest)) as { metaData?: Record<string, unknown> }).metaData ?? {};
  } catch {
    throw new ReleaseError('CONTRACT_MISMATCH', `${app}'s mf-manifest.json is not valid JSON.`);
  }
}

/** What a build's manifest says about the contract; refuses a build that says nothing. */
export function contractOf(app: AppName, manifest: Buffer | string): string | number {
  const metaData = manifestMetaData(app, manifest);
  if (app === 'shell') {
    const provided = metaData[SHELL_CONTRACT_METADATA_KEY];
    if (typeof provided !== 'number' || !Number.isInteger(provided) || provided < 1) {
      throw new ReleaseError(
        'CONTRACT_MISMATCH',
        `The shell build does not record the contract version it provides (metaData.${SHELL_CONTRACT_METADATA_KEY}).`,
      );
    }
    return provided;
  }
  const range = metaData[CONTRACT_RANGE_METADATA_KEY];
  if (!isContractRange(range)) {
    throw new ReleaseError(
      'CONTRACT_MISMATCH',
      `${app}'s build does not declare a valid contract range (metaData.${CONTRACT_RANGE_METADATA_KEY}, e.g. "^1"); got ${JSON.stringify(range ?? null)}.`,
    );
  }
  return range;
}

/**
 * The contract gate over the state a change would produce: a remote must support the contract
 * version the live shell provides. `changed` are the apps this change makes live; a pre-existing
 * mismatch elsewhere does not block an unrelated promote.
 */
export function checkContractGate(apps: RegistryApps, changed: AppName[]): void {
  const shell = apps.shell;
  if (!shell || typeof shell.contract !== 'number') return; // no shell live yet: nothing to break
  const provided = shell.contract;
  const broken = Object.entries(apps).filter(
    ([app, release]) =>
      app !== 'shell' &&
      release &&
      !satisfiesContract(String(release.contract ?? ''), provided) &&
      (changed.includes('shell') || changed.includes(app as AppName)),
  ) as [AppName, AppRelease][];
  if (broken.length === 0) return;
  const list = broken
    .map(([app, release]) => `${app} ${release.version} (supports ${String(release.contract)})`)
    .join(', ');
  if (changed.includes('shell')) {
    throw new ReleaseError(
      'CONTRACT_MISMATCH',
      `Refused: shell ${shell.version} provides contract ${provided}, which breaks live ${broken.length === 1 ? 'remote' : 'remotes'} ${list}. Release ${broken.length === 1 ? 'a version of that remote' : 'versions of those remotes'} that ${broken.length === 1 ? 'supports' : 'support'} contract ${provided} first, or promote them together with the shell.`,
    );
  }
  throw new ReleaseError(
    'CONTRACT_MISMATCH',
    `Refused: ${list} ${broken.length === 1 ? 'does' : 'do'} not support contract ${provided}, which the live shell ${shell.version} provides.`,
  );
}
