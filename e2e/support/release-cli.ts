import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_DATA_DIR } from '../playwright.config';

const run = promisify(execFile);
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface AppStatus {
  app: string;
  version: string;
  lastKnownGood: string | null;
  fallbacks: number;
}

/**
 * The real release CLI (`npm run release -- …`) as a child process, against the e2e site's
 * data directory: exactly what a release manager runs.
 */
export async function release<T = unknown>(...args: string[]): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'deploy', 'src', 'cli', 'release.ts'),
      ...args,
      '--json',
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        CREASE_DATA_DIR: E2E_DATA_DIR,
        CREASE_ACTOR: 'e2e',
        // As the e2e site (playwright.config.ts): the CLI's promotes decide what is proven.
        CREASE_LKG_MIN_LIVE_SECONDS: '0',
        // As the e2e site: its status reads the same vetoes and canary verdicts.
        CREASE_QUORUM_BROWSERS: '1',
        CREASE_QUORUM_NETWORKS: '1',
        CREASE_QUORUM_ACCOUNTS: '1',
        CREASE_QUORUM_SHARE_PERCENT: '0',
      },
      maxBuffer: 10 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as T;
}

export async function liveVersion(app: string): Promise<string> {
  const status = await release<{ apps: AppStatus[] }>('status');
  const found = status.apps.find((a) => a.app === app);
  if (!found) throw new Error(`${app} is not live`);
  return found.version;
}

export async function appStatus(app: string): Promise<AppStatus | undefined> {
  const status = await release<{ apps: AppStatus[] }>('status');
  return status.apps.find((a) => a.app === app);
}

/**
 * A changed build of a remote, made from a copy of its sources outside the repo (the committed
 * tree is never touched): `edit` changes the copy, then the app's own build runs on it. A real
 * build, so the new version also gets its own webpack chunk-loading global, as a release does.
 */
export async function buildChangedCopy(
  app: string,
  edit: (srcDir: string) => void,
): Promise<{ dir: string; dist: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `crease-${app}-changed-`));
  for (const name of ['src', 'package.json', 'webpack.config.mjs']) {
    fs.cpSync(path.join(repoRoot, app, name), path.join(dir, name), { recursive: true });
  }
  // Dependencies resolve from the workspace, as they do for the app itself.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  edit(path.join(dir, 'src'));
  await run(process.execPath, [path.join(repoRoot, 'shared', 'build', 'bin', 'crease-build.mjs')], {
    cwd: dir,
    maxBuffer: 10 * 1024 * 1024,
  });
  return { dir, dist: path.join(dir, 'dist') };
}

/** Replaces `from` by `to` in a file, failing loudly if the text is not there. */
export function replaceInFile(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`"${from}" is not in ${file}`);
  fs.writeFileSync(file, text.split(from).join(to));
}

/**
 * A copy of a published artifact, changed by `edit`: a new content hash, so a new version when
 * published. Its chunks share the original's chunk-loading global, which is fine for a build
 * that never gets past its remoteEntry.js. The caller removes `dir`.
 */
export function changedCopyOfArtifact(
  app: string,
  version: string,
  edit: (dist: string) => void,
): { dir: string; dist: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `crease-${app}-artifact-`));
  const dist = path.join(dir, 'dist');
  fs.cpSync(path.join(E2E_DATA_DIR, 'artifacts', app, version), dist, { recursive: true });
  edit(dist);
  return { dir, dist };
}

/** Drops a file's precompressed siblings, so the edited file is what gets served. */
export function dropPrecompressed(file: string): void {
  for (const suffix of ['.gz', '.br']) fs.rmSync(`${file}${suffix}`, { force: true });
}
