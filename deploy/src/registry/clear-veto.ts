import { ReleaseError } from './release-error';
import { checkApp, checkContext, checkVersion } from './release-input';
import type { CommitResult, RegistryDoor, ReleaseContext } from './release-types';
import type { VetoClearance } from './veto';

/** Clearances kept per app (newest last): far more than vetoes a remote sees in its life. */
const MAX_CLEARANCES = 20;

/**
 * A release manager clears a version's last-known-good veto (decision 411): the reports were an
 * attack, or the outage was elsewhere. Needs a reason; recorded in the history as `clear-veto`.
 * The signed-in viewers who reported until now are excused; only new ones can veto it again.
 * A version with no veto standing is refused (nothing to clear), so the history stays honest.
 */
export async function clearVeto(
  registry: RegistryDoor,
  appName: string,
  version: unknown,
  context: ReleaseContext,
): Promise<CommitResult> {
  const app = checkApp(appName);
  const checked = checkVersion(app, version);
  const { actor, reason } = checkContext(context);
  if (!reason) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      'clear-veto needs a reason (--reason): why are these fallback reports not to be trusted?',
    );
  }
  return registry.commit(context, async (apps) => {
    const current = apps[app];
    if (!current) throw new ReleaseError('INVALID_REQUEST', `${app} is not live yet.`);
    const count = registry
      .fallbacks()
      .find((f) => f.remote === app && f.failedVersion === checked && f.vetoes);
    if (!count) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        `${app} ${checked} has no standing veto to clear (see \`status\`: fallbacks that veto are marked).`,
      );
    }
    const clearance: VetoClearance = {
      version: checked,
      at: registry.now().toISOString(),
      by: actor,
      reason,
      accounts: [...(count.reporters?.accounts ?? [])],
    };
    apps[app] = {
      ...current,
      clearedVetoes: [...(current.clearedVetoes ?? []), clearance].slice(-MAX_CLEARANCES),
    };
    return { action: 'clear-veto', changes: [{ app, from: null, to: checked }], apps };
  });
}
