/**
 * Renders the test-card loop once, at build/prepare time (`npm start`, the e2e web server, the
 * origin tests), never while serving: a 24 s match-style test card with a running score and a
 * beeping tone, encoded by the static ffmpeg of @ffmpeg-installer/ffmpeg with libx264 + AAC into
 * fMP4 HLS segments of 2 s with aligned keyframes at 1080p, 720p and 480p (decision 110).
 * The result is cached under `<cacheRoot>/<recipe hash>/`; a finished render has `media.json`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Canvas, textWidth } from './bitmap-font';
import type { Rgb } from './bitmap-font';
import {
  AUDIO_SAMPLE_RATE,
  CARD_TEAMS,
  FRAME_RATE,
  LOOP_SECONDS,
  RECIPE,
  RENDITION_RECIPES,
  SEGMENTS_PER_LOOP,
  SEGMENT_SECONDS,
  recipeHash,
  scoreline,
} from './media-recipe';

export const MEDIA_MANIFEST = 'media.json';

export interface RenderedMedia {
  dir: string;
  /** False when the cache already had it. */
  rendered: boolean;
  /** Wall seconds the encode took (0 from cache). */
  seconds: number;
  bytes: number;
}

/** `<cacheRoot>/<hash>`: where this recipe's media lives (rendered or not). */
export function mediaDirFor(cacheRoot: string): string {
  return path.join(cacheRoot, recipeHash());
}

export function isRendered(dir: string): boolean {
  return fs.existsSync(path.join(dir, MEDIA_MANIFEST));
}

function ffmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

const NAVY: Rgb = [16, 28, 58];
const WHITE: Rgb = [255, 255, 255];
const GOLD: Rgb = [240, 190, 40];
const RED: Rgb = [210, 30, 40];

/** The scorebug for segment `index`: drawn on a 1080p canvas, scaled down with the picture. */
function scorebug(index: number): Buffer {
  const score = scoreline(index);
  const canvas = new Canvas(960, 190, NAVY);
  canvas.fill(0, 0, 12, 190, GOLD);
  canvas.text(40, 28, `${CARD_TEAMS.batting}  ${score.runs}/${score.wickets}`, 6, WHITE);
  canvas.text(40, 28 + 7 * 6 + 24, `V ${CARD_TEAMS.bowling}`, 5, GOLD);
  const overs = `(${score.overs})`;
  canvas.text(960 - 40 - textWidth(overs, 6), 28, overs, 6, WHITE);
  canvas.fill(960 - 40 - textWidth('LIVE', 5) - 20, 110, textWidth('LIVE', 5) + 40, 55, RED);
  canvas.text(960 - 40 - textWidth('LIVE', 5), 120, 'LIVE', 5, WHITE);
  canvas.text(
    40,
    160,
    `TEST CARD  ${String(index + 1).padStart(2, '0')}/${SEGMENTS_PER_LOOP}`,
    2,
    WHITE,
  );
  return canvas.toPpm();
}

function run(binary: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}:\n${stderr}`)),
    );
  });
}

function ffmpegArgs(): string[] {
  const gop = FRAME_RATE * SEGMENT_SECONDS;
  const beep = `0.25*sin(2*PI*880*t)*lt(mod(t\\,1)\\,0.08)+0.08*sin(2*PI*220*t)`;
  const split = RENDITION_RECIPES.map((_, i) => `[s${i}]`).join('');
  const scaled = RENDITION_RECIPES.map(
    (r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`,
  ).join(';');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=${FRAME_RATE}:duration=${LOOP_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${beep}:s=${AUDIO_SAMPLE_RATE}:c=stereo:d=${LOOP_SECONDS}`,
    '-framerate',
    `1/${SEGMENT_SECONDS}`,
    '-i',
    'overlay/%02d.ppm',
    '-filter_complex',
    `[0:v][2:v]overlay=x=${RECIPE.scorebug.x}:y=${RECIPE.scorebug.y}:eof_action=repeat,format=yuv420p,split=${RENDITION_RECIPES.length}${split};${scaled}`,
  ];
  RENDITION_RECIPES.forEach((r, i) => {
    args.push(
      '-map',
      `[v${i}]`,
      '-map',
      '1:a',
      '-t',
      String(LOOP_SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-crf',
      String(r.crf),
      '-maxrate',
      `${r.maxKbps}k`,
      '-bufsize',
      `${r.maxKbps}k`,
      '-r',
      String(FRAME_RATE),
      '-g',
      String(gop),
      '-keyint_min',
      String(gop),
      '-sc_threshold',
      '0',
      '-bf',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-c:a',
      'aac',
      '-b:a',
      `${r.audioKbps}k`,
      '-ar',
      String(AUDIO_SAMPLE_RATE),
      '-ac',
      '2',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_segment_filename',
      `${r.name}/%d.m4s`,
      `${r.name}/source.m3u8`,
    );
  });
  return args;
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  return total;
}

/**
 * Makes sure this recipe's media exists under `cacheRoot`, rendering it when missing. Renders in
 * a temporary folder next to the cache and renames it into place, so a crash never leaves a
 * half-written cache entry and two concurrent callers cannot corrupt each other.
 */
export async function ensureStreamMedia(
  cacheRoot: string,
  log: (line: string) => void = () => undefined,
): Promise<RenderedMedia> {
  const dir = mediaDirFor(cacheRoot);
  if (isRendered(dir)) return { dir, rendered: false, seconds: 0, bytes: dirBytes(dir) };
  fs.mkdirSync(cacheRoot, { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheRoot, `.render-${os.hostname()}-`));
  try {
    fs.mkdirSync(path.join(work, 'overlay'));
    for (let i = 0; i < SEGMENTS_PER_LOOP; i++)
      fs.writeFileSync(
        path.join(work, 'overlay', `${String(i + 1).padStart(2, '0')}.ppm`),
        scorebug(i),
      );
    // ffmpeg's image2 pattern starts at 1 by default; the score of segment 0 is image 01.
    for (const r of RENDITION_RECIPES) fs.mkdirSync(path.join(work, r.name));
    log(
      `Rendering the stream test card (${LOOP_SECONDS} s loop, ${RENDITION_RECIPES.map((r) => r.name).join(', ')})…`,
    );
    const started = process.hrtime.bigint();
    await run(ffmpegPath(), ffmpegArgs(), work);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    fs.rmSync(path.join(work, 'overlay'), { recursive: true });
    for (const r of RENDITION_RECIPES) {
      const files = fs.readdirSync(path.join(work, r.name)).filter((f) => f.endsWith('.m4s'));
      if (files.length !== SEGMENTS_PER_LOOP)
        throw new Error(
          `${r.name}: expected ${SEGMENTS_PER_LOOP} segments, ffmpeg wrote ${files.length}`,
        );
    }
    const bytes = dirBytes(work);
    fs.writeFileSync(
      path.join(work, MEDIA_MANIFEST),
      JSON.stringify({ recipe: recipeHash(), renderSeconds: seconds, bytes }, null, 2),
    );
    try {
      fs.renameSync(work, dir);
    } catch (error) {
      // Another process finished the same render first: theirs is as good as ours.
      if (!isRendered(dir)) throw error;
      fs.rmSync(work, { recursive: true, force: true });
    }
    log(
      `Rendered the stream test card in ${seconds.toFixed(1)} s (${(bytes / 1e6).toFixed(1)} MB).`,
    );
    return { dir, rendered: true, seconds, bytes };
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
