/**
 * What the surge costs each part, read from outside the parts, so the generator's own CPU never
 * counts: each process's CPU from /proc/<pid>/stat (utime + stime, plus the reaped children's
 * for PostgreSQL's postmaster), PostgreSQL's committed transactions (pg_stat_database), and
 * redis' commands (INFO commandstats). A Snapshot is taken at each phase's edges.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { queryDatabase } from 'api/testing/postgres-cluster';
import type { ApiLogCounter, ApiLogCounts } from './surge-api-log';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  ppid: number;
  /** utime + stime, ms. */
  ownMs: number;
  /** cutime + cstime (children it has waited for), ms. */
  childrenMs: number;
}

function procStat(pid: number): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) in parentheses: state is field 3.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ms = (i: number) => (Number(fields[i - 3]) * 1000) / TICKS_PER_SECOND;
    return { ppid: Number(fields[1]), ownMs: ms(14) + ms(15), childrenMs: ms(16) + ms(17) };
  } catch {
    return null; // gone
  }
}

/** CPU ms the processes have used so far. */
export function cpuMs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (procStat(pid)?.ownMs ?? 0), 0);
}

/** A process and its children (PostgreSQL's backends, nginx's workers), reaped ones included. */
export function treeCpuMs(rootPid: number | undefined): number {
  if (rootPid === undefined) return 0;
  const root = procStat(rootPid);
  if (!root) return 0;
  let total = root.ownMs + root.childrenMs;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.ppid === rootPid) total += stat.ownMs;
  }
  return total;
}

/** The postmaster of the database at `databaseUrl`, found by its data directory. */
export async function postmasterPid(databaseUrl: string): Promise<number | undefined> {
  const [row] = await queryDatabase<{ data_directory: string }>(
    databaseUrl,
    'SELECT current_setting($1) AS data_directory',
    ['data_directory'],
  );
  const file = `${row?.data_directory}/postmaster.pid`;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isFinite(pid) ? pid : undefined;
}

/** Committed transactions of the API's database so far (flushed by PostgreSQL within ~1 s). */
export async function pgCommits(databaseUrl: string): Promise<number> {
  const [row] = await queryDatabase<{ xact_commit: string }>(
    databaseUrl,
    'SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(row?.xact_commit ?? 0);
}

/** Commands redis has run so far (every command's `calls` in INFO commandstats). */
export async function redisCalls(redisUrl: string): Promise<number> {
  const { hostname, port } = new URL(redisUrl);
  const info = await new Promise<string>((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      // A bulk string: "$<length>\r\n<body>\r\n".
      const length = Number(/^\$(\d+)\r\n/.exec(text)?.[1] ?? NaN);
      if (
        Number.isFinite(length) &&
        Buffer.byteLength(text) >= length + String(length).length + 5
      ) {
        socket.end();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.write('INFO commandstats\r\n');
  });
  let calls = 0;
  for (const match of info.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm))
    if (match[1] !== 'info') calls += Number(match[2]);
  return calls;
}

export interface Snapshot {
  atMs: number;
  apiCpuMs: number;
  pgCpuMs: number;
  nginxCpuMs: number;
  generatorCpuMs: number;
  pgCommits: number;
  redisCalls: number | null;
  apiLog: ApiLogCounts;
}

export interface Probes {
  apiPids(): number[];
  nginxPid(): number | undefined;
  postmaster: number | undefined;
  databaseUrl: string;
  redisUrl: string | null;
  apiLog: ApiLogCounter;
}

export async function snapshot(probes: Probes): Promise<Snapshot> {
  const generator = process.cpuUsage();
  return {
    atMs: Date.now(),
    apiCpuMs: cpuMs(probes.apiPids()),
    pgCpuMs: treeCpuMs(probes.postmaster),
    nginxCpuMs: treeCpuMs(probes.nginxPid()),
    generatorCpuMs: (generator.user + generator.system) / 1000,
    pgCommits: await pgCommits(probes.databaseUrl),
    redisCalls: probes.redisUrl ? await redisCalls(probes.redisUrl) : null,
    apiLog: probes.apiLog.read(),
  };
}
