/**
 * The production topology as an operator runs it: `npm run start:cluster` in a child process,
 * driven through its fault console (one command a line on stdin, one JSON answer a line on
 * stdout; deploy/src/cluster/fault-console.ts). The tests never reach into its processes.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from './release-cli';

export interface ClusterHandle {
  /** Sends one fault-console command and resolves with its answer (throws on `ok: false`). */
  fault(command: string): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export async function startClusterProcess(
  port: number,
  apiEnv: Record<string, string>,
): Promise<ClusterHandle> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'start-cluster.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), CREASE_CLUSTER_API_ENV: JSON.stringify(apiEnv) },
    },
  );
  const output: string[] = [];
  const answers: Array<(answer: Record<string, unknown>) => void> = [];
  let ready: (() => void) | null = null;
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    output.push(line);
    if (line.startsWith('CLUSTER ')) ready?.();
    else if (line.startsWith('{')) answers.shift()?.(JSON.parse(line) as Record<string, unknown>);
  });
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await Promise.race([
    new Promise<void>((resolve) => (ready = resolve)),
    exited.then((code) => {
      throw new Error(`start:cluster exited (${code}):\n${output.slice(-30).join('\n')}`);
    }),
  ]);
  return {
    async fault(command) {
      const answer = new Promise<Record<string, unknown>>((resolve) => answers.push(resolve));
      child.stdin.write(`${command}\n`);
      const result = await answer;
      if (result.ok !== true) throw new Error(`fault "${command}": ${String(result.error)}`);
      return result;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
