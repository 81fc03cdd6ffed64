/** A timeline row's columns (catalog_event_timeline), written by every catalog writer alike. */
import { withSummary } from './match-state';
import type { StoredState, TimelineDetail } from './match-state';

/** Rows per INSERT: a finished ODI has hundreds of balls, and one statement has a parameter cap. */
export const TIMELINE_INSERT_CHUNK = 500;

/** The state (with its ball-by-ball card, if any), the commentary and the key moment. */
export function timelineColumns(state: StoredState, detail: TimelineDetail | undefined) {
  const scorecard = detail?.scorecard;
  return {
    state: scorecard ? { ...withSummary(state), scorecard } : withSummary(state),
    commentary: detail?.commentary ?? null,
    moment: detail?.moment ?? null,
  };
}
