/**
 * A service (the API, the edge, the release service) as a real child process, as production
 * runs it: Node + tsx, only the given environment (and PATH), its port read from what it prints
 * when it listens. The production-mode tests of the API and of deploy start theirs with this.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The repository root: where a service's relative paths (.data, .cache) resolve. */
// __dirname: jest runs these helpers as CommonJS.
const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface ServiceProcess {
  /** Resolves with the origin once listening; rejects if the process exits first. */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; stderr: string }>;
  /** Everything it printed to stdout so far. */
  stdout(): string;
  stop(): Promise<void>;
}

/**
 * Starts `script` (a path to a TypeScript entry point). `listening` captures the port from
 * stdout (a banner or Fastify's "Server listening" log) in its first group.
 */
export function startService(
  script: string,
  env: Record<string, string>,
  listening: RegExp,
): ServiceProcess {
  // Only PATH from the test's own environment: nothing leaks in from a developer's shell.
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const port = listening.exec(stdout)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    void exited.then(({ code }) =>
      reject(new Error(`${path.basename(script)} exited (${code}): ${stderr}`)),
    );
  });
  ready.catch(() => undefined); // a refusal to start is what some tests wait for
  return {
    ready,
    exited,
    stdout: () => stdout,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** How start-up ended: the exit (code, stderr), or code 'started' (then stopped) if it listened. */
export async function startUp(script: string, env: Record<string, string>, listening: RegExp) {
  const service = startService(script, env, listening);
  const outcome = await Promise.race([
    service.exited,
    service.ready.then(() => 'started' as const),
  ]);
  await service.stop();
  return outcome === 'started' ? { code: 'started' as const, stderr: '' } : outcome;
}

/** The names in the "- NAME is required in production" lines of a start-up failure. */
export const requiredNames = (stderr: string): string[] =>
  [...stderr.matchAll(/^- (\S+)(?: or (\S+))? is required in production/gm)].flatMap((m) =>
    m.slice(1).filter((name): name is string => Boolean(name)),
  );
