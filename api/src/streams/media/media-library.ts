/**
 * The rendered test card, loaded into memory once (about 12 MB) for the origin to serve: each
 * video rendition's and commentary language's init segment and its loop cut into LL-HLS parts.
 * A part is every fragment that starts within its 0.4 s of the loop (video: exactly one of
 * 10 frames; audio: the AAC frames starting in it), so every track has the same parts per
 * segment and a segment is its parts end to end (decision 216).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RenditionName } from '@crease/contract';
import { readInitSegment, shiftSegment, splitFragmentedFile } from './fmp4';
import type { Fragment } from './fmp4';
import {
  COMMENTARY,
  LOOP_SECONDS,
  PARTS_PER_LOOP,
  PARTS_PER_SEGMENT,
  PART_SECONDS,
  RENDITION_RECIPES,
  SEGMENT_SECONDS,
} from './media-recipe';
import { STREAM_FILE, commentaryFolder, isRendered, mediaDirFor } from './render-media';

export interface TrackMedia {
  /** The origin's rendition name: `720p`, or `audio-en` for a commentary language. */
  name: string;
  init: Buffer;
  codecs: string;
  /** The loop's parts (PARTS_PER_LOOP), their start and duration in seconds into the loop. */
  parts: Buffer[];
  partStarts: number[];
  partDurations: number[];
  /** Whether each part opens on a keyframe (EXT-X-PART INDEPENDENT=YES), read from the media. */
  partIndependent: boolean[];
  /** Each loop segment's duration in seconds (its parts' sum: exactly SEGMENT_SECONDS for video). */
  segmentDurations: number[];
  /** Peak and mean bits per second over the loop's segments (HLS BANDWIDTH, AVERAGE-BANDWIDTH). */
  peakBps: number;
  averageBps: number;
  /** One loop in the track's ticks (the shift from one loop to the next). */
  loopTicks: bigint;
}

/** Where sequence `sequence`, part `part` sits: loop number and part index within the loop. */
function locate(sequence: number, part: number): { loops: number; index: number } {
  const perLoop = PARTS_PER_LOOP / PARTS_PER_SEGMENT;
  return {
    loops: Math.floor(sequence / perLoop),
    index: (sequence % perLoop) * PARTS_PER_SEGMENT + part,
  };
}

function loadTrack(dir: string, name: string): TrackMedia {
  const { init, fragments } = splitFragmentedFile(
    fs.readFileSync(path.join(dir, name, STREAM_FILE)),
  );
  const info = readInitSegment(init);
  const [timescale] = [...info.timescales.values()];
  if (!timescale || info.timescales.size !== 1) throw new Error(`${name}: expected one track`);
  const loopTicks = BigInt(timescale * LOOP_SECONDS);
  const buckets: Fragment[][] = Array.from({ length: PARTS_PER_LOOP }, () => []);
  for (const fragment of fragments) {
    // An encoder's extra frame at the very end belongs to the next loop's first: drop it.
    if (fragment.start >= loopTicks) continue;
    const index = Math.floor(Number(fragment.start) / timescale / PART_SECONDS + 1e-9);
    buckets[index]?.push(fragment);
  }
  if (buckets.some((b) => b.length === 0)) throw new Error(`${name}: a part without media`);
  const seconds = (ticks: bigint) => Number(ticks) / timescale;
  const partStarts = buckets.map((b) => seconds((b[0] as Fragment).start));
  const partDurations = buckets.map((b) => seconds(b.reduce((sum, f) => sum + f.duration, 0n)));
  const parts = buckets.map((b) => Buffer.concat(b.map((f) => f.bytes)));
  const partIndependent = buckets.map((b) => (b[0] as Fragment).independent);
  const segmentBits = Array.from({ length: PARTS_PER_LOOP / PARTS_PER_SEGMENT }, (_, s) =>
    parts
      .slice(s * PARTS_PER_SEGMENT, (s + 1) * PARTS_PER_SEGMENT)
      .reduce((sum, p) => sum + p.length * 8, 0),
  );
  const segmentDurations = segmentBits.map((_, s) =>
    partDurations
      .slice(s * PARTS_PER_SEGMENT, (s + 1) * PARTS_PER_SEGMENT)
      .reduce((a, b) => a + b, 0),
  );
  return {
    name,
    init,
    codecs: info.codecs,
    parts,
    partStarts,
    partDurations,
    partIndependent,
    segmentDurations,
    peakBps: Math.ceil(Math.max(...segmentBits) / SEGMENT_SECONDS),
    averageBps: Math.ceil(segmentBits.reduce((a, b) => a + b, 0) / LOOP_SECONDS),
    loopTicks,
  };
}

