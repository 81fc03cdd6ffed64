// The whole site as `npm start` runs it, for the browser benches and probes in this folder:
// started on `port` with its data in a temp folder of its own, and resolved once /healthz answers.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The site's process once it is healthy; throws (after stopping it) when it never gets there. */
export async function startBenchSite(port, { waitSeconds = 600 } = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'deploy/src/cli/start.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Per port: two benches on one machine must not share a database folder.
        CREASE_DATA_DIR: path.join(os.tmpdir(), `crease-bench-${port}`),
      },
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < waitSeconds * 2; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('site did not start');
}
