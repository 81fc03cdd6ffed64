/**
 * The rendered test card, loaded into memory once (about 12 MB) for the origin to serve: each
 * rendition's init segment, its loop of media segments, codecs and measured bandwidth.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RenditionName } from '@crease/contract';
import { decodeTimes, readInitSegment, shiftSegment } from '../origin/fmp4';
import {
  LOOP_SECONDS,
  RENDITION_RECIPES,
  SEGMENTS_PER_LOOP,
  SEGMENT_SECONDS,
} from './media-recipe';
import type { RenditionRecipe } from './media-recipe';
import { isRendered, mediaDirFor } from './render-media';

export interface RenditionMedia {
  recipe: RenditionRecipe;
  init: Buffer;
  segments: Buffer[];
  codecs: string;
  /** Peak and mean bits per second over the loop's segments (HLS BANDWIDTH, AVERAGE-BANDWIDTH). */
  peakBps: number;
  averageBps: number;
  /** track_ID → one loop in that track's ticks. */
  loopTicks: Map<number, bigint>;
}

export class MediaLibrary {
  private constructor(readonly renditions: ReadonlyMap<RenditionName, RenditionMedia>) {}

  static load(dir: string): MediaLibrary {
    const renditions = new Map<RenditionName, RenditionMedia>();
    for (const recipe of RENDITION_RECIPES) {
      const folder = path.join(dir, recipe.name);
      const init = fs.readFileSync(path.join(folder, 'init.mp4'));
      const segments = Array.from({ length: SEGMENTS_PER_LOOP }, (_, i) =>
        fs.readFileSync(path.join(folder, `${i}.m4s`)),
      );
      const info = readInitSegment(init);
      const loopTicks = new Map<number, bigint>();
      for (const [track, timescale] of info.timescales)
        loopTicks.set(track, BigInt(timescale * LOOP_SECONDS));
      // Sanity: segment i starts i segment lengths into the loop on the video track.
      const first = decodeTimes(segments[0] ?? Buffer.alloc(0));
      if (first.size === 0) throw new Error(`${recipe.name}: segment 0 has no decode times`);
      const bits = segments.map((s) => s.length * 8);
      renditions.set(recipe.name, {
        recipe,
        init,
        segments,
        codecs: info.codecs,
        peakBps: Math.ceil(Math.max(...bits) / SEGMENT_SECONDS),
        averageBps: Math.ceil(bits.reduce((a, b) => a + b, 0) / LOOP_SECONDS),
        loopTicks,
      });
    }
    return new MediaLibrary(renditions);
  }

  /** Live sequence `sequence` of a rendition: loop segment (sequence mod n), shifted to its loop. */
  segment(rendition: RenditionName, sequence: number): Buffer {
    const media = this.renditions.get(rendition);
    if (!media) throw new Error(`no rendition ${rendition}`);
    const index = sequence % SEGMENTS_PER_LOOP;
    const loops = Math.floor(sequence / SEGMENTS_PER_LOOP);
    return shiftSegment(media.segments[index] as Buffer, loops, (track) => {
      const ticks = media.loopTicks.get(track);
      if (ticks === undefined) throw new Error(`segment track ${track} is not in the init segment`);
      return ticks;
    });
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
