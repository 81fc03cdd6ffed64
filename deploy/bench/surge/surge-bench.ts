/**
 * `npm run bench:surge` (issue 24 §3): N viewers at match start. The ramp: every viewer joins
 * (refresh, entitlement and event, stream grant, playlists through the CDN), evenly over
 * --ramp-seconds; the steady phase: everyone watches (playlist reloads through the CDN, token
 * renewals, trial heartbeats) while viewers close and reopen the player at 1/--ramp-factor of
 * the ramp's join rate. Against one API process over PostgreSQL with nginx as the CDN, or the
 * whole cluster (`--cluster`, npm run start:cluster's topology). Every answer is checked; over
 * any unexpected one the bench prints no figure and exits non-zero (decision 180). The API,
 * PostgreSQL and nginx's CPU is read from /proc, never the generator's.
 */
import os from 'node:os';
import { EDGE_ACCESS_CACHE_SECONDS } from 'api';
import { ResponseCheck, printFigures, runBench } from '@crease/test-utils/bench-kit';
import { CATALOG_PATHS } from '@crease/contract';
import { ViewerCalls } from './surge-calls';
import { SurgeHttp } from './surge-http';
import { parseSurgeOptions } from './surge-options';
import type { SurgeOptions } from './surge-options';
import {
  apiFloor,
  apiRate,
  callTable,
  finalLine,
  generatorBehind,
  firstToSaturate,
  measure,
  MEASURED_FILE,
  resources,
  writeMeasured,
} from './surge-report';
import { ApiLogCounter } from './surge-api-log';
import { postmasterPid, snapshot } from './surge-resources';
import type { Probes, Snapshot } from './surge-resources';
import { seedViewers } from './surge-seed';
import { percentile, SurgeStats } from './surge-stats';
import { startTarget } from './surge-target';
import type { SurgeTarget } from './surge-target';
import { Viewer } from './surge-viewer';
import type { Pacer } from './surge-viewer';

const log = (line: string) => console.info(`[surge] ${line}`);
const sleepUntil = (atMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, atMs - Date.now())));

/** Timers that record how late they fire: the generator's own saturation. */
function pacer(): Pacer & { lateP99(): number } {
  const late: number[] = [];
  return {
    async until(atMs) {
      await sleepUntil(atMs);
      late.push(Date.now() - atMs);
    },
    lateP99: () =>
      percentile(
        [...late].sort((a, b) => a - b),
        99,
      ),
  };
}

/** The browser's XSRF cookie (the shell's first call) and the live event's id. */
async function pageSetup(
  http: SurgeHttp,
  target: SurgeTarget,
  refreshToken: string,
): Promise<{ xsrf: string; eventId: string }> {
  const health = await http.request('GET', `${target.apiOrigin}/healthz`, {
    origin: target.siteOrigin,
  });
  if (health.status !== 200) throw new Error(`setup: GET /healthz answered ${health.status}`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.setCookie.join(';'))?.[1];
  if (!xsrf) throw new Error('setup: the API set no XSRF-TOKEN cookie');
  const stats = new SurgeStats(new ResponseCheck());
  const calls = new ViewerCalls(http, stats, target.apiOrigin, target.siteOrigin, xsrf);
  const tokens = await calls.refresh(refreshToken);
  if (!tokens) throw new Error('setup: the setup viewer could not refresh its token');
  const events = await http.request(
    'GET',
    `${target.apiOrigin}/${CATALOG_PATHS.events}?status=live&limit=100`,
    { authorization: `Bearer ${tokens.access_token}`, origin: target.siteOrigin },
  );
  if (events.status !== 200) throw new Error(`setup: GET events answered ${events.status}`);
  const live = (
    JSON.parse(events.body) as { items: { eventId: string; eventStatus: string }[] }
  ).items.find((event) => event.eventStatus === 'live');
  if (!live) throw new Error('setup: the demo catalog has no match streaming now');
  return { xsrf, eventId: live.eventId };
}

