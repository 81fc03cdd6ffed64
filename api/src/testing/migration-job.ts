/**
 * Migration tests, written once (decision 362): a database migrated up to an older tag, seeded
 * with that era's rows, then migrated to today's folder and checked. The work runs in its own
 * process (migration-process.ts: PGlite needs ESM dynamic imports, which jest's VM does not give).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../platform/db/client';

/** A copy of the migrations folder that ends at `lastTag`. */
export function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

export interface MigrationJob {
  /** The last migration the old database had. */
  before: string;
  /** SQL that fills the old database. */
  seed: string;
  /** Statements run after today's migrations: each gives its rows, or its error message. */
  checks: string[];
}

export type CheckResult = { rows?: unknown[]; error?: string };

/** Runs the job (to today's migrations) and returns each check's rows or error, in order. */
export function runMigrationJob(job: MigrationJob): CheckResult[] {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, 'migration-process.ts'),
      JSON.stringify({
        before: migrationsUpTo(job.before),
        seed: job.seed,
        after: MIGRATIONS_FOLDER,
        checks: job.checks,
      }),
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (child.stderr !== '' || child.status !== 0)
    throw new Error(`the migration process failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as CheckResult[];
}
