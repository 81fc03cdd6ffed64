/**
 * The slate viewers see while a channel's feed is down (issue 32 §4, decision 439): "We'll be
 * right back" over silence, rendered once when the ingest server starts, by the same ffmpeg with
 * the test card's own encoder settings (videoCodecArgs, AUDIO_CODEC_ARGS), so its init segments
 * are the test card's byte for byte and a player goes from live to slate and back with no new
 * init, no discontinuity and no error. It is a 1.6 s loop: four 0.4 s parts, each opening on a
 * keyframe, and exactly 75 AAC frames, so any slot of the origin's timeline can be cut from it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  AUDIO_CODEC_ARGS,
  COMMENTARY,
  Canvas,
  FRAME_RATE,
  PART_SECONDS,
  commentaryFolder,
  ffmpegPath,
  readInitSegment,
  shiftSegment,
  splitFragmentedFile,
  textWidth,
  videoCodecArgs,
} from '../../streams';
import type { RenditionRecipe } from '../../streams';

/** Parts in the loop: whole parts and whole AAC frames (1.6 s = 75 × 1024 samples at 48 kHz). */
export const SLATE_PARTS = 4;
const SLATE_SECONDS = SLATE_PARTS * PART_SECONDS;
const AAC_FRAME = 1024n;
/** The first AAC frames carry the encoder's priming: the loop is cut from the ones after. */
const AUDIO_SKIP_FRAMES = 4;
const FRAGMENTED = ['-f', 'mp4', '-movflags'];

/** One track of the slate: its timescale and its fragments (moof + mdat), in order. */
interface SlateTrack {
  timescale: bigint;
  fragments: { start: bigint; bytes: Buffer }[];
}

export interface SlateMedia {
  /** Video tracks by rendition name, and the audio by commentary folder (`audio-en`). */
  tracks: Map<string, SlateTrack>;
  audio: ReadonlySet<string>;
}

/** The slate's background: the test card's navy (bench:ingest recognises the slate by it). */
export const SLATE_NAVY: readonly [number, number, number] = [16, 28, 58];

/** The picture: the words, large and centred, on the test card's navy (scaled to each rendition). */
function slateCanvas(): Canvas {
  const canvas = new Canvas(640, 360, [...SLATE_NAVY]);
  const words = "WE'LL BE RIGHT BACK";
  canvas.text(Math.round((640 - textWidth(words, 4)) / 2), 150, words, 4, [255, 255, 255]);
  canvas.fill(200, 200, 240, 6, [240, 190, 40]);
  return canvas;
}

function renderArgs(recipes: readonly RenditionRecipe[], audioFolder: string): string[] {
  const split = recipes.map((_, i) => `[s${i}]`).join('');
  const scaled = recipes
    .map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`)
    .join(';');
  const args = [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...['-loop', '1', '-framerate', String(FRAME_RATE), '-i', 'slate.ppm'],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'],
    '-filter_complex',
    `[0:v]fps=${FRAME_RATE},format=yuv420p,split=${recipes.length}${split};${scaled}`,
  ];
  recipes.forEach((r, i) =>
    args.push(
      ...['-map', `[v${i}]`, '-an', '-t', String(SLATE_SECONDS), ...videoCodecArgs(r)],
      ...FRAGMENTED,
      '+empty_moov+default_base_moof',
      ...['-frag_duration', String(Math.round(PART_SECONDS * 1e6)), `${r.name}.mp4`],
    ),
  );
  // Audio one frame per fragment, as the live transcoder's: parts are cut by time.
  const audioSeconds = SLATE_SECONDS + (Number(AUDIO_SKIP_FRAMES) * 1024) / 48_000;
  args.push(
    ...['-map', '1:a', '-vn', '-t', audioSeconds.toFixed(4), ...AUDIO_CODEC_ARGS],
    ...FRAGMENTED,
    '+empty_moov+default_base_moof+frag_every_frame',
    `${audioFolder}.mp4`,
  );
  return args;
}

function run(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`slate render: ffmpeg exited ${code}: ${stderr}`)),
    );
  });
}

/**
 * Renders the slate into `dir` and loads it. A track whose init is not the test card's (`cardInit`)
 * is left out: the origin then serves the test card for it, which a player also decodes.
 */
export async function renderSlate(
  dir: string,
  recipes: readonly RenditionRecipe[],
  cardInit: (track: string) => Buffer | null,
  log: (line: string) => void,
): Promise<SlateMedia> {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'slate.ppm'), slateCanvas().toPpm());
  const audioFolder = commentaryFolder(COMMENTARY[0]?.code ?? 'en');
  await run(renderArgs(recipes, audioFolder), dir);
  return loadSlate(dir, [...recipes.map((r) => r.name), audioFolder], cardInit, log);
}

/** The rendered slate's tracks `names` from `dir` (what renderSlate wrote). */
export function loadSlate(
  dir: string,
  names: readonly string[],
  cardInit: (track: string) => Buffer | null,
  log: (line: string) => void = () => undefined,
): SlateMedia {
  const audioFolders = new Set(COMMENTARY.map((c) => commentaryFolder(c.code)));
  const tracks = new Map<string, SlateTrack>();
  for (const name of names) {
    const file = splitFragmentedFile(fs.readFileSync(path.join(dir, `${name}.mp4`)));
    const card = cardInit(name);
    if (!card || Buffer.compare(card, file.init) !== 0) {
      log(`slate ${name}: its init segment is not the test card's; not used`);
      continue;
    }
    const [timescale = 0] = [...readInitSegment(file.init).timescales.values()];
    const audio = audioFolders.has(name);
    const fragments = audio
      ? file.fragments.slice(AUDIO_SKIP_FRAMES)
      : file.fragments.filter((f) => f.independent);
    if (fragments.length < (audio ? 1 : SLATE_PARTS)) {
      log(`slate ${name}: ${fragments.length} fragments; not used`);
      continue;
    }
    tracks.set(name, { timescale: BigInt(timescale), fragments });
  }
  return { tracks, audio: audioFolders };
}

/** Ticks from the epoch to the start of slot `slot` (0.4 s = 2/5 s: the timescales divide). */
const slotTicks = (slot: number, timescale: bigint) => (BigInt(slot) * timescale * 2n) / 5n;

/**
 * The slate's part for slot `slot` of a track, its decode times on the origin's clock: a video
 * part is one loop fragment moved to the slot; an audio part holds the AAC frames that start in
 * the slot, on the 1024-sample grid from the epoch (as the live audio and the test card's are).
 */
export function slatePart(media: SlateMedia, track: string, slot: number): Buffer | null {
  const slate = media.tracks.get(track);
  if (!slate) return null;
  const at = (index: number, ticks: bigint) => {
    const fragment = slate.fragments[index % slate.fragments.length] as SlateTrack['fragments'][0];
    return shiftSegment(fragment.bytes, 1, () => ticks - fragment.start);
  };
  if (!media.audio.has(track)) return at(slot, slotTicks(slot, slate.timescale));
  const first = (slotTicks(slot, slate.timescale) + AAC_FRAME - 1n) / AAC_FRAME;
  const end = (slotTicks(slot + 1, slate.timescale) + AAC_FRAME - 1n) / AAC_FRAME;
  const frames: Buffer[] = [];
  for (let frame = first; frame < end; frame++) {
    frames.push(at(Number(frame % BigInt(slate.fragments.length)), frame * AAC_FRAME));
  }
  return Buffer.concat(frames);
}
