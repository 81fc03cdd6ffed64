/**
 * What the build-time test card is: one loop, its segment and part lengths, the video renditions
 * and their encoder settings, and the commentary audio renditions. The cache key is a hash of
 * this recipe, so changing any of it renders afresh and an unchanged recipe is never encoded
 * twice (decision 110). Version 3 (decision 216): video and audio in separate fragmented MP4
 * files, video cut into 0.4 s fragments (LL-HLS parts), audio one fragment per AAC frame, two
 * commentary languages, and no score burned into the picture (the player draws it). Version 4
 * (decision 366): a keyframe at every part, so each part is INDEPENDENT and a player starts at
 * the newest one instead of the segment's first.
 */
import { createHash } from 'node:crypto';
import { RENDITIONS } from '@crease/contract';
import type { RenditionName } from '@crease/contract';

/**
 * Seconds per segment: a whole number of parts, so every segment starts on a keyframe too. Four
 * (decision 383): a DVR window of hours lists half as many segments as at 2 s, and a player reads
 * every one of them on its first playlist and again on each reload. Latency is the parts', not
 * the segments'; a seek loads one 4 s segment.
 */
export const SEGMENT_SECONDS = 4;
/** LL-HLS part length: 10 frames at 25 fps, so ten parts make a segment exactly. */
export const PART_SECONDS = 0.4;
export const PARTS_PER_SEGMENT = SEGMENT_SECONDS / PART_SECONDS;
/**
 * Video keyframe interval (a fixed GOP of exactly this): one per part, so every part can start
 * playback (EXT-X-PART INDEPENDENT=YES) and a live start fetches one part, not up to a segment's
 * (decision 366).
 */
export const KEYFRAME_SECONDS = PART_SECONDS;
/** 24 s is a whole number of 4 s segments, of 25 fps frames and of 1024-sample AAC frames at 48 kHz. */
export const LOOP_SECONDS = 24;
export const SEGMENTS_PER_LOOP = LOOP_SECONDS / SEGMENT_SECONDS;
export const PARTS_PER_LOOP = SEGMENTS_PER_LOOP * PARTS_PER_SEGMENT;
export const FRAME_RATE = 25;
/** Frames from one keyframe to the next (the encoder's GOP). */
export const KEYFRAME_FRAMES = Math.round(KEYFRAME_SECONDS * FRAME_RATE);
export const AUDIO_SAMPLE_RATE = 48_000;
export const AUDIO_KBPS = 96;

export interface RenditionRecipe {
  name: RenditionName;
  width: number;
  height: number;
  /** x264 quality target; the cap below bounds the peak (the test card compresses well). */
  crf: number;
  maxKbps: number;
}

const ENCODING: Record<RenditionName, Pick<RenditionRecipe, 'crf' | 'maxKbps'>> = {
  '1080p': { crf: 26, maxKbps: 2500 },
  '720p': { crf: 26, maxKbps: 1400 },
  '480p': { crf: 27, maxKbps: 700 },
};

export const RENDITION_RECIPES: readonly RenditionRecipe[] = RENDITIONS.map((r) => ({
  name: r.name,
  width: r.width,
  height: r.height,
  ...ENCODING[r.name],
}));

/**
 * A commentary language: its audio is a tone bed with the language's code in Morse at the start
 * of every segment, at its own pitches, so a listener (or a test measuring the pitch) can tell
 * which one plays without any speech synthesis (decision 217).
 */
export interface CommentaryRecipe {
  /** BCP 47 language tag: the EXT-X-MEDIA LANGUAGE and the rendition folder `audio-<code>`. */
  code: string;
  name: string;
  /** The ident's pitch and the quiet bed under it. */
  identHz: number;
  bedHz: number;
  /** The language code in Morse ('.' dot, '-' dash, ' ' letter gap). */
  morse: string;
}

export const COMMENTARY: readonly CommentaryRecipe[] = [
  { code: 'en', name: 'English', identHz: 880, bedHz: 220, morse: '. -.' },
  { code: 'hi', name: 'Hindi', identHz: 587, bedHz: 147, morse: '.... ..' },
];

/** The captions renditions (WebVTT built per request from the catalog timeline). */
export const CAPTIONS = [{ code: 'en', name: 'English' }] as const;

export const MORSE_UNIT_SECONDS = 0.06;

export const RECIPE = {
  version: 4,
  // Top left, small: the player's controls sit along the bottom, its score overlay top right.
  card: { x: 48, y: 40 },
  segmentSeconds: SEGMENT_SECONDS,
  partSeconds: PART_SECONDS,
  keyframeSeconds: KEYFRAME_SECONDS,
  loopSeconds: LOOP_SECONDS,
  frameRate: FRAME_RATE,
  audioSampleRate: AUDIO_SAMPLE_RATE,
  audioKbps: AUDIO_KBPS,
  renditions: RENDITION_RECIPES,
  commentary: COMMENTARY,
  morseUnit: MORSE_UNIT_SECONDS,
  preset: 'veryfast',
} as const;

/** The cache key of the rendered media: any change to the recipe renders it again. */
export function recipeHash(): string {
  // The encoder itself is pinned by package-lock (@ffmpeg-installer/ffmpeg), so the recipe is the key.
  return createHash('sha256').update(JSON.stringify(RECIPE)).digest('hex').slice(0, 16);
}
