/**
 * The scorer's keyboard (issue 33 §3): digits 0-6 for runs; w, n, b, l arm a wide, a no-ball,
 * byes or leg byes, and the next digit (or Enter) gives their runs; x a wicket, o the end of the
 * over, e the end of the innings, d drinks, r rain, g bad light, p play resumes, u undo.
 */
import type { ScoredDelivery, ScoringAction } from '@crease/contract';

export type Extra = 'wide' | 'noBall' | 'bye' | 'legBye';
export type Form = 'innings' | 'wicket' | 'bowler' | 'inningsEnd';

export const EXTRA_KEYS: Record<string, Extra> = { w: 'wide', n: 'noBall', b: 'bye', l: 'legBye' };
export const EXTRA_LABELS: Record<Extra, string> = {
  wide: 'Wide',
  noBall: 'No-ball',
  bye: 'Byes',
  legBye: 'Leg byes',
};
/** Runs an armed extra records on Enter: a wide or no-ball alone, one bye or leg bye. */
export const EXTRA_DEFAULT_RUNS: Record<Extra, number> = { wide: 0, noBall: 0, bye: 1, legBye: 1 };

export type KeyOutcome =
  | { kind: 'record'; action: ScoringAction }
  | { kind: 'arm'; extra: Extra | null }
  | { kind: 'open'; form: Form }
  | null;

const runsOf = (key: string): number | null => (/^[0-6]$/.test(key) ? Number(key) : null);

export const runsAction = (runs: number): ScoringAction => ({
  kind: 'ball',
  delivery: { kind: 'runs', runs: runs as Extract<ScoredDelivery, { kind: 'runs' }>['runs'] },
});
export const extraAction = (extra: Extra, runs: number): ScoringAction => ({
  kind: 'ball',
  delivery: { kind: extra, runs },
});

/** What a key does, given the extra armed (if any). */
export function keyOutcome(key: string, armed: Extra | null): KeyOutcome {
  const runs = runsOf(key);
  if (armed) {
    if (runs !== null) return { kind: 'record', action: extraAction(armed, runs) };
    if (key === 'Enter')
      return { kind: 'record', action: extraAction(armed, EXTRA_DEFAULT_RUNS[armed]) };
    if (key === 'Escape') return { kind: 'arm', extra: null };
  }
  if (runs !== null) return { kind: 'record', action: runsAction(runs) };
  const lower = key.toLowerCase();
  const extra = EXTRA_KEYS[lower];
  if (extra) return { kind: 'arm', extra };
  switch (lower) {
    case 'x':
      return { kind: 'open', form: 'wicket' };
    case 'o':
      return { kind: 'open', form: 'bowler' };
    case 'e':
      return { kind: 'open', form: 'inningsEnd' };
    case 'd':
      return { kind: 'record', action: { kind: 'stoppage', reason: 'drinks' } };
    case 'r':
      return { kind: 'record', action: { kind: 'stoppage', reason: 'rain' } };
    case 'g':
      return { kind: 'record', action: { kind: 'stoppage', reason: 'badLight' } };
    case 'p':
      return { kind: 'record', action: { kind: 'resume' } };
    case 'u':
      return { kind: 'record', action: { kind: 'undo' } };
    default:
      return null;
  }
}

/** How the console names a waiting press: "4", "1wd", "W", "Undo". */
export function pressLabel(action: ScoringAction): string {
  switch (action.kind) {
    case 'ball': {
      const d = action.delivery;
      if (d.kind === 'runs') return String(d.runs);
      if (d.kind === 'wicket') return 'W';
      const suffix = { wide: 'wd', noBall: 'nb', bye: 'b', legBye: 'lb' }[d.kind];
      return d.kind === 'wide' || d.kind === 'noBall'
        ? `${1 + d.runs}${suffix}`
        : `${d.runs}${suffix}`;
    }
    case 'inningsStart':
      return 'Innings start';
    case 'overEnd':
      return `Over: ${action.nextBowler}`;
    case 'inningsEnd':
      return 'Innings end';
    case 'stoppage':
      return { drinks: 'Drinks', rain: 'Rain', badLight: 'Bad light' }[action.reason];
    case 'resume':
      return 'Play';
    case 'undo':
      return 'Undo';
  }
}
