import type { TimelineEntry } from '@crease/contract';

/**
 * No spoilers (decision 117): the match state on screen is the one that was true at the moment
 * the picture shows, never the wall clock's. These are pure functions of the timeline and a time,
 * so the screen can re-ask them on every playhead move, backwards included.
 */

/** The timeline in order of `at` (then seq), each seq once: what `stateAt` searches. */
export function mergeTimeline(
  known: readonly TimelineEntry[],
  incoming: readonly TimelineEntry[],
): TimelineEntry[] {
  const bySeq = new Map<number, TimelineEntry>();
  for (const entry of [...known, ...incoming]) bySeq.set(entry.seq, entry);
  return [...bySeq.values()]
    .map((entry) => ({ entry, at: Date.parse(entry.at) }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => a.at - b.at || a.entry.seq - b.entry.seq)
    .map(({ entry }) => entry);
}

/**
 * The last entry whose `at` is not after `pictureTime` (ms since the epoch), or null when the
 * picture is earlier than anything recorded. `timeline` must be in mergeTimeline's order.
 */
export function entryAt(
  timeline: readonly TimelineEntry[],
  pictureTime: number,
): TimelineEntry | null {
  // Binary search: the timeline of a long Test match has thousands of entries and this runs on
  // every timeupdate.
  let low = 0;
  let high = timeline.length - 1;
  let found: TimelineEntry | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = timeline[middle]!;
    if (Date.parse(entry.at) <= pictureTime) {
      found = entry;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The highest seq known: the `after` of the next timeline read. */
export function lastSeq(timeline: readonly TimelineEntry[]): number | null {
  return timeline.reduce<number | null>(
    (max, entry) => (max === null || entry.seq > max ? entry.seq : max),
    null,
  );
}
