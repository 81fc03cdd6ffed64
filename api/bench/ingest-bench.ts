/**
 * `npm run bench:ingest` (issue 32 §8, decisions 485–487): a synthetic feed through the real
 * ingest path, and the picture read in Chromium. The site runs as `npm start` runs it (own port,
 * RTMP port and data folder); the operator API makes a match, a stream key and the match live;
 * ffmpeg publishes RTMP whose every frame carries its capture time as blocks (frame-code.ts); the
 * demo viewer watches the match on /player and the page samples every presented frame. Per
 * cycle (--cycles, 3):
 * - connect to frame: encoder started → the first feed frame Chromium presents;
 * - glass to glass, for every feed frame over --seconds (20): presented − captured, both on this
 *   machine's wall clock;
 * - loss to slate: the encoder SIGKILLed → the first slate frame Chromium presents.
 * Then CPU (decision 486): the site's transcoder, and beside it the full ladder, one rendition
 * and `-c copy` of the same feed, each for --cpu-seconds (20). Every response and every frame
 * check must hold, or no figure is printed and the exit code is 1 (decisions 180, 487).
 * Usage: npm run bench:ingest -- [--cycles 3] [--seconds 20] [--cpu-seconds 20]
 *   [--renditions 480p|all] [--quality 480p] [--record]  (BENCH_PORT 4880, BENCH_RTMP_PORT 19880)
 * --record adds the run's CPU and storage to deploy/capacity/ingest-measured.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ResponseCheck, UnexpectedResponses, runBench } from '@crease/test-utils/bench-kit';
import { frameLook } from '../src/ingest/bench/frame-look';
import { msSinceCode } from '../src/ingest/bench/frame-code';
import {
  FailedChecks,
  FrameChecks,
  ingestLastLine,
  ingestVerdict,
  isRefusal,
  median,
} from '../src/ingest/bench/ingest-figures';
import { transcoderArgs } from '../src/ingest/server/transcoder';
import { PART_SECONDS, RENDITION_RECIPES } from '../src/streams';
import { copyArgs, cpuSeconds, sideTranscode, transcoderPid } from './ingest-cpu';
import { startStampedEncoder } from './ingest-encoder';
import type { StampedEncoder } from './ingest-encoder';
import { recordIngestRun } from './ingest-record';
import { makeLiveMatch, startIngestSite } from './ingest-site';
import { openViewer } from './ingest-viewer';
import type { Viewer } from './ingest-viewer';

const { values: options } = parseArgs({
  options: {
    cycles: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    'cpu-seconds': { type: 'string', default: '20' },
    renditions: { type: 'string', default: '480p' },
    quality: { type: 'string' },
    record: { type: 'boolean' },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 4880);
const RTMP_PORT = Number(process.env.BENCH_RTMP_PORT ?? 19880);
const CYCLES = Number(options.cycles);
const STEADY_SECONDS = Number(options.seconds);
const CPU_SECONDS = Number(options['cpu-seconds']);
const RENDITIONS = options.renditions!;
/** The viewer picks the transcoded rendition (the others play the test card, decision 418). */
const QUALITY =
  options.quality ?? (RENDITIONS.includes(',') || RENDITIONS === 'all' ? null : RENDITIONS);
const CONNECT_LIMIT_MS = 60_000;
const SLATE_LIMIT_MS = 30_000;
const SLATE_HOLD_MS = 4000;

