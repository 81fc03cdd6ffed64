import type { VitalName } from '@crease/contract';

/**
 * Fixed histogram bounds per vital (decision 131): a value is counted in the first bucket whose
 * upper bound is >= it (the last bucket is open). p75 is read from the counts, so no raw value is
 * ever stored. Bounds follow web.dev's good/poor thresholds (LCP 2.5/4 s, INP 200/500 ms, CLS
 * 0.1/0.25), finer where they matter.
 */
export const VITAL_BOUNDS: Record<VitalName, readonly number[]> = {
  LCP: [
    250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000,
    15000, 30000,
  ],
  INP: [25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 5000],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2],
};

/** Values outside these are not a measurement: the event is dropped as invalid. */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 600_000, INP: 600_000, CLS: 100 };

export function bucketIndex(name: VitalName, value: number): number {
  const bounds = VITAL_BOUNDS[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index < 0 ? bounds.length : index;
}

/**
 * The 75th percentile as the upper bound of the bucket it falls in (the open last bucket reports
 * its lower bound), null with no values.
 */
export function p75Of(name: VitalName, counts: readonly number[]): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const bounds = VITAL_BOUNDS[name];
  let seen = 0;
  for (let i = 0; i < counts.length; i += 1) {
    seen += counts[i] ?? 0;
    if (seen >= total * 0.75) return bounds[Math.min(i, bounds.length - 1)]!;
  }
  return bounds.at(-1)!;
}
