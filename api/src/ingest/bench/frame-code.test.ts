/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { ffmpegPath } from '../../streams';
import {
  CODE_COLUMNS,
  CODE_MODULUS,
  codeBits,
  decodeFrameCode,
  frameCodeExpression,
  msSinceCode,
} from './frame-code';

/** A frame's columns as the page would sample them: white 235 and black 16 (video range). */
function columns(value: number): { top: number[]; bottom: number[] } {
  const bits = codeBits(value);
  return {
    top: bits.map((bit) => (bit ? 235 : 16)),
    bottom: bits.map((bit) => (bit ? 16 : 235)),
  };
}

describe('the burned-in capture time', () => {
  it('reads back every value it writes, at the ends of its range too', () => {
    for (const value of [0, 1, 40, 123_456, 9_999_999, CODE_MODULUS - 1]) {
      const { top, bottom } = columns(value);
      expect(decodeFrameCode(top, bottom)).toBe(value);
    }
  });

  it('refuses a frame with a column without contrast (a blend, a cut, the card)', () => {
    const { top, bottom } = columns(123_456);
    top[5] = 130;
    bottom[5] = 120;
    expect(decodeFrameCode(top, bottom)).toBeNull();
  });

  it('refuses a frame whose checksum does not match (a misread bit)', () => {
    const { top, bottom } = columns(123_456);
    [top[0], bottom[0]] = [bottom[0]!, top[0]!];
    expect(decodeFrameCode(top, bottom)).toBeNull();
  });

  it('refuses a picture of one colour and a short sample', () => {
    const grey = Array.from({ length: CODE_COLUMNS }, () => 128);
    expect(decodeFrameCode(grey, grey)).toBeNull();
    expect(decodeFrameCode([235], [16])).toBeNull();
  });

  it('counts milliseconds from a code to a later wall time across the wrap', () => {
    expect(msSinceCode(1000, CODE_MODULUS * 7 + 3500)).toBe(2500);
    expect(msSinceCode(CODE_MODULUS - 500, CODE_MODULUS * 9 + 1500)).toBe(2000);
  });

  // In a -filter_complex on several threads, as the encoder runs it.
  it('is what ffmpeg draws with the expression: one value per frame, 40 ms apart at 25 fps', () => {
    const base = 16_700_000; // near the wrap, so the frames cross it
    const result = spawnSync(
      ffmpegPath(),
      [
        ...['-hide_banner', '-loglevel', 'error', '-filter_complex_threads', '4'],
        ...[
          '-filter_complex',
          `color=c=gray:size=32x2:rate=25,geq=lum='${frameCodeExpression(base)}':cb=128:cr=128`,
        ],
        ...['-frames:v', '50', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
      ],
      { maxBuffer: 1 << 20 },
    );
    expect(result.stderr.toString()).toBe('');
    const frames = [];
    for (let offset = 0; offset < result.stdout.length; offset += 64) {
      const row = [...result.stdout.subarray(offset, offset + 64)];
      frames.push(decodeFrameCode(row.slice(0, 32), row.slice(32)));
    }
    expect(frames).toEqual(
      Array.from({ length: 50 }, (_, frame) => (base + 40 * frame) % CODE_MODULUS),
    );
  });
});
