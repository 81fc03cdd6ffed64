import type {
  CommitResult,
  HistoryEntry,
  PublishResult,
  ReleaseContext,
  ReleaseStatus,
} from './release-types';
import type { ReleaseRegistry } from './release-registry';

/** A build folder to upload, or a version already uploaded to the artifact store. */
export type PublishSource = { buildDir: string; packageVersion: string } | { version: string };

/**
 * What the release CLI needs from a registry. The local registry and the release API client
 * both implement it, so the CLI's tables, JSON and exit codes are one code path whichever side
 * it talks to (decision 035).
 */
export interface ReleaseBackend {
  /** Where the commands go, for the status footer ("artifacts: filesystem …", "release API …"). */
  readonly where: string;
  /** False when builds cannot be uploaded from here (the API records versions already uploaded). */
  readonly uploads: boolean;
  publish(app: string, source: PublishSource, context: ReleaseContext): Promise<PublishResult>;
  promote(versions: Record<string, string>, context: ReleaseContext): Promise<CommitResult>;
  rollback(app: string, to: string | null, context: ReleaseContext): Promise<CommitResult>;
  /** Sends `percent` % of browsers to `version` of a remote (decision 140). */
  canary(
    app: string,
    version: string,
    percent: number,
    context: ReleaseContext,
  ): Promise<CommitResult>;
  /** Vouches for a version as last-known-good material (decision 060); needs a reason. */
  markGood(app: string, version: string, context: ReleaseContext): Promise<CommitResult>;
  /** Clears a version's fallback veto (decision 411); needs a reason. */
  clearVeto(app: string, version: string, context: ReleaseContext): Promise<CommitResult>;
  history(app: string | undefined, limit: number): Promise<HistoryEntry[]>;
  status(): Promise<ReleaseStatus>;
}

/** The registry on this machine's data dir (or volume). */
export function localBackend(registry: ReleaseRegistry): ReleaseBackend {
  return {
    where: `artifacts: ${registry.store.description}`,
    uploads: true,
    publish: (app, source, context) =>
      'version' in source
        ? registry.register(app, source.version, context)
        : registry.publish(app, source.buildDir, source.packageVersion, context),
    promote: (versions, context) => registry.promote(versions, context),
    rollback: (app, to, context) => registry.rollback(app, to, context),
    canary: (app, version, percent, context) => registry.canary(app, version, percent, context),
    markGood: (app, version, context) => registry.markGood(app, version, context),
    clearVeto: (app, version, context) => registry.clearVeto(app, version, context),
    history: async (app, limit) => registry.history(app, limit),
    status: async () => registry.status(),
  };
}
