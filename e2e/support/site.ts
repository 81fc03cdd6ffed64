import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const liveStateFile = path.join(E2E_DATA_DIR, 'release-map.json');

interface LiveStateFile {
  shell: { version: string } | null;
  releaseMap: {
    schemaVersion: 1;
    remotes: Record<
      string,
      { version: string; manifestUrl: string; lastKnownGoodManifestUrl: string | null }
    >;
  };
}

export function readLiveState(): LiveStateFile {
  return JSON.parse(fs.readFileSync(liveStateFile, 'utf8')) as LiveStateFile;
}

/** Replaces the live map the way a promote does (write + rename); the edge reads it on the next page load. */
export function writeLiveState(state: LiveStateFile): void {
  const temp = `${liveStateFile}.e2e.tmp`;
  fs.writeFileSync(temp, JSON.stringify(state, null, 2));
  fs.renameSync(temp, liveStateFile);
}

type RemoteEntry = LiveStateFile['releaseMap']['remotes'][string];

/**
 * Promotes a changed mf-legal entry for the duration of `body`, then restores the original map.
 * `change` gets the live entry (the suite always publishes mf-legal; a missing one fails).
 */
export async function withLegalEntry(
  change: (live: RemoteEntry) => RemoteEntry,
  body: () => Promise<void>,
): Promise<void> {
  const original = readLiveState();
  const live = original.releaseMap.remotes['mf-legal'];
  if (!live)
    throw new Error('mf-legal must be live: the e2e site publishes and promotes it at start');
  writeLiveState({
    ...original,
    releaseMap: {
      ...original.releaseMap,
      remotes: { ...original.releaseMap.remotes, 'mf-legal': change(live) },
    },
  });
  try {
    await body();
  } finally {
    writeLiveState(original);
  }
}

/** A second edge server on its own port: a stand-in for the CDN host that serves a remote. */
export async function startRemoteHost(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'serve.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CREASE_DATA_DIR: E2E_DATA_DIR },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`remote host on port ${port} did not start`);
}

export async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
