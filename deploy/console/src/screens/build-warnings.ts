import { satisfiesContract } from '../../../src/registry/contract-range';
import type { PublishedArtifact, ReleaseHealth, ReleaseStatus } from '../api/release-types';

/**
 * A build the console warns about before using it (decision 195): what the registry would
 * refuse (a contract the live shell does not provide) and what real users already saw go wrong.
 * The console marks these, never pre-selects one, and asks before sending one.
 */
export interface BuildWarning {
  kind: 'incompatible' | 'known-bad';
  /** One sentence a release manager can act on. */
  message: string;
}

/** At least one page view in ten failed to load or crashed: a build no one should pick blind. */
export const KNOWN_BAD_FAILURE_RATE = 0.1;

export interface WarningFacts {
  status: ReleaseStatus;
  health: ReleaseHealth;
}

export function warningsFor(
  app: string,
  artifact: Pick<PublishedArtifact, 'version' | 'contract'>,
  { status, health }: WarningFacts,
): BuildWarning[] {
  const warnings: BuildWarning[] = [];
  const incompatible = incompatibility(app, artifact, status);
  if (incompatible) warnings.push({ kind: 'incompatible', message: incompatible });
  const signals = health.versions.find((v) => v.remote === app && v.version === artifact.version);
  const failures = signals ? Math.min(signals.views, signals.loadFailures + signals.crashes) : 0;
  if (signals && signals.views > 0 && failures / signals.views >= KNOWN_BAD_FAILURE_RATE) {
    const rate = Math.round((failures / signals.views) * 100);
    warnings.push({
      kind: 'known-bad',
      message: `${rate} % of its page views failed to load or crashed (${failures} of ${signals.views}).`,
    });
  }
  const fellBack = health.fallbacks
    .filter((f) => f.remote === app && f.failedVersion === artifact.version)
    .reduce((sum, f) => sum + f.count, 0);
  if (fellBack > 0) {
    warnings.push({
      kind: 'known-bad',
      message: `Viewers fell back from it ${fellBack} time${fellBack === 1 ? '' : 's'}.`,
    });
  }
  const guard = status.apps.find((entry) => entry.app === app)?.lastAutomaticRollback;
  if (guard?.version === artifact.version) {
    warnings.push({ kind: 'known-bad', message: 'The canary guard rolled it back as failing.' });
  }
  return warnings;
}

/** Why the gate would refuse this build against what is live, or null. */
function incompatibility(
  app: string,
  { contract }: Pick<PublishedArtifact, 'contract'>,
  status: ReleaseStatus,
): string | null {
  if (contract === null) return null;
  if (app === 'shell') {
    const provided = Number(contract);
    const broken = status.apps.filter(
      (entry) =>
        entry.app !== 'shell' &&
        entry.contract !== null &&
        !satisfiesContract(String(entry.contract), provided),
    );
    return broken.length === 0
      ? null
      : `It provides contract ${provided}, which live ${broken.map((e) => `${e.app} (${String(e.contract)})`).join(', ')} ${broken.length === 1 ? 'does' : 'do'} not support.`;
  }
  const shell = status.apps.find((entry) => entry.app === 'shell');
  if (!shell || typeof shell.contract !== 'number') return null;
  return satisfiesContract(String(contract), shell.contract)
    ? null
    : `It needs contract ${String(contract)}; the live shell ${shell.version} provides ${shell.contract}.`;
}

/** The short mark an option carries: "⚠ incompatible", "⚠ known bad", or nothing. */
export function markOf(warnings: BuildWarning[]): string {
  const kinds = [...new Set(warnings.map((w) => (w.kind === 'known-bad' ? 'known bad' : w.kind)))];
  return kinds.length === 0 ? '' : ` · ⚠ ${kinds.join(', ')}`;
}
