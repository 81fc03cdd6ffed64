import { fallbackCountOf } from './registry-reports';
import { versionsWithFallbacks, withProof } from './last-known-good';
import { ReleaseError } from './release-error';
import { manifestFactsOf } from './release-gates';
import { checkApp, checkContext, checkVersion } from './release-input';
import type { CommitResult, RegistryDoor, ReleaseContext } from './release-types';

/**
 * A release manager vouches for a version (a canary checked by hand, an old build known to
 * work): it may then be the last-known-good without waiting for the minimum live time.
 * Needs a reason; recorded in the history. A version viewers fell back from is refused.
 */
export async function markGood(
  registry: RegistryDoor,
  appName: string,
  version: unknown,
  context: ReleaseContext,
): Promise<CommitResult> {
  const app = checkApp(appName);
  const checked = checkVersion(app, version);
  if (!checkContext(context).reason) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      'mark-good needs a reason (--reason): why is this version known to be good?',
    );
  }
  return registry.commit(context, async (apps) => {
    const current = apps[app];
    if (!current) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        `${app} is not live yet; promote a version before marking versions good.`,
      );
    }
    await manifestFactsOf(registry.store, app, checked); // refuses a version not in the store
    if ((current.rejected ?? []).includes(checked)) {
      throw new ReleaseError(
        'VERSION_REJECTED',
        `${app} ${checked} cannot be marked good: it was a canary that was rolled back, and a rolled-back canary never becomes the last-known-good (decision 140). Publish a fixed build.`,
      );
    }
    const fallbacks = registry.fallbacks();
    const count = fallbackCountOf(fallbacks, app, checked);
    if (versionsWithFallbacks(app, fallbacks).has(checked)) {
      throw new ReleaseError(
        'VERSION_HAS_FALLBACKS',
        `${app} ${checked} cannot be marked good: viewers fell back from it ${count} time${count === 1 ? '' : 's'}. A version with recorded fallbacks never becomes the last-known-good; publish a fixed build.`,
      );
    }
    const marked = (current.proven ?? []).some(
      (p) => p.version === checked && p.basis === 'marked',
    );
    if (marked) return null;
    apps[app] = {
      ...current,
      proven: withProof(current.proven, checked, 'marked', registry.now()),
    };
    return { action: 'mark-good', changes: [{ app, from: null, to: checked }], apps };
  });
}