const responses = new ResponseCheck();
const checks = new FrameChecks();
const lines: string[] = [];
const report = (line: string) => lines.push(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

/** Every encoder's capture times, by code (codes of different encoders differ: wall time). */
const encoders: StampedEncoder[] = [];
const capturedAt = (code: number) => {
  for (const encoder of encoders) {
    const at = encoder.capturedAt.get(code);
    if (at !== undefined) return at;
  }
  return undefined;
};
let unknownCodes = 0;
const glassToGlass: number[] = [];
const connectToFrame: number[] = [];
const lossToSlate: number[] = [];

/**
 * Reads the viewer's presented frames for `limitMs`, or until `until` says a frame is the one
 * awaited (returns it; not seen by then: throws). Every feed frame's glass to glass is kept
 * when `measure`.
 */
async function watchFrames(
  viewer: Viewer,
  what: string,
  limitMs: number,
  until: ((kind: string, code: number, displayMs: number) => boolean) | null,
  measure: boolean,
) {
  const deadline = Date.now() + limitMs;
  const seen = { feed: 0, slate: 0, other: 0 };
  while (Date.now() < deadline) {
    for (const frame of await viewer.frames()) {
      const look = frameLook(frame);
      seen[look.kind] += 1;
      if (look.kind === 'feed') {
        const at = capturedAt(look.code);
        if (at === undefined) unknownCodes += 1;
        else if (measure) glassToGlass.push(frame.displayMs - at);
      }
      const code = look.kind === 'feed' ? look.code : -1;
      if (until?.(look.kind, code, frame.displayMs)) return { frame, seen };
    }
    const error = await viewer.samplerError();
    if (error) throw new FailedChecks(`the page could not sample the video: ${error}`);
    await sleep(200);
  }
  if (!until) return { frame: null, seen };
  // A picture that never comes is a failed frame check: no figure (decision 487).
  throw new FailedChecks(
    `${what}: not seen within ${limitMs / 1000} s (frames seen: ${JSON.stringify(seen)})`,
  );
}

async function cycle(viewer: Viewer, target: string, index: number): Promise<void> {
  const encoder = startStampedEncoder(target);
  encoders.push(encoder);
  void encoder.exited.then((code) => {
    if (!encoder.child.killed)
      checks.expect(false, `the encoder exited by itself (${code}): ${encoder.said().trim()}`);
  });
  const connected = await watchFrames(
    viewer,
    'the first feed frame',
    CONNECT_LIMIT_MS,
    (kind, code) => kind === 'feed' && encoder.capturedAt.has(code),
    true,
  );
  connectToFrame.push(connected.frame!.displayMs - encoder.startedAt);
  const before = glassToGlass.length;
  const steady = await watchFrames(viewer, 'steady', STEADY_SECONDS * 1000, null, true);
  const cycleG2g = glassToGlass.slice(before);
  checks.expect(steady.seen.feed > 0, `cycle ${index}: no feed frame over the steady window`);
  // The feed is cut while its picture is on screen (a starved machine can leave the slate up).
  await watchFrames(
    viewer,
    'the feed on screen',
    CONNECT_LIMIT_MS,
    (kind) => kind === 'feed',
    true,
  );
  const killedAt = Date.now();
  encoder.child.kill('SIGKILL');
  await encoder.exited;
  const slate = await watchFrames(
    viewer,
    'the slate after the feed was cut',
    SLATE_LIMIT_MS,
    (kind, _code, at) => kind === 'slate' && at > killedAt,
    false,
  );
  lossToSlate.push(slate.frame!.displayMs - killedAt);
  // The burned-in time is the encoder's clock; a loaded machine makes frames later than it says.
  const lag = [...encoder.capturedAt].map(([code, at]) => msSinceCode(code, at));
  // The playlist keeps advancing: slate frames keep coming while the feed is away.
  const held = await watchFrames(viewer, 'slate hold', SLATE_HOLD_MS, null, false);
  checks.expect(
    held.seen.slate > 0,
    `cycle ${index}: the slate stopped (frames: ${JSON.stringify(held.seen)})`,
  );
  checks.expect(
    encoder.unreadable === 0,
    `the encoder made ${encoder.unreadable} frames without a readable code`,
  );
  report(
    `cycle ${index}: connect → first frame ${seconds(connectToFrame.at(-1)!)}; glass to glass over ` +
      `${cycleG2g.length} frames median ${seconds(median(cycleG2g))} (min ${seconds(Math.min(...cycleG2g))}, ` +
      `max ${seconds(Math.max(...cycleG2g))}); frames: ${steady.seen.feed} feed, ${steady.seen.slate} slate, ${steady.seen.other} other; ` +
      `loss → slate ${seconds(lossToSlate.at(-1)!)} (frames in between: ${slate.seen.feed} feed, ` +
      `${slate.seen.other} other); the encoder's frames left it a median ${seconds(median(lag))} ` +
      'after their burned-in time (its start-up and, under load, falling behind real time)',
  );
}

/** Bytes of the part files per track of the channel, and how many parts. */
function partsOnDisk(liveDir: string): { track: string; parts: number; bytes: number }[] {
  if (!fs.existsSync(liveDir)) return [];
  return fs.readdirSync(liveDir).map((track) => {
    const files = fs.readdirSync(path.join(liveDir, track)).filter((f) => /^\d+\.\d\.m4s$/.test(f));
    const bytes = files.reduce((sum, f) => sum + fs.statSync(path.join(liveDir, track, f)).size, 0);
    return { track, parts: files.length, bytes };
  });
}

async function cpuPhase(target: string, inputUrl: string, channelLive: string) {
  const encoder = startStampedEncoder(target);
  encoders.push(encoder);
  try {
    // Under load the transcoder may die and be restarted (decision 417): measured on the next.
    let site: number | null = null;
    for (let attempt = 0; attempt < 3 && site === null; attempt++) {
      let pid: number | null = null;
      for (let i = 0; i < 60 && pid === null; i++) {
        await sleep(500);
        pid = transcoderPid(inputUrl);
      }
      if (pid === null) break;
      await sleep(4000);
      const start = { cpu: cpuSeconds(pid), wall: Date.now() };
      await sleep(CPU_SECONDS * 1000);
      const end = { cpu: cpuSeconds(pid), wall: Date.now() };
      if (start.cpu !== null && end.cpu !== null)
        site = (end.cpu - start.cpu) / ((end.wall - start.wall) / 1000);
      else report("the site's transcoder ended during its measurement and was restarted");
    }
    report(
      site === null
        ? "site's transcoder: no figure (it did not run 20 s without a restart)"
        : `site's transcoder (${RENDITIONS} + AAC): ${site.toFixed(2)} CPU s per wall s`,
    );
    const ladder = await sideTranscode(
      'full ladder',
      transcoderArgs(inputUrl, RENDITION_RECIPES),
      CPU_SECONDS,
    );
    const lower = await sideTranscode(
      'the ladder without 1080p (what passing the top through leaves to encode)',
      transcoderArgs(
        inputUrl,
        RENDITION_RECIPES.filter((r) => r.name !== '1080p'),
      ),
      CPU_SECONDS,
    );
    const single = await sideTranscode(
      '480p only',
      transcoderArgs(
        inputUrl,
        RENDITION_RECIPES.filter((r) => r.name === '480p'),
      ),
      CPU_SECONDS,
    );
    const copy = await sideTranscode(
      '-c copy (passthrough reference)',
      copyArgs(inputUrl),
      CPU_SECONDS,
    );
    for (const run of [ladder, lower, single, copy])
      report(
        `${run.name}: ${run.cpuPerMediaSecond.toFixed(3)} CPU s per media s at ${run.speed.toFixed(2)}x real time ` +
          `(${(1 / run.cpuPerMediaSecond).toFixed(2)} channels per core)`,
      );
    const mbPerHour = (perSecond: number) => ((perSecond * 3600) / 1e6).toFixed(0);
    report(
      `storage, full ladder from its outputs: ${mbPerHour(ladder.bytesPerMediaSecond.reduce((a, b) => a + b, 0))} MB per match hour ` +
        `(${[...RENDITION_RECIPES.map((r) => r.name), 'audio'].map((n, i) => `${n} ${mbPerHour(ladder.bytesPerMediaSecond[i]!)}`).join(', ')})`,
    );
    for (const { track, parts, bytes } of partsOnDisk(channelLive))
      report(
        `storage, parts on disk ${track}: ${parts} parts, ${(bytes / 1e6).toFixed(1)} MB, ` +
          `${mbPerHour(bytes / (parts * PART_SECONDS))} MB per match hour (slate parts included)`,
      );
    if (ladder.speed < 0.95)
      report(
        'the ladder did not keep real time beside the site and the machine’s other work: its cost ' +
          'is counted per media second, so channels per core holds for a core of its own',
      );
    return {
      ladder,
      passthroughCpuPerSecond: lower.cpuPerMediaSecond + copy.cpuPerMediaSecond,
      ladderBytesPerSecond: ladder.bytesPerMediaSecond.reduce((a, b) => a + b, 0),
    };
  } finally {
    encoder.child.kill('SIGKILL');
  }
}

/** Progress on stderr, without a figure (figures wait until every check held). */
const progress = (line: string) => console.error(`bench:ingest: ${line}`);

runBench(async () => {
  const dataDir = path.join(os.tmpdir(), `crease-bench-ingest-${PORT}`);
  const loadBefore = load();
  progress(`starting the site on ${PORT} (RTMP ${RTMP_PORT}, data ${dataDir})`);
  const site = await startIngestSite({
    port: PORT,
    rtmpPort: RTMP_PORT,
    dataDir,
    renditions: RENDITIONS,
  });
  try {
    const match = await makeLiveMatch(responses, PORT);
    const target = `rtmp://127.0.0.1:${RTMP_PORT}/live/${match.key.streamKey}`;
    const viewer = await openViewer({
      port: PORT,
      leagueId: match.leagueId,
      eventId: match.eventId,
      quality: QUALITY,
      check: responses,
    });
    try {
      for (let i = 1; i <= CYCLES; i++) {
        progress(`cycle ${i} of ${CYCLES}: encoder on, steady ${STEADY_SECONDS} s, encoder cut`);
        await cycle(viewer, target, i);
      }
    } finally {
      await viewer.browser.close();
    }
    checks.expect(
      unknownCodes === 0,
      `${unknownCodes} feed frames carried a capture time no encoder made`,
    );
    progress('CPU: the site’s transcoder, then the ladder, 480p and -c copy beside it');
    const cpu = await cpuPhase(target, target, path.join(dataDir, 'live', match.channelId));
    const figures = ingestVerdict(responses, checks, {
      glassToGlassMs: glassToGlass,
      connectToFrameMs: connectToFrame,
      lossToSlateMs: lossToSlate,
      ladderCpuPerWallSecond: cpu.ladder.cpuPerMediaSecond,
    });
    console.info(
      `bench:ingest: site on ${PORT}, RTMP ${RTMP_PORT}, renditions ${RENDITIONS}, viewer quality ${QUALITY ?? 'auto'}`,
    );
    for (const line of lines) console.info(line);
    console.info(
      `glass to glass over ${glassToGlass.length} frames: median ${seconds(median(glassToGlass))}, ` +
        `p95 ${seconds([...glassToGlass].sort((a, b) => a - b)[Math.floor(glassToGlass.length * 0.95)]!)}`,
    );
    console.info(
      `${responses.total()} responses checked; load average (1/5/15 min) ${loadBefore} before, ${load()} after`,
    );
    if (options.record) {
      const file = recordIngestRun({
        ladderCpuPerSecond: cpu.ladder.cpuPerMediaSecond,
        passthroughCpuPerSecond: cpu.passthroughCpuPerSecond,
        partsMegabytesPerHour: (cpu.ladderBytesPerSecond * 3600) / 1e6,
      });
      console.info(`recorded in ${file} (npm run capacity writes docs/capacity.md from it)`);
    }
    console.info(ingestLastLine(figures));
  } catch (error) {
    // A refusal names what failed, without a stack; anything else is a crash and keeps its own.
    if (isRefusal(error)) throw new UnexpectedResponses((error as Error).message);
    throw error;
  } finally {
    site.stop();
  }
});
