/** A timeline row's columns (catalog_event_timeline), written by every catalog writer alike. */
import type { MatchFormat } from '@crease/contract';
import { withSummary } from './match-state';
import type { StoredState, TimelineDetail } from './match-state';

/** Rows per INSERT: a finished ODI has hundreds of balls, and one statement has a parameter cap. */
export const TIMELINE_INSERT_CHUNK = 500;

/**
 * The state (with its ball-by-ball card, if any), the commentary and the key moment. The summary
 * counts as the event's format does (The Hundred in balls, issue 36 §5).
 */
export function timelineColumns(
  state: StoredState,
  detail: TimelineDetail | undefined,
  format: MatchFormat,
) {
  const scorecard = detail?.scorecard;
  const summarised = withSummary(state, format);
  return {
    state: scorecard ? { ...summarised, scorecard } : summarised,
    commentary: detail?.commentary ?? null,
    moment: detail?.moment ?? null,
  };
}
