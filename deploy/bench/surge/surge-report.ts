/**
 * The surge's figures from its snapshots and answers: per call type, per viewer-minute at steady
 * state, which resource saturates first, the final line, and deploy/capacity/surge-measured.json
 * (the capacity model's input, docs/capacity.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_CALLS } from './surge-calls';
import type { Snapshot } from './surge-resources';
import type { CallFigures, Phase, SurgeStats } from './surge-stats';

export interface Measured {
  source: 'bench:surge';
  measuredAt: string;
  mode: 'single' | 'cluster';
  machine: { cores: number; loadavg: number[] };
  viewers: number;
  errors: number;
  rampP99Ms: number;
  steadyP99Ms: number;
  apiCpuMsPerViewerMinute: number;
  pgTransactionsPerViewerMinute: number;
  redisOpsPerViewerMinute: number | null;
  viewersPerApiCore: number;
  perCall: Record<string, { reqPerSec: number; p50Ms: number; p99Ms: number; errors: number }>;
}

export interface Resource {
  name: string;
  /** Busy share of what it has (1 = saturated) in the ramp and the steady phase. */
  ramp: number;
  steady: number;
  /** Viewers at steady state at which it would be full, from its steady cost per viewer. */
  saturatesAt: number;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Busy shares of each part, from the snapshots at the ramp's start, its end and the end. */
export function resources(
  [start, rampEnd, end]: readonly [Snapshot, Snapshot, Snapshot],
  apiProcesses: number,
  viewers: number,
  generatorLateP99Ms: number,
): Resource[] {
  const cores = os.cpus().length;
  const share = (
    a: Snapshot,
    b: Snapshot,
    key: 'apiCpuMs' | 'pgCpuMs' | 'nginxCpuMs' | 'generatorCpuMs',
    capacityCores: number,
  ) => (b[key] - a[key]) / Math.max(1, b.atMs - a.atMs) / capacityCores;
  // Node runs each API's handlers on one thread: one core per process is its ceiling.
  // PostgreSQL's backends may use every core; nginx here runs one worker, the generator one thread.
  const parts: Array<[string, 'apiCpuMs' | 'pgCpuMs' | 'nginxCpuMs' | 'generatorCpuMs', number]> = [
    [`API CPU (${apiProcesses} process${apiProcesses > 1 ? 'es' : ''})`, 'apiCpuMs', apiProcesses],
    [`PostgreSQL CPU (${cores} cores)`, 'pgCpuMs', cores],
    ['nginx CPU (1 worker)', 'nginxCpuMs', 1],
    ['generator CPU (this process)', 'generatorCpuMs', 1],
  ];
  const list = parts.map(([name, key, capacity]) => {
    const steady = share(rampEnd, end, key, capacity);
    return {
      name,
      ramp: share(start, rampEnd, key, capacity),
      steady,
      saturatesAt: steady > 0 ? viewers / steady : Infinity,
    };
  });
  // A generator whose timers fire late can no longer keep the viewers' schedule.
  list.push({
    name: 'generator schedule (timer lateness p99 / 100 ms)',
    ramp: generatorLateP99Ms / 100,
    steady: generatorLateP99Ms / 100,
    saturatesAt: Infinity,
  });
  return list;
}

/** Timer lateness (p99) above which the simulated viewers no longer keep a player's schedule. */
export const GENERATOR_LATE_LIMIT_MS = 50;

/**
 * Why the run's per-viewer figures read low, or null: a generator that fell behind made fewer
 * calls per viewer-minute than players would, so the API's CPU per viewer-minute looks cheaper
 * than it is (decision 371 saw 300–500 ms of lateness on a busy machine).
 */
export function generatorBehind(lateP99Ms: number): string | null {
  if (lateP99Ms <= GENERATOR_LATE_LIMIT_MS) return null;
  return `the load generator fell behind its schedule (timer lateness p99 ${Math.round(lateP99Ms)} ms, limit ${GENERATOR_LATE_LIMIT_MS} ms): viewers called less often than players would, so the API CPU per viewer-minute reads low; run on a quieter machine`;
}

/** The part that fills first: the highest busy share in the ramp, the surge's peak. */
export function firstToSaturate(list: readonly Resource[]): Resource {
  return [...list].sort((a, b) => b.ramp - a.ramp)[0]!;
}

