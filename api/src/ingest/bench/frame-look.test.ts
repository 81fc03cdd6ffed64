/** @jest-environment node */
import { SLATE_NAVY } from '../server/slate';
import { codeBits } from './frame-code';
import { frameLook } from './frame-look';
import type { FrameSample, Rgb } from './frame-look';

const navy: Rgb = [SLATE_NAVY[0], SLATE_NAVY[1], SLATE_NAVY[2]];
const flat = (value: number) => Array.from({ length: 32 }, () => value);

function sample(top: number[], bottom: number[], patches: Rgb[]): FrameSample {
  return { displayMs: 1_800_000_000_000, top, bottom, patches };
}

describe('what a displayed frame shows', () => {
  it('the feed: its capture time reads', () => {
    const bits = codeBits(4242);
    const top = bits.map((bit) => 255 * bit);
    const bottom = bits.map((bit) => 255 * (1 - bit));
    expect(
      frameLook(
        sample(top, bottom, [
          [0, 0, 0],
          [255, 255, 255],
          [0, 0, 0],
        ]),
      ),
    ).toEqual({
      kind: 'feed',
      code: 4242,
    });
  });

  it("the slate: its navy around the words, within a lossy encode's reach", () => {
    const shifted: Rgb = [navy[0] + 20, navy[1] - 10, navy[2] + 25];
    expect(frameLook(sample(flat(40), flat(40), [navy, shifted, navy]))).toEqual({
      kind: 'slate',
    });
  });

  it('anything else: the test card, or navy in only some places', () => {
    expect(frameLook(sample(flat(40), flat(40), [navy, navy, [200, 200, 0]]))).toEqual({
      kind: 'other',
    });
    expect(frameLook(sample(flat(40), flat(40), []))).toEqual({ kind: 'other' });
  });
});
