/**
 * The ingest bench's burned-in capture time (issue 32 §8, decision 485). Every frame the bench's
 * encoder makes carries the wall clock's milliseconds (modulo 2^24, about 4.7 hours) as a band
 * of black and white blocks: 32 columns, its upper row bit by bit (24 bits of the value, then an
 * 8-bit checksum, least significant first), its lower row the same bits inverted. A reader samples each column's brightness in both rows; a column whose halves are
 * not clearly opposite (a blend of two frames, a scaled edge, the test card or the slate) makes
 * the whole frame unreadable rather than a wrong number.
 */

export const CODE_BITS = 24;
export const CHECK_BITS = 8;
export const CODE_COLUMNS = CODE_BITS + CHECK_BITS;
export const CODE_MODULUS = 2 ** CODE_BITS;
/** Brightness (0–255) the two halves of a column must differ by to read as a bit. */
export const MIN_CONTRAST = 80;

/** The checksum of a value: its three bytes added, modulo 256. */
export function codeChecksum(value: number): number {
  return ((value & 0xff) + ((value >> 8) & 0xff) + ((value >> 16) & 0xff)) & 0xff;
}

/** The bits a frame carries for `value`, column by column (1 is white in the upper row). */
export function codeBits(value: number): number[] {
  const checksum = codeChecksum(value);
  return Array.from({ length: CODE_COLUMNS }, (_, column) =>
    column < CODE_BITS ? (value >> column) & 1 : (checksum >> (column - CODE_BITS)) & 1,
  );
}

/**
 * ffmpeg's `geq` luma expression that draws the code on a 32×2 picture: pixel (X, Y) is column
 * X's bit, inverted on row 1. The value is `baseMs + T·1000` modulo 2^24, where T is the frame's
 * time in seconds and `baseMs` the wall clock (modulo 2^24) when the encoder started: a frame's
 * capture time on the wall clock. No `st`/`ld` variables: with them, the encoder's graph made
 * about one frame in 40 whose rows disagreed (geq's slice threads share the variables, we
 * believe; the test below does not reproduce it). Commas are escaped for
 * a filtergraph.
 */
export function frameCodeExpression(baseMs: number): string {
  const value = `mod(floor(${Math.round(baseMs) % CODE_MODULUS}+T*1000),${CODE_MODULUS})`;
  const checksum = `mod(mod(${value},256)+mod(floor(${value}/256),256)+floor(${value}/65536),256)`;
  const bit = `if(lt(X,${CODE_BITS}),mod(floor(${value}/pow(2,X)),2),mod(floor(${checksum}/pow(2,X-${CODE_BITS})),2))`;
  return `255*if(lt(Y,1),${bit},1-${bit})`.replace(/,/g, '\\,');
}

/**
 * Reads a frame's code from each column's brightness in the band's upper and lower rows (0–255).
 * Null when the frame carries no readable code: a column without contrast, or a checksum that
 * does not match.
 */
export function decodeFrameCode(top: readonly number[], bottom: readonly number[]): number | null {
  if (top.length !== CODE_COLUMNS || bottom.length !== CODE_COLUMNS) return null;
  let value = 0;
  let checksum = 0;
  for (let column = 0; column < CODE_COLUMNS; column++) {
    const upper = top[column]!;
    const lower = bottom[column]!;
    if (Math.abs(upper - lower) < MIN_CONTRAST) return null;
    const bit = upper > lower ? 1 : 0;
    if (column < CODE_BITS) value += bit * 2 ** column;
    else checksum += bit * 2 ** (column - CODE_BITS);
  }
  return codeChecksum(value) === checksum ? value : null;
}

/** Milliseconds from code `from` to wall time `toMs`, both read modulo 2^24. */
export function msSinceCode(from: number, toMs: number): number {
  return (((Math.round(toMs) - from) % CODE_MODULUS) + CODE_MODULUS) % CODE_MODULUS;
}
