/**
 * Renders the test-card loop once, at build/prepare time (`npm start`, the e2e web server, the
 * origin tests), never while serving: a 24 s test card (its clock and "TEST CARD" mark, no score:
 * decision 216) encoded by the static ffmpeg of @ffmpeg-installer/ffmpeg with libx264 into
 * fragmented MP4 at 1080p, 720p and 480p (a keyframe and a fragment every 0.4 s part, decision
 * 366), and one AAC commentary track per language, each with its own Morse ident (decision 217).
 * The origin cuts segments and parts from these files (media-library.ts; decision 110).
 * The result is cached under `<cacheRoot>/<recipe hash>/`; a finished render has `media.json`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Canvas } from './bitmap-font';
import type { Rgb } from './bitmap-font';
import {
  AUDIO_KBPS,
  AUDIO_SAMPLE_RATE,
  COMMENTARY,
  FRAME_RATE,
  KEYFRAME_FRAMES,
  KEYFRAME_SECONDS,
  LOOP_SECONDS,
  MORSE_UNIT_SECONDS,
  PART_SECONDS,
  RECIPE,
  RENDITION_RECIPES,
  SEGMENTS_PER_LOOP,
  SEGMENT_SECONDS,
  recipeHash,
} from './media-recipe';
import type { CommentaryRecipe, RenditionRecipe } from './media-recipe';
import { monotonicMs } from '../../platform/clock';

export const MEDIA_MANIFEST = 'media.json';
/** Each rendition's whole loop as one fragmented MP4 (init, then its fragments). */
export const STREAM_FILE = 'stream.mp4';

/** The folder (and origin rendition name) of a commentary language: `audio-en`. */
export const commentaryFolder = (code: string) => `audio-${code}`;

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

/**
 * The card's mark for segment `index`: "TEST CARD" and the loop's clock. No score: the picture
 * must never contradict the match, so the player draws the score from the timeline (decision 216).
 */
function testCardMark(index: number): Buffer {
  const canvas = new Canvas(420, 120, NAVY);
  canvas.fill(0, 0, 8, 120, GOLD);
  canvas.text(28, 20, 'TEST CARD', 5, WHITE);
  const seconds = index * SEGMENT_SECONDS;
  canvas.text(28, 76, `LOOP 00:${String(seconds).padStart(2, '0')}`, 4, GOLD);
  return canvas.toPpm();
}

/** [start, end) seconds of each tone of a Morse string, one unit per dot. */
export function morseTones(morse: string): [number, number][] {
  const tones: [number, number][] = [];
  let at = 0;
  for (const symbol of morse) {
    if (symbol === ' ') {
      at += 2 * MORSE_UNIT_SECONDS; // with the gap after the last symbol: three units
      continue;
    }
    const length = (symbol === '-' ? 3 : 1) * MORSE_UNIT_SECONDS;
    tones.push([at, at + length]);
    at += length + MORSE_UNIT_SECONDS;
  }
  return tones;
}

/** ffmpeg aevalsrc: the language's Morse ident at the start of every segment over a quiet bed. */
function commentaryExpression(language: CommentaryRecipe): string {
  const phase = `mod(t\\,${SEGMENT_SECONDS})`;
  const gate = morseTones(language.morse)
    .map(([from, to]) => `between(${phase}\\,${from.toFixed(3)}\\,${to.toFixed(3)})`)
    .join('+');
  return `0.3*sin(2*PI*${language.identHz}*t)*(${gate})+0.06*sin(2*PI*${language.bedHz}*t)`;
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

/** Fragmented MP4 in one file per rendition: moov up front, every fragment on its own base. */
const FRAGMENTED = ['-f', 'mp4', '-movflags', '+empty_moov+default_base_moof'];

function videoArgs(r: RenditionRecipe, index: number): string[] {
  const gop = KEYFRAME_FRAMES;
  return [
    '-map',
    `[v${index}]`,
    '-an',
    '-t',
    String(LOOP_SECONDS),
    '-c:v',
    'libx264',
    '-preset',
    RECIPE.preset,
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
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    ...FRAGMENTED,
    // A fragment per LL-HLS part (10 frames), each opening on its keyframe.
    '-frag_duration',
    String(Math.round(PART_SECONDS * 1e6)),
    `${r.name}/${STREAM_FILE}`,
  ];
}

function audioArgs(language: CommentaryRecipe, input: number): string[] {
  return [
    '-map',
    `${input}:a`,
    '-t',
    String(LOOP_SECONDS),
    '-c:a',
    'aac',
    '-b:a',
    `${AUDIO_KBPS}k`,
    '-ar',
    String(AUDIO_SAMPLE_RATE),
    '-ac',
    '2',
    // One fragment per AAC frame: the origin groups them into parts by time (media-library.ts).
    ...FRAGMENTED.slice(0, 3),
    '+empty_moov+default_base_moof+frag_every_frame',
    `${commentaryFolder(language.code)}/${STREAM_FILE}`,
  ];
}

function ffmpegArgs(): string[] {
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
    '-framerate',
    `1/${SEGMENT_SECONDS}`,
    '-i',
    'overlay/%02d.ppm',
  ];
  for (const language of COMMENTARY)
    args.push(
      '-f',
      'lavfi',
      '-i',
      `aevalsrc=${commentaryExpression(language)}:s=${AUDIO_SAMPLE_RATE}:c=stereo:d=${LOOP_SECONDS}`,
    );
  args.push(
    '-filter_complex',
    `[0:v][1:v]overlay=x=${RECIPE.card.x}:y=${RECIPE.card.y}:eof_action=repeat,format=yuv420p,split=${RENDITION_RECIPES.length}${split};${scaled}`,
  );
  RENDITION_RECIPES.forEach((r, i) => args.push(...videoArgs(r, i)));
  COMMENTARY.forEach((language, i) => args.push(...audioArgs(language, 2 + i)));
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
        testCardMark(i),
      );
    // ffmpeg's image2 pattern starts at 1 by default; the score of segment 0 is image 01.
    const folders = [
      ...RENDITION_RECIPES.map((r) => r.name),
      ...COMMENTARY.map((c) => commentaryFolder(c.code)),
    ];
    for (const folder of folders) fs.mkdirSync(path.join(work, folder));
    log(`Rendering the stream test card (${LOOP_SECONDS} s loop, ${folders.join(', ')})…`);
    const started = monotonicMs();
    await run(ffmpegPath(), ffmpegArgs(), work);
    const seconds = (monotonicMs() - started) / 1000;
    fs.rmSync(path.join(work, 'overlay'), { recursive: true });
    for (const folder of folders)
      if (!fs.existsSync(path.join(work, folder, STREAM_FILE)))
        throw new Error(`${folder}: ffmpeg wrote no ${STREAM_FILE}`);
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
