/**
 * `npm run bench:origin`: what the embedded live origin costs per viewer. The API runs as
 * `npm start` runs it (its own process, PGlite on disk, seeded demo viewer, rolling demo,
 * production logging). The bench then:
 * 1. plays BENCH_VIEWERS (100) simulated hls.js viewers for BENCH_SECONDS (20) on loopback: each
 *    reloads its 720p media playlist every target duration (2 s) and fetches every new segment,
 *    as a player at the live edge does; it reports playlist requests/s, segment requests/s,
 *    playlist latency p50/p99 and the API process's CPU time per wall second (/proc);
 * 2. measures the origin's capacity for playlist requests alone (autocannon, 20 connections).
 * Every viewer uses the one playback token of one grant: the origin's cost per request does not
 * depend on whose token it checks (an HMAC), and one account may hold only maxDevices streams.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { STREAM_PATHS } from '@crease/contract';
import type { StreamGrant } from '@crease/contract';
import { PRODUCTION_LOG_LEVEL } from '../src/platform/config';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SITE_ORIGIN = 'http://localhost:8080';
const TICKS_PER_SECOND = 100; // Linux USER_HZ for /proc/<pid>/stat

function startApi(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/serve.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.on('data', () => undefined);
        resolve({ child, origin: `http://127.0.0.1:${port}` });
      }
    });
    child.on('exit', (code) => reject(new Error(`API exited (${code})`)));
  });
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function grantStream(origin: string): Promise<StreamGrant> {
  const first = await fetch(`${origin}/healthz`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const base = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, origin: SITE_ORIGIN };
  const token = (await (
    await fetch(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: {
        ...base,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('crease-web:public').toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'password',
        scope: 'API',
        username: 'demo@crease.test',
        password: 'demo-viewer-2024',
      }),
    })
  ).json()) as { access_token: string };
  const headers = {
    ...base,
    authorization: `Bearer ${token.access_token}`,
    'content-type': 'application/json',
  };
  const vidictId = 'origin-bench-device';
  await fetch(`${origin}/api/v1/devices`, {
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
  const events = (await (
    await fetch(`${origin}/api/v1/events?status=live&limit=50`, { headers })
  ).json()) as { items: { eventId: string; eventStatus: string }[] };
  const live = events.items.find((e) => e.eventStatus === 'live');
  if (!live) throw new Error('no live event in the demo schedule');
  const granted = await fetch(`${origin}/${STREAM_PATHS.streams}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ edgeAddress: '', pk: live.eventId, vidictId, videoQuality: 'HD' }),
  });
  if (granted.status !== 201) throw new Error(`stream request: ${granted.status}`);
  return (await granted.json()) as StreamGrant;
}

/** One simulated player at the live edge until `until` (ms). */
async function viewer(
  playlist: string,
  token: string,
  until: number,
  stats: {
    playlistMs: number[];
    playlists: number;
    segments: number;
    bytes: number;
    failed: number;
  },
) {
  // Players start at random moments, as an audience does.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 2000));
  let newest = -1;
  // Reload on a fixed schedule (as hls.js does), however long the previous round took.
  let next = Date.now();
  while (Date.now() < until) {
    next += 2000;
    const started = performance.now();
    const res = await fetch(playlist);
    const text = await res.text();
    stats.playlistMs.push(performance.now() - started);
    stats.playlists += 1;
    if (res.status !== 200) stats.failed += 1;
    const sequences = [...text.matchAll(/^(\d+)\.m4s/gm)].map((m) => Number(m[1]));
    const last = sequences[sequences.length - 1] ?? -1;
    for (const sequence of newest < 0 ? [last] : sequences.filter((s) => s > newest)) {
      const segment = await fetch(new URL(`${sequence}.m4s?token=${token}`, playlist));
      stats.bytes += (await segment.arrayBuffer()).byteLength;
      stats.segments += 1;
      if (segment.status !== 200) stats.failed += 1;
    }
    newest = Math.max(newest, last);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-origin-bench-'));
  const api = await startApi({
    NODE_ENV: 'development',
    CREASE_DATA_DIR: dataDir,
    CREASE_BOT_CHECK: 'off',
    CREASE_SEED: 'true',
    CREASE_CATALOG_DEMO: 'true',
    LOG_LEVEL: PRODUCTION_LOG_LEVEL,
    API_PORT: '0',
    API_HOST: '127.0.0.1',
  });
  try {
    const grant = await grantStream(api.origin);
    const token = grant.playback.token;
    const playlist = new URL(`720p/index.m3u8?token=${token}`, grant.playlistUrl).toString();
    const warm = await fetch(playlist);
    if (warm.status !== 200) throw new Error(`playlist: ${warm.status} ${await warm.text()}`);

    const pid = api.child.pid!;
    const stats = { playlistMs: [] as number[], playlists: 0, segments: 0, bytes: 0, failed: 0 };
    const cpuBefore = cpuSeconds(pid);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: VIEWERS }, () => viewer(playlist, token, until, stats)));
    const wall = (Date.now() - started) / 1000;
    const cpu = cpuSeconds(pid) - cpuBefore;

    const capacity = await autocannon({ url: playlist, connections: 20, duration: 5 });

    console.info(
      `\nEmbedded origin on loopback: ${VIEWERS} simulated viewers at the live edge (720p) for ${wall.toFixed(1)} s; ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, Node ${process.version}`,
    );
    console.info('| measure | value |');
    console.info('| --- | --- |');
    console.info(`| playlist requests/s | ${(stats.playlists / wall).toFixed(1)} |`);
    console.info(`| segment requests/s | ${(stats.segments / wall).toFixed(1)} |`);
    console.info(`| megabits/s served | ${((stats.bytes * 8) / wall / 1e6).toFixed(1)} |`);
    console.info(
      `| playlist latency p50 / p99 ms | ${percentile(stats.playlistMs, 50).toFixed(1)} / ${percentile(stats.playlistMs, 99).toFixed(1)} |`,
    );
    console.info(
      `| API CPU per ${VIEWERS} viewers | ${((cpu / wall) * 100).toFixed(1)} % of one core (${(((cpu / wall) * 100 * 100) / VIEWERS).toFixed(1)} % per 100 viewers) |`,
    );
    // Simulated viewers on a busy machine may fall behind their schedule; the cost per request
    // then tells what 100 viewers on time (one playlist and one segment per 2 s each) cost.
    const cpuMsPerRequest = (cpu * 1000) / (stats.playlists + stats.segments);
    console.info(
      `| API CPU per request (playlist or segment) | ${cpuMsPerRequest.toFixed(2)} ms |`,
    );
    console.info(
      `| projected API CPU for 100 viewers on schedule (100 req/s) | ${((cpuMsPerRequest * 100) / 10).toFixed(1)} % of one core |`,
    );
    console.info(`| failed requests | ${stats.failed} |`);
    console.info(
      `| playlist capacity (autocannon, 20 connections, 5 s) | ${Math.round(capacity.requests.average)} req/s, p50 ${capacity.latency.p50} ms, p99 ${capacity.latency.p99} ms, non-2xx ${capacity.non2xx} |`,
    );
  } finally {
    api.child.kill('SIGTERM');
    await new Promise((resolve) =>
      api.child.exitCode !== null ? resolve(null) : api.child.once('exit', resolve),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
