/**
 * One channel's live transcoder (issue 32 §2, decision 417): an ffmpeg process of its own reads
 * the publisher's RTMP stream from the media server and encodes the renditions the player knows
 * (1080p, 720p, 480p and the AAC commentary), with the test card's own encoder settings, into
 * fragmented MP4 on pipes: one fragment per 0.4 s part, each opening on a keyframe. This process
 * moves each fragment's decode times onto the origin's clock (ChannelClock) and writes it as
 * the part file the origin serves (`livePartPath`). A rendition whose init segment is not the
 * test card's byte for byte is not written: the origin would otherwise hand a player parts its
 * decoder was not set up for.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AUDIO_CODEC_ARGS,
  COMMENTARY,
  FRAME_RATE,
  PART_SECONDS,
  PARTS_PER_SEGMENT,
  RENDITION_RECIPES,
  STREAM_FILE,
  commentaryFolder,
  ffmpegPath,
  livePartPath,
  readInitSegment,
  shiftSegment,
  splitFragmentedFile,
  videoCodecArgs,
} from '../../streams';
import type { RenditionRecipe } from '../../streams';
import { ChannelClock } from './channel-clock';
import { writePartFile } from './channel-slate';
import { FragmentReader } from './fragment-reader';

const FRAGMENTED = ['-f', 'mp4', '-movflags'];
/** The feed's audio is the first commentary language's (a second track or feed: not yet). */
const FEED_LANGUAGE = commentaryFolder(COMMENTARY[0]?.code ?? 'en');
const AAC_FRAME = 1024n;
/** A transcoder that died is started again after this pause. */
const RESTART_AFTER_MS = 1000;

export interface TranscoderOptions {
  channelId: string;
  /** Where ffmpeg reads the publisher (the media server's RTMP URL of the stream). */
  inputUrl: string;
  liveDir: string;
  /** The rendered test card's folder (mediaDirFor): the live inits must equal its inits. */
  cardDir: string;
  /** The video renditions to make (empty: every one). */
  renditions: string[];
  nowMs: () => number;
  log: (line: string) => void;
  /** A live part was written (the channel's slate fills only what the feed leaves empty). */
  wrote?: (track: string, slot: number) => void;
  /** True while the producer holds the slate up: no part is written (decision 450). */
  held?: () => boolean;
}

export function transcoderArgs(inputUrl: string, recipes: readonly RenditionRecipe[]): string[] {
  const split = recipes.map((_, i) => `[s${i}]`).join('');
  const scaled = recipes
    .map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`)
    .join(';');
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-fflags',
    'nobuffer',
    '-i',
    inputUrl,
    '-filter_complex',
    `[0:v]fps=${FRAME_RATE},format=yuv420p,split=${recipes.length}${split};${scaled}`,
  ];
  recipes.forEach((r, i) =>
    args.push(
      '-map',
      `[v${i}]`,
      '-an',
      ...videoCodecArgs(r),
      ...FRAGMENTED,
      '+empty_moov+default_base_moof',
      '-frag_duration',
      String(Math.round(PART_SECONDS * 1e6)),
      `pipe:${3 + i}`,
    ),
  );
  args.push(
    '-map',
    '0:a:0',
    '-vn',
    ...AUDIO_CODEC_ARGS,
    ...FRAGMENTED,
    '+empty_moov+default_base_moof+frag_every_frame',
    `pipe:${3 + recipes.length}`,
  );
  return args;
}

/** One rendition's output: checks its init, then writes each part on the origin's clock. */
class RenditionWriter {
  private timescale = 0;
  private ok = false;
  private audio: { slot: number; bytes: Buffer[] } | null = null;
  private initBytes: Buffer = Buffer.alloc(0);

  constructor(
    private readonly name: string,
    private readonly video: boolean,
    private readonly transcoder: ChannelTranscoder,
  ) {}

  init(bytes: Buffer): void {
    const card = this.transcoder.cardInit(this.name);
    this.ok = card !== null && Buffer.compare(card, bytes) === 0;
    if (!this.ok) {
      this.transcoder.log(`${this.name}: the live init segment is not the test card's; not served`);
      return;
    }
    const [timescale] = [...readInitSegment(bytes).timescales.values()];
    this.timescale = timescale ?? 0;
    this.initBytes = bytes;
  }

  fragment(bytes: Buffer): void {
    if (!this.ok) return;
    const [fragment] = splitFragmentedFile(Buffer.concat([this.initBytes, bytes])).fragments;
    if (!fragment) return;
    const scale = BigInt(this.timescale);
    const mediaMs = Number((fragment.start * 1000n) / scale);
    const offsetMs = this.transcoder.clock.place(mediaMs);
    let shift = (BigInt(offsetMs) * scale) / 1000n;
    // Audio on the 1024-sample grid from the epoch, as the test card's frames are.
    if (!this.video) shift = ((fragment.start + shift) / AAC_FRAME) * AAC_FRAME - fragment.start;
    const moved = shiftSegment(bytes, 1, () => shift);
    const startTicks = fragment.start + shift;
    // Whole ticks: at 5e8 parts since the epoch, floating point puts 5.2 s in the 5.0 s part.
    const slot = Number((startTicks * 10n) / (scale * BigInt(PART_SECONDS * 10)));
    if (this.video) return void this.write(slot, moved);
    if (this.audio && this.audio.slot !== slot) this.flushAudio();
    this.audio ??= { slot, bytes: [] };
    this.audio.bytes.push(moved);
  }

  private flushAudio(): void {
    if (!this.audio) return;
    this.write(this.audio.slot, Buffer.concat(this.audio.bytes));
    this.audio = null;
  }

  private write(slot: number, bytes: Buffer): void {
    // The slate is held up by hand: the channel's slate writer fills this slot instead.
    if (this.transcoder.held()) return;
    const sequence = Math.floor(slot / PARTS_PER_SEGMENT);
    const file = livePartPath(
      this.transcoder.liveDir,
      this.transcoder.channelId,
      this.name,
      sequence,
      slot % PARTS_PER_SEGMENT,
    );
    // A slot the slate already filled keeps the slate: the live part came too late to air.
    if (writePartFile(file, bytes)) this.transcoder.wrote(this.name, slot);
  }
}

