/**
 * Match state changes, as pure functions: the legal moves (contract MATCH_STATUS_MOVES and
 * STREAM_EVENT_STATUS_MOVES), the payload's own consistency, and the derived score summary.
 * A payload that contradicts itself is 400 naming the field; a move the current state does not
 * allow is 409 ILLEGAL_TRANSITION.
 */
import { MATCH_STATUS_MOVES, STREAM_EVENT_STATUS_MOVES, progressText } from '@crease/contract';
import type {
  Innings,
  KeyMoment,
  MatchFormat,
  MatchState,
  MatchStateChange,
  Scorecard,
  Team,
} from '@crease/contract';
import { ApiError } from './errors';

/** What the event row keeps: the state without its derived summary or ball-by-ball card. */
export type StoredState = Omit<MatchState, 'scoreSummary' | 'scorecard'>;

/**
 * A timeline entry's ball-by-ball detail (decision 225): only the demo schedule writes it. An
 * operator's change carries none (its entry has no scorecard, commentary or moment).
 */
export interface TimelineDetail {
  scorecard: Scorecard | null;
  commentary: string | null;
  moment: KeyMoment | null;
}

const invalid = (field: string, message: string) =>
  new ApiError('VALIDATION_FAILED', `Field "${field}" ${message}`);

/**
 * `MUM 187/4 (20) · CHE 143/6 (16.2)`; a declared innings reads `450/7d`; empty before play. The
 * Hundred counts balls (issue 36 §5): `MUM 143/6 (100 balls) · CHE 121/4 (87 balls)`.
 */
export function scoreSummary(innings: readonly Innings[], format?: MatchFormat): string {
  return innings
    .map((i) => {
      const wickets = i.wickets === 10 ? '' : `/${i.wickets}`;
      const progress = format === 'the_hundred' ? progressText(format, i.overs) : i.overs;
      return `${i.team} ${i.runs}${wickets}${i.declared ? 'd' : ''} (${progress})`;
    })
    .join(' · ');
}

export function withSummary(state: StoredState, format?: MatchFormat): MatchState {
  return { ...state, scoreSummary: scoreSummary(state.innings, format) };
}

/** Innings must name one of the event's teams; overs are cricket notation (balls 0-5). */
export function checkInnings(innings: readonly Innings[], teams: readonly Team[]): void {
  const names = teams.map((t) => t.shortName);
  innings.forEach((i, n) => {
    if (!names.includes(i.team))
      throw invalid(`innings.${n}.team`, `must be one of the teams: ${names.join(', ')}.`);
  });
}

/**
 * The state after `change`, or an ApiError. `teams` lets innings and toss be checked against the
 * event. Staying in the same status is not a move (score updates while live are allowed).
 */
export function applyStateChange(
  current: StoredState,
  change: MatchStateChange,
  teams: readonly Team[],
): StoredState {
  const next: StoredState = {
    status: change.status ?? current.status,
    playState: change.playState === undefined ? current.playState : change.playState,
    toss: change.toss === undefined ? current.toss : change.toss,
    innings: change.innings ?? current.innings,
    result: change.result === undefined ? current.result : change.result,
    eventStatus: change.eventStatus ?? current.eventStatus,
  };

  // The payload's own consistency first (400), then the moves from the current state (409).
  if (change.status !== undefined && change.status !== 'live' && change.playState)
    throw invalid('playState', 'must be null unless the status is live.');
  if (change.status === 'completed' && !next.result?.trim())
    throw invalid('result', 'is required when the match is completed.');
  if (change.toss) {
    const names = teams.map((t) => t.shortName);
    if (!names.includes(change.toss.winner))
      throw invalid('toss.winner', `must be one of the teams: ${names.join(', ')}.`);
  }
  if (change.innings) checkInnings(change.innings, teams);

  if (next.status !== current.status && !MATCH_STATUS_MOVES[current.status].includes(next.status))
    throw new ApiError(
      'ILLEGAL_TRANSITION',
      `The match cannot move from ${current.status} to ${next.status}.`,
    );
  if (
    next.eventStatus !== current.eventStatus &&
    !STREAM_EVENT_STATUS_MOVES[current.eventStatus].includes(next.eventStatus)
  )
    throw new ApiError(
      'ILLEGAL_TRANSITION',
      `The stream cannot move from ${current.eventStatus} to ${next.eventStatus}.`,
    );

  if (next.status === 'live') {
    // Going live starts play unless the payload says otherwise.
    next.playState ??= 'in_play';
  } else {
    if (change.playState && change.status === undefined)
      throw new ApiError(
        'ILLEGAL_TRANSITION',
        `A play state needs a live match; this one is ${next.status}.`,
      );
    next.playState = null;
  }
  if (next.status === 'abandoned' && !next.result) next.result = 'Match abandoned';
  if (next.status === 'cancelled' && !next.result) next.result = 'Match cancelled';
  return next;
}