/**
 * The figures. The API's CPU per viewer-minute is net of its floor (what the replicas spend with
 * no viewer: the demo catalog's ticks, housekeeping), measured before the ramp; viewers per API
 * core is what is left of a core after that floor, divided by the per-viewer cost.
 */
export function measure(
  stats: SurgeStats,
  mode: 'single' | 'cluster',
  viewers: number,
  [, rampEnd, end]: readonly [Snapshot, Snapshot, Snapshot],
  floor: ApiFloor,
): Measured {
  const minutes = (end.atMs - rampEnd.atMs) / 60_000;
  const viewerMinutes = viewers * minutes;
  const perViewerMinute = (delta: number) => round(delta / viewerMinutes, 2);
  const floorMs = floor.msPerSecond * 60 * minutes;
  const apiCpu = perViewerMinute(Math.max(0, end.apiCpuMs - rampEnd.apiCpuMs - floorMs));
  const floorPerCoreMinute = (floor.msPerSecond * 60) / Math.max(1, floor.processes);
  const perCall: Measured['perCall'] = {};
  for (const call of stats.calls()) {
    const { reqPerSec, p50Ms, p99Ms, errors } = stats.figures(call);
    perCall[call] = { reqPerSec, p50Ms, p99Ms, errors };
  }
  return {
    source: 'bench:surge',
    measuredAt: new Date(end.atMs).toISOString(),
    mode,
    machine: { cores: os.cpus().length, loadavg: os.loadavg().map((l) => round(l, 2)) },
    viewers,
    errors: stats.errors(),
    rampP99Ms: stats.p99('ramp'),
    steadyP99Ms: stats.p99('steady'),
    apiCpuMsPerViewerMinute: apiCpu,
    pgTransactionsPerViewerMinute: perViewerMinute(end.pgCommits - rampEnd.pgCommits),
    redisOpsPerViewerMinute:
      end.redisCalls === null || rampEnd.redisCalls === null
        ? null
        : perViewerMinute(end.redisCalls - rampEnd.redisCalls),
    viewersPerApiCore: apiCpu > 0 ? Math.round((60_000 - floorPerCoreMinute) / apiCpu) : 0,
    perCall,
  };
}

/** The API processes' CPU with no viewer, all of them together. */
export interface ApiFloor {
  msPerSecond: number;
  processes: number;
}

export function apiFloor([a, b]: readonly [Snapshot, Snapshot], processes: number): ApiFloor {
  return { msPerSecond: round((b.apiCpuMs - a.apiCpuMs) / ((b.atMs - a.atMs) / 1000)), processes };
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);

/** The per-call table: each phase's req/s, p50, p99 and errors. */
export function callTable(stats: SurgeStats): string[] {
  const lines = [
    `${pad('call', 44)}${pad('phase', 8)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}errors`,
  ];
  for (const call of stats.calls())
    for (const phase of ['ramp', 'steady'] as Phase[]) {
      const f: CallFigures = stats.figures(call, [phase]);
      if (f.requests === 0) continue;
      lines.push(
        `${pad(call, 44)}${pad(phase, 8)}${pad(f.reqPerSec, 9)}${pad(f.p50Ms, 9)}${pad(f.p99Ms, 9)}${f.errors}`,
      );
    }
  return lines;
}

/** API requests per second in a phase, from the answers the viewers got (CDN excluded). */
export function apiRate(stats: SurgeStats, phase: Phase): number {
  return round(
    API_CALLS.reduce((sum, call) => sum + stats.figures(call, [phase]).reqPerSec, 0),
    1,
  );
}

export function finalLine(m: Measured, p99: number): string {
  return `surge: ${m.viewers} viewers, ${m.errors} errors, p99 ${p99} ms, API CPU ${m.apiCpuMsPerViewerMinute} ms per viewer-minute, ${m.viewersPerApiCore} viewers per API core`;
}

export const MEASURED_FILE = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'capacity',
  'surge-measured.json',
);

/** Written as the repository's Prettier writes JSON, so `npm run lint` passes on a new run. */
export async function writeMeasured(m: Measured): Promise<void> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(MEASURED_FILE)) ?? {};
  const text = await prettier.format(JSON.stringify(m), { ...options, parser: 'json' });
  fs.mkdirSync(path.dirname(MEASURED_FILE), { recursive: true });
  fs.writeFileSync(MEASURED_FILE, text);
}
