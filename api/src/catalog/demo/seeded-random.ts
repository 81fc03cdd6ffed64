/** Deterministic numbers for the demo: the same seed always plays the same match (decision 073). */
import { createHash } from 'node:crypto';

export type Random = () => number;

/**
 * Numbers in [0, 1), stable across runs, machines and replicas: sfc32 seeded from sha256(seed).
 * A match draws about a thousand of them, so one hash per number (as before) was too slow.
 */
export function randomFor(seed: string): Random {
  const digest = createHash('sha256').update(seed).digest();
  let a = digest.readUInt32BE(0);
  let b = digest.readUInt32BE(4);
  let c = digest.readUInt32BE(8);
  let d = digest.readUInt32BE(12);
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 2 ** 32;
  };
}

/** One item of a non-empty list, chosen by `random`. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}
