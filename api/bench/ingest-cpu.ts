/**
 * bench:ingest's CPU figures (decision 486): a transcoder's CPU seconds (user + system, from
 * /proc/<pid>/stat) per second of media it got through. The site's own transcoder is found by
 * its command line (ffmpeg reading the site's RTMP port); the ladder, one rendition and a plain
 * `-c copy` are run beside it as second players of the same live stream with the transcoder's
 * own arguments (transcoderArgs), their outputs drained and counted, their progress read from
 * ffmpeg's `-progress`, so a run that could not keep real time is seen as such.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { ffmpegPath } from '../src/streams';
import { cpuTicks } from '../src/ingest/bench/ingest-figures';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** A process's CPU seconds so far, or null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    return cpuTicks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The pid of the ffmpeg that reads `inputPrefix` (the site's transcoder), except `not`. */
export function transcoderPid(inputPrefix: string, not: ReadonlySet<number> = new Set()) {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || not.has(Number(entry))) continue;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const input = argv[argv.indexOf('-i') + 1];
    if (argv.includes('-i') && input?.startsWith(inputPrefix) && argv.includes('-filter_complex'))
      return Number(entry);
  }
  return null;
}

export interface SideRun {
  name: string;
  /** CPU seconds per second of media processed. */
  cpuPerMediaSecond: number;
  /** Media seconds per wall second over the window (1 = real time). */
  speed: number;
  /** Output bytes per media second, by output (pipe 3, 4, …). */
  bytesPerMediaSecond: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `args` (outputs on pipe:3…) beside the site for `seconds` after a warm-up. */
export async function sideTranscode(
  name: string,
  args: readonly string[],
  seconds: number,
): Promise<SideRun> {
  const outputs = args.filter((arg) => /^pipe:\d+$/.test(arg)).length;
  const child = spawn(ffmpegPath(), ['-progress', 'pipe:1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe', ...Array.from({ length: outputs }, () => 'pipe' as const)],
  });
  const bytes = Array.from({ length: outputs }, () => 0);
  for (let i = 0; i < outputs; i++)
    (child.stdio[3 + i] as Readable).on('data', (chunk: Buffer) => (bytes[i]! += chunk.length));
  let mediaUs = 0;
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const match of text.matchAll(/out_time_ms=(\d+)/g)) mediaUs = Number(match[1]);
    text = text.slice(-200);
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-1000)));
  try {
    await sleep(4000);
    const start = {
      cpu: cpuSeconds(child.pid!),
      media: mediaUs,
      wall: Date.now(),
      bytes: [...bytes],
    };
    await sleep(seconds * 1000);
    const end = { cpu: cpuSeconds(child.pid!), media: mediaUs, wall: Date.now() };
    if (start.cpu === null || end.cpu === null || child.exitCode !== null)
      throw new Error(`${name}: ffmpeg ended during the measurement: ${stderr.trim()}`);
    const media = (end.media - start.media) / 1e6;
    if (!(media > 0)) throw new Error(`${name}: ffmpeg made no progress: ${stderr.trim()}`);
    return {
      name,
      cpuPerMediaSecond: (end.cpu - start.cpu) / media,
      speed: media / ((end.wall - start.wall) / 1000),
      bytesPerMediaSecond: bytes.map((total, i) => (total - start.bytes[i]!) / media),
    };
  } finally {
    child.kill('SIGKILL');
  }
}

/** `-c copy` of the same feed into 0.4 s fMP4 fragments: what passthrough would cost. */
export function copyArgs(inputUrl: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', inputUrl],
    ...['-map', '0:v:0', '-c', 'copy', '-f', 'mp4'],
    ...['-movflags', '+empty_moov+default_base_moof', '-frag_duration', '400000', 'pipe:3'],
    ...['-map', '0:a:0', '-c', 'copy', '-f', 'mp4'],
    ...['-movflags', '+empty_moov+default_base_moof+frag_every_frame', 'pipe:4'],
  ];
}
