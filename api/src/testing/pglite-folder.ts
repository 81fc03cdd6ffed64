/**
 * For jest suites that start real API processes on a PGlite folder: the path of a migrated,
 * empty one to copy into place (decision 435). Jest's sandbox cannot load PGlite, so this runs
 * `pglite-snapshot.ts` as a script, once per test file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

let made: string | null = null;

/** Copies the migrated folder to `target` (which must not exist yet). */
export function copyMigratedPgliteFolder(target: string): void {
  made ??= execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'pglite-snapshot.ts'), 'folder'],
    { encoding: 'utf8' },
  ).trim();
  fs.cpSync(made, target, { recursive: true });
}
