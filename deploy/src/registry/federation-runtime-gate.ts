import { REMOTE_RUNTIME_METADATA_KEY, SHELL_RUNTIME_METADATA_KEY } from '@crease/contract';
import type { AppName } from '../artifacts/artifact-store';
import type { AppRelease, RegistryApps } from './registry-log';
import { manifestMetaData } from './contract-gate';
import { ReleaseError } from './release-error';

/**
 * The Module Federation runtime half of the gate (decision 084). Remotes built by the factory
 * leave the runtime core out of remoteEntry.js and use the one the shell provides, so a remote
 * that needs the host's runtime must never go live beside a shell that does not provide it, or
 * provides an older one than the remote was built against. Each build says so in the metadata
 * of its mf-manifest.json; a build that says nothing brings its own runtime (builds made before
 * the change) and works with any shell.
 */

const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/;

/** `major.minor.patch` → numbers; null when it is not a release version. */
function parts(version: string): [number, number, number] | null {
  const match = VERSION.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * A remote built against runtime `needed` works with the provided runtime when the major
 * versions are equal (the bundler runtime in remoteEntry.js calls the core's API) and the
 * provided one is not older (a remote may use what its version added).
 */
export function runtimeSatisfies(needed: string, provided: string): boolean {
  const n = parts(needed);
  const p = parts(provided);
  if (!n || !p || n[0] !== p[0]) return false;
  return p[1] !== n[1] ? p[1] > n[1] : p[2] >= n[2];
}

/** What a build's manifest metadata says about the runtime; refuses a malformed value. */
export function runtimeOf(app: AppName, metaData: Record<string, unknown>): string | null {
  const key = app === 'shell' ? SHELL_RUNTIME_METADATA_KEY : REMOTE_RUNTIME_METADATA_KEY;
  const value = metaData[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !parts(value)) {
    throw new ReleaseError(
      'CONTRACT_MISMATCH',
      `${app}'s build has an invalid metaData.${key} (a version such as "2.9.2"); got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

/**
 * Over the state a change would produce, like the contract gate: a live remote that needs the
 * host's runtime needs a live shell that provides a compatible one. `changed` are the apps the
 * change makes live; a mismatch elsewhere does not block an unrelated promote.
 */
export function checkFederationRuntimeGate(apps: RegistryApps, changed: AppName[]): void {
  const shell = apps.shell;
  if (!shell) return; // no shell live yet: nothing to break
  const provided = shell.runtime ?? null;
  const broken = Object.entries(apps).filter(
    ([app, release]) =>
      app !== 'shell' &&
      release?.runtime &&
      (provided === null || !runtimeSatisfies(release.runtime, provided)) &&
      (changed.includes('shell') || changed.includes(app as AppName)),
  ) as [AppName, AppRelease][];
  if (broken.length === 0) return;
  const list = broken
    .map(([app, release]) => `${app} ${release.version} (needs ${release.runtime})`)
    .join(', ');
  const offer =
    provided === null
      ? 'provides no Module Federation runtime to remotes'
      : `provides Module Federation runtime ${provided}`;
  if (changed.includes('shell')) {
    throw new ReleaseError(
      'CONTRACT_MISMATCH',
      `Refused: shell ${shell.version} ${offer}, which breaks live ${broken.length === 1 ? 'remote' : 'remotes'} ${list}. Promote a shell that provides the runtime, or rebuilt remotes together with this shell.`,
    );
  }
  throw new ReleaseError(
    'CONTRACT_MISMATCH',
    `Refused: ${list} ${broken.length === 1 ? 'uses' : 'use'} the host's Module Federation runtime, and the live shell ${shell.version} ${offer}.`,
  );
}

/** The federation runtime a build's manifest declares (decision 084); null when it says nothing. */
export function federationRuntimeOf(app: AppName, manifest: Buffer | string): string | null {
  return runtimeOf(app, manifestMetaData(app, manifest));
}
