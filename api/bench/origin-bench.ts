/**
 * `npm run bench:origin`: what the embedded live origin costs per viewer. The API runs as
 * `npm start` runs it (its own process, PGlite on disk, seeded demo viewer, rolling demo,
 * production logging). The bench then:
 * 1. plays BENCH_VIEWERS (100) simulated hls.js viewers for BENCH_SECONDS (20) on loopback: each
 *    reloads its 720p media playlist every target duration (4 s) and fetches every new segment,
 *    as a player at the live edge does; it reports playlist requests/s, segment requests/s,
 *    playlist latency p50/p99 and the API process's CPU time per wall second (/proc);
 * 2. measures the origin's capacity for playlist requests alone (autocannon, 20 connections).
 * Every viewer uses the one playback token of one grant: the origin's cost per request does not
 * depend on whose token it checks (an HMAC), and one account may hold only maxDevices streams.
 * Every response is checked (playlists: 200 and an M3U8 body; segments: 200); over any other the
 * bench prints no figure and exits non-zero (decision 180). `-- --quick`: 20 viewers for 4 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STREAM_PATHS } from '@crease/contract';
import type { StreamGrant } from '@crease/contract';
import {
  QUICK,
  ResponseCheck,
  benchSetting,
  checkedAutocannon,
  printFigures,
  runBench,
} from '@crease/test-utils/bench-kit';
import type { Expectation } from '@crease/test-utils/bench-kit';
import { DEMO_VIEWER } from '../src/accounts/seed';
import { SEGMENT_MS, partPublishedAtMs } from '../src/streams/origin/dvr-window';
import { holdMany, lowLatencyViewer } from './origin-ll';
import type { LowLatencyStats } from './origin-ll';
import { BenchClient, startApi } from './bench-api';

const VIEWERS = benchSetting('BENCH_VIEWERS', 100, 20);
const SECONDS = benchSetting('BENCH_SECONDS', 20, 4);
const CAPACITY_SECONDS = benchSetting('BENCH_CAPACITY_SECONDS', 5, 2);
const HELD = benchSetting('BENCH_HELD', 1000, 200);
const PLAYLIST: Expectation = { status: 200, body: (body) => body.startsWith('#EXTM3U') };
const SEGMENT: Expectation = { status: 200 };
const SITE_ORIGIN = 'http://localhost:8080';
const TICKS_PER_SECOND = 100; // Linux USER_HZ for /proc/<pid>/stat

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function grantStream(origin: string, check: ResponseCheck): Promise<StreamGrant> {
  const client = await new BenchClient(origin, check, SITE_ORIGIN).init();
  const token = await client.signIn(DEMO_VIEWER.email, DEMO_VIEWER.password);
  const headers = {
    ...client.headers(),
    authorization: `Bearer ${token.access_token}`,
    'content-type': 'application/json',
  };
  const vidictId = 'origin-bench-device';
  const device = await fetch(`${origin}/api/v1/devices`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      vidictId,
      deviceOs: 'LINUX',
      deviceType: 'CHROME',
      appVersion: 'bench',
      userAgent: 'origin-bench',
    }),
  });
  await check.require('setup: POST /api/v1/devices', device, { status: [200, 201] });
  const events = JSON.parse(
    await check.require(
      'setup: GET /api/v1/events',
      await fetch(`${origin}/api/v1/events?status=live&limit=50`, { headers }),
      { status: 200 },
    ),
  ) as { items: { eventId: string; eventStatus: string }[] };
  const live = events.items.find((e) => e.eventStatus === 'live');
  if (!live) throw new Error('no live event in the demo schedule');
  const granted = await fetch(`${origin}/${STREAM_PATHS.streams}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ edgeAddress: '', pk: live.eventId, vidictId, videoQuality: 'HD' }),
  });
  return JSON.parse(
    await check.require(`setup: POST /${STREAM_PATHS.streams}`, granted, { status: 201 }),
  ) as StreamGrant;
}

/** One simulated player at the live edge until `until` (ms). */
async function viewer(
  playlist: string,
  token: string,
  until: number,
  stats: { playlistMs: number[]; playlists: number; segments: number; bytes: number },
  check: ResponseCheck,
) {
  // Players start at random moments, as an audience does.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * SEGMENT_MS));
  let newest = -1;
  // Reload every target duration (as hls.js does), however long the previous round took.
  let next = Date.now();
  while (Date.now() < until) {
    next += SEGMENT_MS;
    const started = performance.now();
    const res = await fetch(playlist);
    const text = await res.text();
    stats.playlistMs.push(performance.now() - started);
    stats.playlists += 1;
    check.record('GET 720p/index.m3u8 (simulated viewers)', res.status, PLAYLIST, text);
    const sequences = [...text.matchAll(/^(\d+)\.m4s/gm)].map((m) => Number(m[1]));
    const last = sequences[sequences.length - 1] ?? -1;
    for (const sequence of newest < 0 ? [last] : sequences.filter((s) => s > newest)) {
      const segment = await fetch(new URL(`${sequence}.m4s?token=${token}`, playlist));
      stats.bytes += (await segment.arrayBuffer()).byteLength;
      stats.segments += 1;
      check.record('GET <sequence>.m4s (simulated viewers)', segment.status, SEGMENT);
    }
    newest = Math.max(newest, last);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
}

async function main() {
  const check = new ResponseCheck();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-origin-bench-'));
  const api = await startApi({
    CREASE_DATA_DIR: dataDir,
    CREASE_SEED: 'true',
    CREASE_CATALOG_DEMO: 'true',
    // A fixed port when the machine's ports are shared out (BENCH_API_PORT), else any free one.
    API_PORT: process.env.BENCH_API_PORT ?? '0',
  });
  try {
    const grant = await grantStream(api.origin, check);
    const token = grant.playback.token;
    const playlist = new URL(`720p/index.m3u8?token=${token}`, grant.playlistUrl).toString();
    await check.require('setup: GET 720p/index.m3u8', await fetch(playlist), PLAYLIST);

    const pid = api.child.pid!;
    const stats = { playlistMs: [] as number[], playlists: 0, segments: 0, bytes: 0 };
    const cpuBefore = cpuSeconds(pid);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: VIEWERS }, () => viewer(playlist, token, until, stats, check)),
    );
    const wall = (Date.now() - started) / 1000;
    const cpu = cpuSeconds(pid) - cpuBefore;
    check.assertExpected();

    const capacity = await checkedAutocannon(
      check,
      'GET 720p/index.m3u8 (capacity)',
      { url: playlist, connections: 20, duration: CAPACITY_SECONDS },
      PLAYLIST,
    );

    // The CDN edge's token check (decisions 356, 368): what one costs the API, from /proc.
    const accessUrl = new URL(
      `access?token=${encodeURIComponent(token)}`,
      grant.playlistUrl,
    ).toString();
    const accessCpuBefore = cpuSeconds(pid);
    const access = await checkedAutocannon(
      check,
      'GET access (CDN token checks, capacity)',
      { url: accessUrl, connections: 20, duration: CAPACITY_SECONDS },
      { status: 204 },
    );
    const accessCpuUs = ((cpuSeconds(pid) - accessCpuBefore) * 1e6) / access.requests.total;

    // LL-HLS: the same audience holding blocking reloads and hinted parts (origin-ll.ts).
    const ll: LowLatencyStats = { playlists: 0, parts: 0, playlistBytes: 0, lateMs: [] };
    const llCpuBefore = cpuSeconds(pid);
    const llStarted = Date.now();
    await Promise.all(
      Array.from({ length: VIEWERS }, () =>
        lowLatencyViewer(playlist, token, llStarted + SECONDS * 1000, ll, check, partPublishedAtMs),
      ),
    );
    const llWall = (Date.now() - llStarted) / 1000;
    const llCpu = cpuSeconds(pid) - llCpuBefore;
    const heldCpuBefore = cpuSeconds(pid);
    const held = await holdMany(api.origin, playlist, HELD, check);
    const heldCpu = cpuSeconds(pid) - heldCpuBefore;
    check.assertExpected();

    // Simulated viewers on a busy machine may fall behind their schedule; the cost per request
    // then tells what 100 viewers on time (one playlist and one segment per segment each) cost.
    const cpuMsPerRequest = (cpu * 1000) / (stats.playlists + stats.segments);
    const onScheduleRequests = (100 * 2) / (SEGMENT_MS / 1000);
    const llRequests = ll.playlists + ll.parts;
    printFigures(check, [
      `\nEmbedded origin on loopback: ${VIEWERS} simulated viewers at the live edge (720p) for ${wall.toFixed(1)} s${QUICK ? ' (--quick: shows the bench works, measures nothing)' : ''}; ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}; every response checked`,
      '| measure | value |',
      '| --- | --- |',
      `| playlist requests/s | ${(stats.playlists / wall).toFixed(1)} |`,
      `| segment requests/s | ${(stats.segments / wall).toFixed(1)} |`,
      `| megabits/s served | ${((stats.bytes * 8) / wall / 1e6).toFixed(1)} |`,
      `| playlist latency p50 / p99 ms | ${percentile(stats.playlistMs, 50).toFixed(1)} / ${percentile(stats.playlistMs, 99).toFixed(1)} |`,
      `| API CPU per ${VIEWERS} viewers | ${((cpu / wall) * 100).toFixed(1)} % of one core (${(((cpu / wall) * 100 * 100) / VIEWERS).toFixed(1)} % per 100 viewers) |`,
      `| API CPU per request (playlist or segment) | ${cpuMsPerRequest.toFixed(2)} ms |`,
      `| projected API CPU for 100 viewers on schedule (${onScheduleRequests} req/s) | ${((cpuMsPerRequest * onScheduleRequests) / 10).toFixed(1)} % of one core |`,
      `| playlist capacity (autocannon, 20 connections, ${CAPACITY_SECONDS} s) | ${Math.round(capacity.requests.average)} req/s, p50 ${capacity.latency.p50} ms, p99 ${capacity.latency.p99} ms |`,
      `| CDN token checks (autocannon, 20 connections, ${CAPACITY_SECONDS} s) | ${Math.round(access.requests.average)} req/s, p50 ${access.latency.p50} ms, p99 ${access.latency.p99} ms, API CPU ${accessCpuUs.toFixed(0)} µs per check |`,
      `\nLL-HLS: ${VIEWERS} viewers holding blocking reloads (_HLS_msn/_HLS_part, _HLS_skip=YES) and hinted parts for ${llWall.toFixed(1)} s`,
      '| measure | value |',
      '| --- | --- |',
      `| blocking playlist requests/s | ${(ll.playlists / llWall).toFixed(1)} |`,
      `| part requests/s | ${(ll.parts / llWall).toFixed(1)} |`,
      `| delta playlist size (mean) | ${(ll.playlistBytes / Math.max(1, ll.playlists) / 1024).toFixed(1)} KiB |`,
      `| answered after the part was due, p50 / p99 ms | ${percentile(ll.lateMs, 50).toFixed(0)} / ${percentile(ll.lateMs, 99).toFixed(0)} |`,
      `| API CPU per 100 viewers holding blocking reloads | ${(((llCpu / llWall) * 100 * 100) / VIEWERS).toFixed(1)} % of one core |`,
      `| API CPU per LL request (playlist or part) | ${((llCpu * 1000) / Math.max(1, llRequests)).toFixed(2)} ms |`,
      `| ${held.held} blocking reloads held at once on one process | ${held.answered} answered 200, the first after ${held.firstSeconds.toFixed(2)} s, the last after ${held.seconds.toFixed(2)} s; /healthz probed meanwhile p50 ${percentile(held.healthMs, 50).toFixed(0)} ms, p99 ${percentile(held.healthMs, 99).toFixed(0)} ms (${held.healthMs.length} probes); API CPU ${(heldCpu * 1000).toFixed(0)} ms in all |`,
    ]);
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
