import type { MatchState, TimelineEntry } from '@crease/contract';
import { entryAt } from './score-at';

/**
 * What the screen may tell a viewer (decision 236). The scorecard, the score overlay and the page
 * title always follow the picture (decision 117); spoiler-free hides what happened after the
 * picture everywhere else: the later moments and the latest score. Revealed, both show.
 */
export interface MatchView {
  /** The state the picture shows: null before the picture or before anything was recorded. */
  shown: MatchState | null;
  /** The newest state, when revealed and different from the picture's; else null. */
  latest: MatchState | null;
}

export function matchView(
  timeline: readonly TimelineEntry[],
  pictureTime: number | null,
  spoilerFree: boolean,
): MatchView {
  const shown = pictureTime === null ? null : (entryAt(timeline, pictureTime)?.state ?? null);
  const newest = timeline.at(-1)?.state ?? null;
  const latest = !spoilerFree && newest && newest !== shown ? newest : null;
  return { shown, latest };
}

/** The page title: the picture's score first (what a tab strip shows), then the match. */
export function pageTitleFor(matchTitle: string, shown: MatchState | null, site: string): string {
  const score = shown?.scoreSummary;
  return score ? `${score} · ${matchTitle} | ${site}` : `${matchTitle} | ${site}`;
}
