import { isBreakPlayState } from '@crease/contract';
import type { TimelineState } from '@crease/contract';
import { englishWords } from '../messages';
import type { PlayerWords } from '../messages';

/**
 * What the card says play is doing: a break's name ("Innings break", "Rain delay"), or who bats.
 * A break never names a batting side (issue 21: the card said "batting" through an innings
 * break). The ball-by-ball scorecard's words win where the timeline has them.
 */
export interface MatchPhase {
  /** "Innings break", "Rain delay", "Bad light"… or null while play goes on. */
  interruption: string | null;
  /** The batting side's shortName while play goes on, else null. */
  battingTeam: string | null;
}

export function matchPhase(
  state: TimelineState | null,
  words: PlayerWords = englishWords(),
): MatchPhase {
  if (!state) return { interruption: null, battingTeam: null };
  // A break is named in the viewer's language; the scorecard's own words (English, from the
  // feed) name the rest, and every interruption in English.
  const named = isBreakPlayState(state.playState) ? words.t(`playState.${state.playState}`) : null;
  const interruption =
    words.language === 'en'
      ? (state.scorecard?.interruption ?? named)
      : (named ?? state.scorecard?.interruption ?? null);
  if (interruption || state.status !== 'live') return { interruption, battingTeam: null };
  const battingTeam =
    state.scorecard !== undefined && state.scorecard !== null
      ? state.scorecard.battingTeam
      : (state.innings.at(-1)?.team ?? null);
  return { interruption: null, battingTeam };
}

/** The score drawn on the picture: the batting side's innings ("MUM 87/2 (10.3)"), else the summary. */
export function overlayScore(state: TimelineState | null): string | null {
  if (!state) return null;
  const innings = state.innings.at(-1);
  if (!innings) return state.scoreSummary || null;
  return `${innings.team} ${innings.runs}/${innings.wickets}${innings.declared ? 'd' : ''} (${innings.overs})`;
}
