import type { KeyMomentKind, TimelineEntry } from '@crease/contract';

/** A key moment of the match at its wall time (decision 236). */
export interface Moment {
  seq: number;
  kind: KeyMomentKind;
  label: string;
  /** ms since the epoch: when it happened, which is when the picture shows it. */
  at: number;
}

/** The timeline's key moments, in order (the timeline is in mergeTimeline's order). */
export function momentsOf(timeline: readonly TimelineEntry[]): Moment[] {
  const moments: Moment[] = [];
  for (const entry of timeline) {
    if (!entry.moment) continue;
    const at = Date.parse(entry.at);
    if (!Number.isFinite(at)) continue;
    moments.push({ seq: entry.seq, kind: entry.moment.kind, label: entry.moment.label, at });
  }
  return moments;
}

/**
 * The moments a viewer may see: with spoiler-free on, none after the picture (a viewer catching
 * up must not learn of a wicket before the picture shows it); otherwise all.
 */
export function visibleMoments(
  moments: readonly Moment[],
  pictureTime: number | null,
  spoilerFree: boolean,
): Moment[] {
  if (!spoilerFree) return [...moments];
  if (pictureTime === null) return [];
  return moments.filter((moment) => moment.at <= pictureTime);
}
