import { useMemo } from 'react';
import type { MatchState, TimelineEntry } from '@crease/contract';
import { momentsOf, visibleMoments } from './key-moments';
import type { Moment } from './key-moments';
import { matchView } from './spoiler-free';

export interface MatchViewState {
  /** The state the picture shows (decision 117). */
  shown: MatchState | null;
  /** Revealed and behind live: the newest state. */
  latest: MatchState | null;
  /** The key moments the viewer may see (decision 236). */
  moments: Moment[];
  /** Spoiler-free is hiding what comes after the picture. */
  hidingLater: boolean;
}

/** The match as this viewer may see it at the picture's time, with or without spoilers. */
export function useMatchView(
  timeline: readonly TimelineEntry[],
  pictureTime: number | null,
  atLive: boolean,
  spoilerFree: boolean,
): MatchViewState {
  const all = useMemo(() => momentsOf(timeline), [timeline]);
  return useMemo(() => {
    const { shown, latest } = matchView(timeline, pictureTime, spoilerFree);
    return {
      shown,
      latest: atLive ? null : latest,
      moments: visibleMoments(all, pictureTime, spoilerFree),
      hidingLater: spoilerFree && !atLive,
    };
  }, [timeline, all, pictureTime, atLive, spoilerFree]);
}
