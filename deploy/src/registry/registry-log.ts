import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppName } from '../artifacts/artifact-store';
import type { VetoClearance } from './veto';

export type ReleaseAction =
  'publish' | 'promote' | 'rollback' | 'mark-good' | 'clear-veto' | 'canary' | 'canary-rollback';

/**
 * Why a version may serve as last-known-good (decision 060): it was live for the configured
 * minimum time and then replaced by a promote (`served`), or a release manager said so
 * (`marked`). Recorded fallbacks veto either basis when the last-known-good is chosen.
 */
export interface ProvenVersion {
  version: string;
  basis: 'served' | 'marked';
  at: string;
}

/**
 * A canary (decision 140): `version` goes to `percent` % of browsers (a sticky bucket), the rest
 * stay on the app's live version. It is not live in the registry's sense: it never joins the
 * trail, so it cannot be a last-known-good until a promote finishes it.
 */
export interface CanaryRelease {
  version: string;
  percent: number;
  contract: string | number;
  runtime: string | null;
  since: string;
  by: string;
  reason: string | null;
}

/** The figures the canary guard compared (decision 141): page views and failures per arm. */
export interface CanaryArm {
  version: string;
  views: number;
  /** Views whose remote failed to load, or whose screen crashed into its error boundary. */
  failures: number;
  /** Views served by a fallback version instead. */
  fallbacks: number;
  /**
   * Distinct browsers and networks behind its failures and fallbacks (decision 157), and the
   * signed-in viewers among them with their networks (decision 411).
   */
  reporters?: { browsers: number; networks: number; accounts?: number; accountNetworks?: number };
}

export interface CanaryFigures {
  canary: CanaryArm;
  stable: CanaryArm;
  /** One-sided two-proportion z (pooled); null while an arm has no views. */
  failureZ: number | null;
  fallbackZ: number | null;
  /** The z a canary must reach, on either rate, to be rolled back by the guard. */
  threshold: number;
  /** Page views each arm needs before the guard judges at all. */
  minViews: number;
}

/** The guard's own rollback of a canary, kept on the app so `status` and the console show it. */
export interface AutomaticRollback {
  at: string;
  version: string;
  reason: string;
  figures: CanaryFigures;
}

/** What is live for one app, and the versions that were live before it (most recent last). */
export interface AppRelease {
  version: string;
  /** Remotes: the contract range they support ("^1"). The shell: the contract version it provides. */
  contract: string | number | null;
  /**
   * The Module Federation runtime (decision 084). The shell: the version it provides to remotes.
   * A remote: the version it needs from the shell (null: it brings its own). Absent in revisions
   * written before decision 084, which means null.
   */
  runtime?: string | null;
  /**
   * Earlier live versions, most recent last. The last-known-good is the most recent of them
   * that is proven and has no recorded fallbacks (last-known-good.ts), not simply the last one.
   */
  trail: string[];
  /** Versions that earned last-known-good. Absent in revisions written before decision 060. */
  proven?: ProvenVersion[];
  /** When and by whom this version went live. */
  since: string;
  by: string;
  /** The canary running for this app, if any (at most one). */
  canary?: CanaryRelease | null;
  /** Canary versions that were rolled back: never a last-known-good (decision 140). */
  rejected?: string[];
  /** The most recent rollback the canary guard made by itself. */
  lastAutomaticRollback?: AutomaticRollback | null;
  /** Vetoes a release manager cleared (`clear-veto`, decision 411), newest last. */
  clearedVetoes?: VetoClearance[];
}

export type RegistryApps = Partial<Record<AppName, AppRelease>>;

export interface ReleaseChange {
  app: AppName;
  from: string | null;
  to: string;
  /** A canary's share of browsers (action `canary`). */
  percent?: number;
}

/**
 * One committed change: an immutable file `revisions/<revision>.json`. It holds the event for the
 * history and the whole resulting state, so the newest revision alone says what is live.
 */
export interface RevisionRecord {
  revision: number;
  at: string;
  actor: string;
  action: ReleaseAction;
  reason: string | null;
  changes: ReleaseChange[];
  apps: RegistryApps;
  /** Set on a `canary-rollback` the canary guard made by itself, with the figures it saw. */
  automatic?: { figures: CanaryFigures } | null;
}

export class RevisionTakenError extends Error {
  override readonly name = 'RevisionTakenError';
  constructor(readonly revision: number) {
    super(`revision ${revision} already exists`);
  }
}

const NAME = /^(\d{10})\.json$/;
const fileName = (revision: number) => `${String(revision).padStart(10, '0')}.json`;

/**
 * The registry's append-only log on a filesystem. Committing revision N+1 creates its file with
 * link(2), which fails when the name exists: exactly one of two writers racing for N+1 wins,
 * and the file appears complete or not at all (it is written to a temp name first).
 */
export class FsRegistryLog {
  readonly dir: string;

  constructor(registryDir: string) {
    this.dir = path.join(registryDir, 'revisions');
  }

  private revisions(): number[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return [];
    }
    return names
      .map((name) => NAME.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }

  read(revision: number): RevisionRecord {
    return JSON.parse(
      fs.readFileSync(path.join(this.dir, fileName(revision)), 'utf8'),
    ) as RevisionRecord;
  }

  /** The newest record, or null for an empty registry. */
  head(): RevisionRecord | null {
    const last = this.revisions().at(-1);
    return last === undefined ? null : this.read(last);
  }

  /** Every record, oldest first. */
  all(): RevisionRecord[] {
    return this.revisions().map((revision) => this.read(revision));
  }

  /** Commits `record` as its revision; throws RevisionTakenError if someone else got there first. */
  commit(record: RevisionRecord): void {
    fs.mkdirSync(this.dir, { recursive: true });
    const target = path.join(this.dir, fileName(record.revision));
    const temp = path.join(this.dir, `.${crypto.randomBytes(8).toString('hex')}.tmp`);
    fs.writeFileSync(temp, `${JSON.stringify(record)}\n`);
    try {
      fs.linkSync(temp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new RevisionTakenError(record.revision);
      }
      throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
}