export class MediaLibrary {
  private constructor(
    readonly video: ReadonlyMap<RenditionName, TrackMedia>,
    /** Commentary audio by language code. */
    readonly audio: ReadonlyMap<string, TrackMedia>,
  ) {}

  static load(dir: string): MediaLibrary {
    const video = new Map<RenditionName, TrackMedia>();
    for (const recipe of RENDITION_RECIPES) video.set(recipe.name, loadTrack(dir, recipe.name));
    const audio = new Map<string, TrackMedia>();
    for (const language of COMMENTARY)
      audio.set(language.code, loadTrack(dir, commentaryFolder(language.code)));
    return new MediaLibrary(video, audio);
  }

  /** A track by its origin rendition name (`720p`, `audio-hi`), or undefined. */
  track(name: string): TrackMedia | undefined {
    return (
      this.video.get(name as RenditionName) ??
      [...this.audio.values()].find((track) => track.name === name)
    );
  }

  /** Part `part` of live sequence `sequence`: the loop's part, its decode times moved on. */
  part(track: TrackMedia, sequence: number, part: number): Buffer {
    const { loops, index } = locate(sequence, part);
    return shiftSegment(track.parts[index] as Buffer, loops, () => track.loopTicks);
  }

  /** Live sequence `sequence`: its parts end to end. */
  segment(track: TrackMedia, sequence: number): Buffer {
    const { loops, index } = locate(sequence, 0);
    const bytes = Buffer.concat(track.parts.slice(index, index + PARTS_PER_SEGMENT));
    return shiftSegment(bytes, loops, () => track.loopTicks);
  }

  /** Media time (seconds since STREAM_EPOCH) and duration of a live sequence. */
  static segmentTiming(track: TrackMedia, sequence: number): { start: number; duration: number } {
    const { loops, index } = locate(sequence, 0);
    return {
      start: loops * LOOP_SECONDS + (track.partStarts[index] as number),
      duration: track.segmentDurations[index / PARTS_PER_SEGMENT] as number,
    };
  }

  /** Whether a part of a live sequence opens on a keyframe, so playback can start at it. */
  static partIndependent(track: TrackMedia, sequence: number, part: number): boolean {
    return track.partIndependent[locate(sequence, part).index] === true;
  }

  /** Media time (seconds since STREAM_EPOCH) and duration of a part of a live sequence. */
  static partTiming(
    track: TrackMedia,
    sequence: number,
    part: number,
  ): { start: number; duration: number } {
    const { loops, index } = locate(sequence, part);
    return {
      start: loops * LOOP_SECONDS + (track.partStarts[index] as number),
      duration: track.partDurations[index] as number,
    };
  }
}

/**
 * Loads the media on first use. Rendering is a build step (ensureStreamMedia); if it has not
 * run, the origin says so (503) instead of encoding at run time.
 */
export class LazyMediaLibrary {
  private library: MediaLibrary | null = null;
  constructor(private readonly cacheDir: string) {}

  get dir(): string {
    return mediaDirFor(this.cacheDir);
  }

  get(): MediaLibrary | null {
    if (this.library) return this.library;
    if (!isRendered(this.dir)) return null;
    this.library = MediaLibrary.load(this.dir);
    return this.library;
  }
}
