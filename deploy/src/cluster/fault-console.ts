/**
 * The cluster's fault console: one command a line on stdin, one JSON answer a line on stdout
 * (`{"ok":true,…}` or `{"ok":false,"error":…}`), so an operator can break parts by hand and the
 * fault tests can drive the cluster from outside, as an operator would (decision 285).
 *
 *   kill api-1 | kill edge-2          SIGKILL one replica (a crash)
 *   start api-1                       start it again
 *   restart redis                     stop and start redis (its keys are gone)
 *   restart postgres [down-ms]        stop PostgreSQL, wait, start it again
 *   reload nginx                      nginx -s reload (a new config, no dropped request)
 *   status                            which replicas are running
 */
import readline from 'node:readline';
import type { RunningCluster } from './cluster';
import type { ManagedProcess } from './managed-process';

export type FaultAnswer = { ok: true; [key: string]: unknown } | { ok: false; error: string };

function replica(cluster: RunningCluster, name: string | undefined): ManagedProcess {
  const found = [...cluster.apis, ...cluster.edges].find((p) => p.spec.name === name);
  if (!found)
    throw new Error(
      `no replica "${name ?? ''}": api-1…${cluster.apis.length}, edge-1…${cluster.edges.length}`,
    );
  return found;
}

export async function runFaultCommand(cluster: RunningCluster, line: string): Promise<FaultAnswer> {
  const [verb, target, arg] = line.trim().split(/\s+/);
  try {
    switch (`${verb} ${target ?? ''}`.trim()) {
      case 'restart redis':
        await cluster.redis.restart();
        return { ok: true };
      case 'restart postgres':
        await cluster.postgres.restart(arg ? Number(arg) : 0);
        return { ok: true };
      case 'reload nginx':
        cluster.reloadNginx();
        return { ok: true };
      case 'status':
        return {
          ok: true,
          running: Object.fromEntries(
            [...cluster.apis, ...cluster.edges].map((p) => [p.spec.name, p.running]),
          ),
        };
    }
    if (verb === 'kill') {
      await replica(cluster, target).kill('SIGKILL');
      return { ok: true };
    }
    if (verb === 'start') {
      await replica(cluster, target).start();
      return { ok: true };
    }
    if (verb === 'log') return { ok: true, log: replica(cluster, target).logTail() };
    return { ok: false, error: `unknown command "${line.trim()}"` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Reads commands from stdin one at a time, answering each on stdout. */
export function listenForFaults(cluster: RunningCluster): void {
  const lines = readline.createInterface({ input: process.stdin });
  let queue = Promise.resolve();
  lines.on('line', (line) => {
    if (!line.trim()) return;
    queue = queue.then(async () => {
      process.stdout.write(`${JSON.stringify(await runFaultCommand(cluster, line))}\n`);
    });
  });
}
