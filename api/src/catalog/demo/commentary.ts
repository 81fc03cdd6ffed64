/**
 * The words of the ball-by-ball demo (decision 225): commentary lines as a broadcaster's scorer
 * writes them ("Khan to Rahul, FOUR, driven through cover") and the labels of key moments
 * ("Wicket: Rahul c Smith b Khan, 34 (27)").
 */
import { countsInBalls, progressText } from '@crease/contract';
import type { Innings, KeyMoment, MatchFormat } from '@crease/contract';
import { pick } from './seeded-random';
import type { Random } from './seeded-random';

/** What one delivery did. */
export type BallOutcome =
  | { kind: 'runs'; runs: 0 | 1 | 2 | 3 | 4 | 6 }
  | { kind: 'wide' }
  /** One run off a no-ball (the ball is bowled again); byes and leg byes: one run, not off the bat. */
  | { kind: 'noBall' }
  | { kind: 'bye' }
  | { kind: 'legBye' }
  | { kind: 'wicket'; how: DismissalKind; fielder: string };

export type DismissalKind = 'caught' | 'bowled' | 'lbw' | 'run_out' | 'stumped';

const RUN_PHRASES: Record<0 | 1 | 2 | 3 | 4 | 6, readonly string[]> = {
  0: [
    'no run, defended back down the pitch',
    'no run, beaten outside off',
    'no run, straight to cover',
    'no run, left alone outside off',
  ],
  1: [
    '1 run, pushed to long-on',
    '1 run, worked off the pads to square leg',
    '1 run, dabbed down to third man',
  ],
  2: ['2 runs, clipped into the gap at deep midwicket', '2 runs, driven wide of long-off'],
  3: ['3 runs, chased down just inside the rope'],
  4: [
    'FOUR, driven through cover',
    'FOUR, pulled over midwicket',
    'FOUR, cut hard past point',
    'FOUR, flicked fine off the pads',
  ],
  6: [
    'SIX, launched over long-on',
    'SIX, swept into the stands behind square',
    'SIX, lofted straight back over the bowler',
  ],
};

const WIDE_PHRASES = ['wide, down the leg side', 'wide, too full and outside off'];
const EXTRA_PHRASES = {
  noBall: ['no-ball, overstepped: free hit to come', 'no-ball, a beamer over the waist'],
  bye: ['1 bye, past the keeper', '1 bye, it beats bat and gloves'],
  legBye: ['1 leg bye, off the pad to fine leg', '1 leg bye, deflected off the thigh'],
} as const;

/** The scorecard's words for a dismissal: "c Smith b Khan", "lbw b Khan", "run out (Smith)". */
export function dismissalText(how: DismissalKind, bowler: string, fielder: string): string {
  switch (how) {
    case 'caught':
      return fielder === bowler ? `c & b ${bowler}` : `c ${fielder} b ${bowler}`;
    case 'bowled':
      return `b ${bowler}`;
    case 'lbw':
      return `lbw b ${bowler}`;
    case 'run_out':
      return `run out (${fielder})`;
    case 'stumped':
      return `st ${fielder} b ${bowler}`;
  }
}

function wicketPhrase(how: DismissalKind, fielder: string): string {
  switch (how) {
    case 'caught':
      return `OUT! caught by ${fielder}`;
    case 'bowled':
      return 'OUT! bowled, the stumps scattered';
    case 'lbw':
      return 'OUT! lbw, trapped in front';
    case 'run_out':
      return `OUT! run out by ${fielder}, short of the crease`;
    case 'stumped':
      return `OUT! stumped by ${fielder}, down the pitch and missed`;
  }
}

/** "Khan to Rahul, FOUR, driven through cover". */
export function ballCommentary(
  random: Random,
  bowler: string,
  batter: string,
  outcome: BallOutcome,
): string {
  const phrase =
    outcome.kind === 'runs'
      ? pick(random, RUN_PHRASES[outcome.runs])
      : outcome.kind === 'wide'
        ? pick(random, WIDE_PHRASES)
        : outcome.kind === 'wicket'
          ? wicketPhrase(outcome.how, outcome.fielder)
          : pick(random, EXTRA_PHRASES[outcome.kind]);
  return `${bowler} to ${batter}, ${phrase}`;
}

/** A batter's runs and balls as scorers write them: `34 (27)`. */
export const figures = (runs: number, balls: number) => `${runs} (${balls})`;

/** `MUM 156/4 (20)`; all out reads `MUM 98 (16.3)`; The Hundred counts balls: `MUM 143/6 (100 balls)`. */
export function inningsScore(innings: Innings, format: MatchFormat = 't20'): string {
  const wickets = innings.wickets === 10 ? '' : `/${innings.wickets}`;
  const progress = countsInBalls(format) ? progressText(format, innings.overs) : innings.overs;
  return `${innings.team} ${innings.runs}${wickets} (${progress})`;
}

export const moments = {
  wicket: (batter: string, dismissal: string, runs: number, balls: number): KeyMoment => ({
    kind: 'wicket',
    label: `Wicket: ${batter} ${dismissal}, ${figures(runs, balls)}`,
  }),
  boundary: (runs: 4 | 6, batter: string, bowler: string, overs: string): KeyMoment => ({
    kind: runs === 4 ? 'four' : 'six',
    label: `${runs === 4 ? 'Four' : 'Six'}: ${batter} off ${bowler} (${overs})`,
  }),
  milestone: (hundred: boolean, batter: string, runs: number, balls: number): KeyMoment => ({
    kind: hundred ? 'hundred' : 'fifty',
    label: `${hundred ? 'Hundred' : 'Fifty'}: ${batter} ${figures(runs, balls)}`,
  }),
  inningsEnd: (innings: Innings, format?: MatchFormat): KeyMoment => ({
    kind: 'inningsEnd',
    label: `End of innings: ${inningsScore(innings, format)}`,
  }),
  rainDelay: (innings: Innings, format?: MatchFormat): KeyMoment => ({
    kind: 'rainDelay',
    label: `Rain delay: ${inningsScore(innings, format)}`,
  }),
  badLight: (innings: Innings, format?: MatchFormat): KeyMoment => ({
    kind: 'badLight',
    label: `Bad light: ${inningsScore(innings, format)}`,
  }),
};
