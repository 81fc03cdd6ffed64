/**
 * What the build-time test card is: one loop, its segment length, the renditions and their
 * encoder settings. The cache key is a hash of this recipe (and the overlay), so changing any
 * of it renders afresh and an unchanged recipe is never encoded twice (decision 110).
 */
import { createHash } from 'node:crypto';
import { RENDITIONS } from '@crease/contract';
import type { RenditionName } from '@crease/contract';

/** Seconds per segment: every segment starts on a keyframe (a fixed GOP of exactly this). */
export const SEGMENT_SECONDS = 2;
/** 24 s is a whole number of 2 s segments, of 25 fps frames and of 1024-sample AAC frames at 48 kHz. */
export const LOOP_SECONDS = 24;
export const SEGMENTS_PER_LOOP = LOOP_SECONDS / SEGMENT_SECONDS;
export const FRAME_RATE = 25;
export const AUDIO_SAMPLE_RATE = 48_000;

export interface RenditionRecipe {
  name: RenditionName;
  width: number;
  height: number;
  /** x264 quality target; the cap below bounds the peak (the test card compresses well). */
  crf: number;
  maxKbps: number;
  audioKbps: number;
}

const ENCODING: Record<RenditionName, Pick<RenditionRecipe, 'crf' | 'maxKbps' | 'audioKbps'>> = {
  '1080p': { crf: 26, maxKbps: 2500, audioKbps: 96 },
  '720p': { crf: 26, maxKbps: 1400, audioKbps: 96 },
  '480p': { crf: 27, maxKbps: 700, audioKbps: 64 },
};

export const RENDITION_RECIPES: readonly RenditionRecipe[] = RENDITIONS.map((r) => ({
  name: r.name,
  width: r.width,
  height: r.height,
  ...ENCODING[r.name],
}));

/** The match on the test card: a ball per segment, so the score visibly runs. */
export const CARD_TEAMS = { batting: 'CREASE XI', bowling: 'TEST XI' } as const;
const RUNS_PER_BALL = [1, 0, 4, 1, 0, 6, 2, 0, 1, 1, 4, 0];
const WICKET_BALL = 7;

/** The scoreline shown during segment `index` of the loop. */
export function scoreline(index: number): { runs: number; wickets: number; overs: string } {
  const start = { runs: 142, wickets: 3, balls: 17 * 6 };
  let runs = start.runs;
  let wickets = start.wickets;
  for (let ball = 0; ball <= index; ball++) {
    runs += RUNS_PER_BALL[ball % RUNS_PER_BALL.length] ?? 0;
    if (ball === WICKET_BALL) wickets += 1;
  }
  const balls = start.balls + index + 1;
  return { runs, wickets, overs: `${Math.floor(balls / 6)}.${balls % 6}` };
}

export const RECIPE = {
  version: 2,
  // Top left: the player's controls sit along the bottom of the picture.
  scorebug: { x: 60, y: 56 },
  segmentSeconds: SEGMENT_SECONDS,
  loopSeconds: LOOP_SECONDS,
  frameRate: FRAME_RATE,
  audioSampleRate: AUDIO_SAMPLE_RATE,
  renditions: RENDITION_RECIPES,
  teams: CARD_TEAMS,
  runs: RUNS_PER_BALL,
  wicket: WICKET_BALL,
  preset: 'veryfast',
} as const;

/** The cache key of the rendered media: any change to the recipe renders it again. */
export function recipeHash(): string {
  // The encoder itself is pinned by package-lock (@ffmpeg-installer/ffmpeg), so the recipe is the key.
  return createHash('sha256').update(JSON.stringify(RECIPE)).digest('hex').slice(0, 16);
}
