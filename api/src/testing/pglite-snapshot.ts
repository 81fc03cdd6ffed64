/**
 * A migrated, empty PGlite data folder for the API integration tests (decision 435).
 *
 * A fresh PGlite runs its own initdb inside WebAssembly: about 5 s on an idle 2-core machine and
 * over 10 s on a busy one, for every suite, where loading a dumped folder takes well under 2 s.
 * So the first API process of a run migrates a fresh PGlite once, with the real migrations, and
 * saves the result beside the system's temp files; every later one loads it (the migrations then
 * run again on it as in production, and find nothing to do).
 *
 * The file's name is a hash of what makes the folder: PGlite's version and every file under
 * api/drizzle/. A changed or new migration, or a PGlite upgrade, names a new file, so a stale
 * folder is never loaded. Two processes making it at once each write their own temp file and
 * rename it into place, which is atomic; both results are the same.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../platform/db/client';

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    })
    .sort();
}

/** The installed PGlite's version (its package.json is not among its exports, so read by path). */
function pgliteVersion(): string {
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (
    JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

/** The snapshot's file name for today's migrations and PGlite. */
export function snapshotPath(): string {
  const hash = crypto.createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of filesUnder(MIGRATIONS_FOLDER)) {
    hash.update(`${path.relative(MIGRATIONS_FOLDER, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  return path.join(os.tmpdir(), `crease-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A migrated, empty PGlite data folder, for tests that start real API processes on a folder
 * (`CREASE_PGLITE_DIR`): copied into place, the process opens an existing database, as on its
 * second start, instead of running PGlite's initdb. Made once per migration set, like the
 * tarball, in a folder of its own renamed into place; returns its path. Jest's module sandbox
 * cannot load PGlite, so jest suites reach this through `migratedPgliteFolder()` in
 * `pglite-folder.ts`, which runs this file as a script.
 */
export async function ensureMigratedPgliteFolder(): Promise<string> {
  const folder = snapshotPath().replace(/\.tar$/, '.folder');
  if (fs.existsSync(folder)) return folder;
  const partial = `${folder}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const client = new PGlite(partial);
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.close();
  }
  try {
    fs.renameSync(partial, folder);
  } catch (error) {
    if (!fs.existsSync(folder)) throw error;
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

/** The migrated folder as a tarball for `openDatabase({ pgliteLoadDataDir })`, made if missing. */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const file = snapshotPath();
  if (!fs.existsSync(file)) {
    const client = new PGlite('memory://');
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

// Run as a script (`node --import tsx pglite-snapshot.ts folder`): print the folder's path.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'folder')
  console.info(await ensureMigratedPgliteFolder());
