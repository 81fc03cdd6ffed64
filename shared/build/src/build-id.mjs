// @ts-check
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A short hash of an app's sources and package.json. Two builds of different code never share
 * a webpack chunk-loading global, so a tab that loads a new release next to an old one cannot
 * mix their chunks.
 *
 * @param {string} appDir
 */
export function buildId(appDir) {
  const hash = crypto.createHash('sha256');
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        hash.update(path.relative(appDir, full));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  walk(path.join(appDir, 'src'));
  hash.update(fs.readFileSync(path.join(appDir, 'package.json')));
  return hash.digest('hex').slice(0, 10);
}
