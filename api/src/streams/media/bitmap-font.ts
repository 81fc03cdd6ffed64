/**
 * A 5×7 bitmap font and a tiny RGB canvas, so the test card's match overlay is drawn without any
 * font file: the static ffmpeg's drawtext needs one, and machines differ in which they have.
 */
const GLYPHS: Record<string, string> = {
  A: '.###.#...##...#######...##...##...#',
  B: '####.#...##...#####.#...##...#####.',
  C: '.###.#...##....#....#....#...#.###.',
  D: '####.#...##...##...##...##...#####.',
  E: '######....#....####.#....#....#####',
  F: '######....#....####.#....#....#....',
  G: '.###.#...##....#.####...##...#.####',
  H: '#...##...##...#######...##...##...#',
  I: '.###...#....#....#....#....#...###.',
  J: '..###...#....#....#....##..#.##....',
  K: '#...##..#.#.#..##...#.#..#..#.#...#',
  L: '#....#....#....#....#....#....#####',
  M: '#...###.###.#.##.#.##...##...##...#',
  N: '#...###..##.#.##..###...##...##...#',
  O: '.###.#...##...##...##...##...#.###.',
  P: '####.#...##...#####.#....#....#....',
  Q: '.###.#...##...##...##.#.##..#..##.#',
  R: '####.#...##...#####.#.#..#..#.#...#',
  S: '.#####....#.....###.....#....#####.',
  T: '#####..#....#....#....#....#....#..',
  U: '#...##...##...##...##...##...#.###.',
  V: '#...##...##...##...##...#.#.#...#..',
  W: '#...##...##...##.#.##.#.##.#.#.#.#.',
  X: '#...##...#.#.#...#...#.#.#...##...#',
  Y: '#...##...#.#.#...#....#....#....#..',
  Z: '#####....#...#...#...#...#....#####',
  '0': '.###.#...##..###.#.###..##...#.###.',
  '1': '..#...##....#....#....#....#...###.',
  '2': '.###.#...#....#...#...#...#...#####',
  '3': '#####...#...#.....#.....##...#.###.',
  '4': '...#...##..#.#.#..#.#####...#....#.',
  '5': '######....####.....#....##...#.###.',
  '6': '..##..#...#....####.#...##...#.###.',
  '7': '#####....#...#...#...#....#....#...',
  '8': '.###.#...##...#.###.#...##...#.###.',
  '9': '.###.#...##...#.####....#...#..##..',
  ' ': '...................................',
  '/': '.........#...#...#...#...#.........',
  '(': '...#...#...#....#....#.....#.....#.',
  ')': '.#.....#.....#....#....#...#...#...',
  '.': '..............................##...',
  ':': '.......##..##........##..##........',
  '-': '................###................',
  "'": '..#....#...#.......................',
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

function glyph(char: string): string {
  // Unknown characters draw as blanks; '.' and ',' are both "off" in the tables above.
  return (GLYPHS[char.toUpperCase()] ?? GLYPHS[' '] ?? '').padEnd(35, '.');
}

export type Rgb = readonly [number, number, number];

/** An RGB image that writes itself as binary PPM (ffmpeg's image2 demuxer reads it). */
export class Canvas {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.fill(0, 0, width, height, background);
  }

  fill(x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++)
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) {
        const at = (row * this.width + col) * 3;
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
  }

  /** Draws `text` with its top-left corner at (x, y); each font pixel is `scale` pixels square. */
  text(x: number, y: number, text: string, scale: number, colour: Rgb): void {
    let left = x;
    for (const char of text) {
      const bits = glyph(char);
      for (let row = 0; row < GLYPH_HEIGHT; row++)
        for (let col = 0; col < GLYPH_WIDTH; col++)
          if (bits[row * GLYPH_WIDTH + col] === '#')
            this.fill(left + col * scale, y + row * scale, scale, scale, colour);
      left += (GLYPH_WIDTH + 1) * scale;
    }
  }

  toPpm(): Buffer {
    return Buffer.concat([Buffer.from(`P6\n${this.width} ${this.height}\n255\n`), this.pixels]);
  }
}

export function textWidth(text: string, scale: number): number {
  return text.length * (GLYPH_WIDTH + 1) * scale - scale;
}
