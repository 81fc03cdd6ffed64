import type { AppName } from '../artifacts/artifact-store';
import type { AppRelease, AutomaticRollback, RegistryApps } from './registry-log';
import { ReleaseError } from './release-error';
import { manifestFactsOf, checkReleaseGates } from './release-gates';
import { checkApp, checkContext, checkVersion } from './release-input';
import { withCanary, withoutCanary } from './release-transitions';
import type { CommitResult, RegistryDoor, ReleaseContext } from './release-types';

/**
 * Starts a canary (decision 140): `version` of a live remote goes to `percent` % of browsers,
 * each in a sticky bucket; the others keep the live version. The version must be published and
 * pass both gates against the live shell. One canary per remote at a time.
 */
export async function startCanary(
  registry: RegistryDoor,
  appName: string,
  version: unknown,
  percent: unknown,
  context: ReleaseContext,
): Promise<CommitResult> {
  const app = checkApp(appName);
  const checked = checkVersion(app, version);
  if (app === 'shell') {
    throw new ReleaseError(
      'INVALID_REQUEST',
      'Canaries are for remotes; the shell goes live with promote.',
    );
  }
  if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      `percent must be a whole number from 1 to 99, got ${JSON.stringify(percent ?? null)}.`,
    );
  }
  const { actor, reason } = checkContext(context);
  return registry.commit(context, async (apps) => {
    const current = apps[app];
    if (!current) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        `${app} is not live yet: promote a first version; a canary is measured against it.`,
      );
    }
    if (current.canary) {
      throw new ReleaseError(
        'CANARY_RUNNING',
        `A canary of ${app} ${current.canary.version} is already running (${current.canary.percent} %, since ${current.canary.since}, by ${current.canary.by}). Promote or roll it back first.`,
      );
    }
    if (current.version === checked) {
      throw new ReleaseError('INVALID_REQUEST', `${app} ${checked} is already live.`);
    }
    const facts = await manifestFactsOf(registry.store, app, checked);
    apps[app] = withCanary(current, checked, percent, facts, {
      now: registry.now(),
      actor,
      reason,
    });
    checkReleaseGates(apps, [app], { canariesLive: true });
    return {
      action: 'canary',
      changes: [{ app, from: current.version, to: checked, percent }],
      apps,
    };
  });
}

/** The commit that aborts `app`'s canary; `automatic` when the canary guard made it. */
export function canaryRollback(
  apps: RegistryApps,
  app: AppName,
  current: AppRelease,
  automatic: AutomaticRollback | null,
) {
  const canary = current.canary!;
  apps[app] = withoutCanary(current, automatic);
  return {
    action: 'canary-rollback' as const,
    changes: [{ app, from: canary.version, to: current.version }],
    apps,
    ...(automatic ? { automatic: { figures: automatic.figures } } : {}),
  };
}
