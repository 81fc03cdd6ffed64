import { readMinuteBuckets } from './signal-store';
import { VITAL_BOUNDS, p75Of } from './signal-buckets';

/** One version's counts in one minute, as the console charts them. */
export interface SeriesArm {
  views: number;
  /** Views that failed to load or crashed (at most one per view, as the canary guard counts). */
  failures: number;
  fallbacks: number;
  /** LCP p75 in ms over that minute's LCP reports; null with none. */
  lcpP75: number | null;
}

export interface SeriesMinute {
  minute: string;
  canary: SeriesArm;
  stable: SeriesArm;
}

/** At most a day of minutes per chart: a longer canary shows its last day. */
export const MAX_SERIES_MINUTES = 1440;
const MINUTE_MS = 60_000;

/**
 * A canary against the stable version, minute by minute from `since` to `until` (or now), summed
 * over every process's buckets. Every minute is present (a quiet minute has zero views), so a
 * chart's x axis is time, not "minutes that had traffic".
 */
export function readCanarySeries(
  registryDir: string,
  options: {
    remote: string;
    canaryVersion: string;
    stableVersion: string;
    since: Date;
    until?: Date | null;
    now?: Date;
    retentionHours?: number;
  },
): SeriesMinute[] {
  const now = options.now ?? new Date();
  const until = Math.min(options.until?.getTime() ?? now.getTime(), now.getTime());
  const last = Math.floor(until / MINUTE_MS) * MINUTE_MS;
  const first = Math.max(
    Math.floor(options.since.getTime() / MINUTE_MS) * MINUTE_MS,
    last - (MAX_SERIES_MINUTES - 1) * MINUTE_MS,
  );
  const minutes = new Map<string, { canary: Sums; stable: Sums }>();
  for (let at = first; at <= last; at += MINUTE_MS) {
    minutes.set(new Date(at).toISOString(), { canary: emptySums(), stable: emptySums() });
  }
  const buckets = readMinuteBuckets(registryDir, {
    since: new Date(first),
    remote: options.remote,
    now,
    retentionHours: options.retentionHours,
  });
  for (const bucket of buckets) {
    const arm =
      bucket.version === options.canaryVersion
        ? 'canary'
        : bucket.version === options.stableVersion
          ? 'stable'
          : null;
    const sums = arm && minutes.get(bucket.minute)?.[arm];
    if (!sums) continue;
    sums.views += bucket.views;
    sums.failures += bucket.loadFailures + bucket.crashes;
    sums.fallbacks += bucket.fallbacks;
    (bucket.vitals?.LCP ?? []).forEach((n, i) => {
      if (i < sums.lcp.length) sums.lcp[i]! += n;
    });
  }
  const armOf = (sums: Sums): SeriesArm => ({
    views: sums.views,
    failures: Math.min(sums.views, sums.failures),
    fallbacks: Math.min(sums.views, sums.fallbacks),
    lcpP75: p75Of('LCP', sums.lcp),
  });
  return [...minutes].map(([minute, arms]) => ({
    minute,
    canary: armOf(arms.canary),
    stable: armOf(arms.stable),
  }));
}

interface Sums {
  views: number;
  failures: number;
  fallbacks: number;
  /** The LCP histogram over VITAL_BOUNDS.LCP: p75 is read from it, as for the totals. */
  lcp: number[];
}

const emptySums = (): Sums => ({
  views: 0,
  failures: 0,
  fallbacks: 0,
  lcp: new Array<number>(VITAL_BOUNDS.LCP.length + 1).fill(0),
});