export class ChannelTranscoder {
  clock: ChannelClock;
  private child: ChildProcess | null = null;
  private stopped = false;
  private readonly inits = new Map<string, Buffer | null>();
  readonly channelId: string;
  readonly liveDir: string;

  constructor(private readonly options: TranscoderOptions) {
    this.clock = new ChannelClock(options.nowMs);
    this.channelId = options.channelId;
    this.liveDir = options.liveDir;
  }

  held(): boolean {
    return this.options.held?.() ?? false;
  }

  wrote(track: string, slot: number): void {
    this.options.wrote?.(track, slot);
  }

  log(line: string): void {
    this.options.log(`[ingest ${this.channelId}] ${line}`);
  }

  /** The test card's init segment of a rendition, read once. */
  cardInit(name: string): Buffer | null {
    if (!this.inits.has(name)) {
      const file = path.join(this.options.cardDir, name, STREAM_FILE);
      this.inits.set(
        name,
        fs.existsSync(file) ? splitFragmentedFile(fs.readFileSync(file)).init : null,
      );
    }
    return this.inits.get(name) ?? null;
  }

  start(): void {
    this.clock = new ChannelClock(this.options.nowMs);
    const wanted = this.options.renditions;
    const recipes = RENDITION_RECIPES.filter((r) => !wanted.length || wanted.includes(r.name));
    const outputs = recipes.length + 1;
    const child = spawn(ffmpegPath(), transcoderArgs(this.options.inputUrl, recipes), {
      stdio: [
        'ignore',
        'ignore',
        'pipe',
        ...Array.from({ length: outputs }, () => 'pipe' as const),
      ],
    });
    this.child = child;
    const writers = [
      ...recipes.map((r) => new RenditionWriter(r.name, true, this)),
      new RenditionWriter(FEED_LANGUAGE, false, this),
    ];
    writers.forEach((writer, i) => {
      const reader = new FragmentReader(writer);
      (child.stdio[3 + i] as Readable).on('data', (chunk: Buffer) => {
        try {
          reader.push(chunk);
        } catch (error) {
          this.log(`unreadable output: ${(error as Error).message}`);
          child.kill('SIGKILL');
        }
      });
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('exit', (code, signal) => {
      this.child = null;
      if (this.stopped) return;
      // Killed or crashed while its channel publishes: started again on a fresh anchor (the
      // new ffmpeg's media time starts over); viewers see the test card for the gap.
      setTimeout(() => this.stopped || this.start(), RESTART_AFTER_MS).unref();
      this.log(
        `ffmpeg ended (${signal ?? code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
      );
    });
    this.log(`transcoding ${recipes.map((r) => r.name).join(', ')}, ${FEED_LANGUAGE}`);
  }

  /** Whether ffmpeg still runs. */
  get running(): boolean {
    return this.child !== null;
  }

  stop(): void {
    this.stopped = true;
    this.child?.kill('SIGTERM');
  }
}
