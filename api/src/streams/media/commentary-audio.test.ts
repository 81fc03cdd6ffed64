/** @jest-environment node */
/**
 * The commentary languages sound different and say which they are (decision 217): each rendered
 * track, decoded back by the same ffmpeg, carries its language code in Morse at its own pitch at
 * the start of every segment, and not the other language's pitch.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { COMMENTARY, MORSE_UNIT_SECONDS, SEGMENT_SECONDS } from './media-recipe';
import { STREAM_FILE, commentaryFolder, ensureStreamMedia, morseTones } from './render-media';

const RATE = 8000;
/** The middle half of a Morse unit: clear of its edges, which AAC's delay and smear blur. */
const UNIT = Math.round(MORSE_UNIT_SECONDS * RATE);
const WINDOW = UNIT / 2;

/** The first `seconds` of a track as mono 8 kHz samples, decoded by ffmpeg. */
function decode(file: string, seconds: number): Int16Array {
  const ffmpeg = (createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const out = spawnSync(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      file,
      '-t',
      String(seconds),
      '-ac',
      '1',
      '-ar',
      String(RATE),
      '-f',
      's16le',
      '-',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  if (out.status !== 0) throw new Error(out.stderr.toString());
  return new Int16Array(out.stdout.buffer, out.stdout.byteOffset, out.stdout.length / 2);
}

/** Goertzel power of `hz` in samples [from, from + WINDOW). */
function power(samples: Int16Array, from: number, hz: number): number {
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / RATE);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < from + WINDOW && i < samples.length; i++) {
    const s0 = (samples[i] ?? 0) / 32768 + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coefficient * s1 * s2;
}

describe('commentary audio', () => {
  let dir: string;
  beforeAll(async () => {
    dir = (
      await ensureStreamMedia(
        path.resolve(__dirname, '..', '..', '..', '..', '.cache', 'stream-media'),
      )
    ).dir;
  }, 600_000);

  it.each(COMMENTARY.map((c) => [c.code, c] as const))(
    '%s: its Morse ident at its own pitch, every segment',
    (_, language) => {
      const other = COMMENTARY.find((c) => c.code !== language.code);
      if (!other) throw new Error('two languages expected');
      const samples = decode(
        path.join(dir, commentaryFolder(language.code), STREAM_FILE),
        2 * SEGMENT_SECONDS,
      );
      // A unit of tone at amplitude 0.3 measures about (0.3 · WINDOW / 2)² ≈ 1 300; a unit without
      // it (the bed, the other pitch's leakage, AAC's smear) a few percent of that.
      const threshold = 300;
      for (let segment = 0; segment < 2; segment++) {
        const heard: boolean[] = [];
        const expected: boolean[] = [];
        const tones = morseTones(language.morse);
        const units = Math.round((tones.at(-1)?.[1] ?? 0) / MORSE_UNIT_SECONDS) + 2;
        for (let unit = 0; unit < units; unit++) {
          const start = Math.round((segment * SEGMENT_SECONDS + unit * MORSE_UNIT_SECONDS) * RATE);
          const middle = start + UNIT / 4;
          heard.push(power(samples, middle, language.identHz) > threshold);
          expect(power(samples, middle, other.identHz)).toBeLessThan(threshold);
          const at = (unit + 0.5) * MORSE_UNIT_SECONDS;
          expected.push(tones.some(([from, to]) => at > from && at < to));
        }
        expect(heard).toEqual(expected);
      }
    },
  );
});
