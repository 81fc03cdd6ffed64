import { isReleaseVersion } from '@crease/contract';
import { isAppName } from '../artifacts/artifact-store';
import type { AppName } from '../artifacts/artifact-store';
import { ReleaseError } from './release-error';
import type { ReleaseContext } from './release-types';

/** Input checks every registry operation runs first, whether it came from the CLI or the API. */
export function checkContext(context: ReleaseContext): { actor: string; reason: string | null } {
  const actor = context.actor.trim();
  if (!actor || actor.length > 100) {
    throw new ReleaseError('INVALID_REQUEST', 'The actor must be 1-100 characters.');
  }
  const reason = context.reason?.trim() || null;
  if (reason && reason.length > 500) {
    throw new ReleaseError('INVALID_REQUEST', 'The reason must be at most 500 characters.');
  }
  return { actor, reason };
}

export function checkApp(app: unknown): AppName {
  if (!isAppName(app)) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      `Unknown app "${String(app)}". Apps: shell, mf-auth, mf-billing, mf-catalog, mf-player, mf-legal.`,
    );
  }
  return app;
}

export function checkVersion(app: AppName, version: unknown): string {
  if (!isReleaseVersion(version)) {
    throw new ReleaseError('INVALID_REQUEST', `"${String(version)}" is not a version of ${app}.`);
  }
  return version;
}
