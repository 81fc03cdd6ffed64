import fs from 'node:fs';
import { ConfigError } from '../config';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Embedded PGlite is one process's database: a second process opening the same folder corrupts
 * it (seen in CI: "Aborted()" at the next start). So a folder is claimed with `<dir>.lock`
 * holding the owner's pid, and a second opener gets a clear error instead. A lock left by a
 * process that is gone (a crash, a kill -9) is taken over.
 */
export function claimPgliteFolder(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new ConfigError(
          `The embedded database in ${dir} is in use by process ${owner}. Stop that process, ` +
            'or point CREASE_DATA_DIR (or DATABASE_URL) somewhere else.',
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale: its owner is gone
    }
  }
  throw new ConfigError(`Could not claim the embedded database in ${dir}; try again.`);
}