async function surge(options: SurgeOptions, target: SurgeTarget): Promise<void> {
  const check = new ResponseCheck();
  const stats = new SurgeStats(check);
  log(`seeding ${options.viewers} viewers …`);
  const seeded = await seedViewers(target.databaseUrl, options.viewers + 1, options.trialShare);
  const setupViewer = seeded.pop()!;
  const http = new SurgeHttp(options.sockets);
  try {
    const { xsrf, eventId } = await pageSetup(http, target, setupViewer.refreshToken);
    const calls = new ViewerCalls(http, stats, target.apiOrigin, target.siteOrigin, xsrf);
    const timers = pacer();
    const viewers = seeded.map((s) => new Viewer(s, calls, eventId, timers));
    const probes: Probes = {
      apiPids: target.apiPids,
      nginxPid: target.nginxPid,
      postmaster: await postmasterPid(target.databaseUrl),
      databaseUrl: target.databaseUrl,
      redisUrl: target.redisUrl,
      apiLog: new ApiLogCounter(target.apiLogFiles, target.tokenCheckLog),
    };
    // The replicas' own work with no viewer (demo catalog ticks, housekeeping): the floor.
    const idle0 = await snapshot(probes);
    await sleepUntil(Date.now() + (options.quick ? 3000 : 10_000));
    const idle1 = await snapshot(probes);

    const rampMs = options.rampSeconds * 1000;
    const start = Date.now();
    const rampEndsAt = start + rampMs;
    const endsAt = rampEndsAt + options.steadySeconds * 1000;
    log(`ramp: ${options.viewers} viewers join over ${options.rampSeconds} s (event ${eventId})`);
    const s0 = await snapshot(probes);
    stats.enter('ramp');
    const watching = viewers.map(async (viewer, i) => {
      await sleepUntil(start + (i * rampMs) / viewers.length);
      if (await viewer.join()) await viewer.watch(endsAt);
    });
    await sleepUntil(rampEndsAt);
    const s1 = await snapshot(probes);
    stats.enter('steady');
    log(`steady: ${options.steadySeconds} s`);
    // Rejoins at 1/rampFactor of the ramp's join rate, round robin over the audience.
    const rejoinEveryMs = (rampMs / viewers.length) * options.rampFactor;
    const rejoins: Promise<void>[] = [];
    for (let k = 0, at = rampEndsAt + rejoinEveryMs; at < endsAt; k++, at += rejoinEveryMs) {
      await sleepUntil(at);
      rejoins.push(viewers[k % viewers.length]!.rejoin());
    }
    await sleepUntil(endsAt);
    const s2 = await snapshot(probes);
    stats.finish();
    await Promise.all([...watching, ...rejoins]);

    const snapshots = [s0, s1, s2] as const;
    const floor = apiFloor([idle0, idle1], target.apiPids().length);
    const measured = measure(stats, target.mode, options.viewers, snapshots, floor);
    const parts = resources(snapshots, target.apiPids().length, options.viewers, timers.lateP99());
    const first = firstToSaturate(parts);
    const behind = generatorBehind(timers.lateP99());
    const perSecond = (a: Snapshot, b: Snapshot, of: (s: Snapshot) => number) =>
      Math.round(((of(b) - of(a)) / ((b.atMs - a.atMs) / 1000)) * 10) / 10;
    const perViewerMinute = (a: Snapshot, b: Snapshot, of: (s: Snapshot) => number) =>
      Math.round(((of(b) - of(a)) / ((options.viewers * (b.atMs - a.atMs)) / 60_000)) * 100) / 100;
    const pct = (n: number) => `${Math.round(n * 100)}%`;
    const lines = [
      '',
      `bench:surge, ${target.mode} (${target.apiPids().length} API process${target.apiPids().length > 1 ? 'es' : ''}), ${options.viewers} viewers (${Math.round(options.trialShare * 100)}% on the trial), ramp ${options.rampSeconds} s, steady ${options.steadySeconds} s, steady rejoins at 1/${options.rampFactor} of the ramp's join rate${options.quick ? ' (--quick: shows the bench works, measures nothing)' : ''}`,
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (shared), Node ${process.version}`,
      '',
      ...callTable(stats),
      '',
      `API requests/s (viewers' own calls; the CDN's token checks come on top): ramp ${apiRate(stats, 'ramp')}, steady ${apiRate(stats, 'steady')}`,
      `p99 of every call: ramp ${measured.rampP99Ms} ms, steady ${measured.steadyP99Ms} ms`,
      `API CPU at steady state: ${perViewerMinute(s1, s2, (s) => s.apiCpuMs)} ms per viewer-minute in all; ${measured.apiCpuMsPerViewerMinute} net of the floor (${measured.viewersPerApiCore} viewers per API core)`,
      `API floor with no viewer: ${floor.msPerSecond} ms CPU per second over ${floor.processes} process(es) (demo catalog ticks, housekeeping)`,
      `the CDN's token checks at steady state: ${perViewerMinute(s1, s2, (s) => s.apiLog.tokenChecks)} per viewer-minute, ${perViewerMinute(s1, s2, (s) => s.apiLog.tokenChecksToApi)} of them reaching an API (the rest from its ${EDGE_ACCESS_CACHE_SECONDS} s cache); media cache misses reaching an API: ${perSecond(s1, s2, (s) => s.apiLog.originFetches)}/s`,
      `PostgreSQL: ${measured.pgTransactionsPerViewerMinute} transactions per viewer-minute`,
      `Redis: ${measured.redisOpsPerViewerMinute === null ? 'not in this topology' : `${measured.redisOpsPerViewerMinute} ops per viewer-minute`}`,
      '',
      'busy share (ramp / steady) and viewers at which each part would be full at steady state:',
      ...parts.map(
        (p) =>
          `  ${p.name.padEnd(52)} ${pct(p.ramp).padStart(5)} / ${pct(p.steady).padStart(5)}${Number.isFinite(p.saturatesAt) ? `   full at ~${Math.round(p.saturatesAt)} viewers` : ''}`,
      ),
      `first to saturate: ${first.name} (${pct(first.ramp)} busy in the ramp)`,
      ...(behind ? ['', `warning: ${behind}`] : []),
      '',
      finalLine(measured, Math.max(measured.rampP99Ms, measured.steadyP99Ms)),
    ];
    printFigures(check, lines);
    if (options.write && behind) {
      // The capacity model would plan from figures that read low: keep the file as it was.
      console.error(`not written: ${MEASURED_FILE} (the generator fell behind)`);
      process.exitCode = 1;
    } else if (options.write) {
      await writeMeasured(measured);
      console.info(`wrote ${MEASURED_FILE}`);
    }
  } finally {
    http.close();
  }
}

async function main() {
  const options = parseSurgeOptions(process.argv.slice(2));
  const target = await startTarget(options.cluster, options.port, log);
  try {
    await surge(options, target);
  } finally {
    log('stopping …');
    await target.stop();
  }
}

runBench(main);
