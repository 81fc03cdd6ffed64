/**
 * What a frame Chromium displayed shows, from the few numbers the bench's page reads off it
 * (decision 485): the bench's feed (its burned-in capture time readable), the slate (its navy
 * where the words are not: top left, top right and bottom middle), or anything else (the test
 * card, a frame blended across a cut).
 */
import { SLATE_NAVY } from '../server/slate';
import { decodeFrameCode } from './frame-code';

export type Rgb = readonly [number, number, number];

/** One displayed frame as the page sampled it. */
export interface FrameSample {
  /** The wall clock (ms since the epoch) at which Chromium expected to show the frame. */
  displayMs: number;
  /** Each code column's brightness in the code band's upper and lower row. */
  top: number[];
  bottom: number[];
  /** The mean colour of the slate's three navy places (top left, top right, bottom middle). */
  patches: Rgb[];
}

export type FrameLook = { kind: 'feed'; code: number } | { kind: 'slate' } | { kind: 'other' };

/** How far each channel of a lossy encode's colour may be from the slate's. */
const SLATE_TOLERANCE = 40;

const nearSlate = (colour: Rgb) =>
  colour.every((value, i) => Math.abs(value - SLATE_NAVY[i]!) <= SLATE_TOLERANCE);

export function frameLook(sample: FrameSample): FrameLook {
  const code = decodeFrameCode(sample.top, sample.bottom);
  if (code !== null) return { kind: 'feed', code };
  if (sample.patches.length === 3 && sample.patches.every(nearSlate)) return { kind: 'slate' };
  return { kind: 'other' };
}
