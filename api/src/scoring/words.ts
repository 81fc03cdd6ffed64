/**
 * The commentary a scored action writes, as a broadcaster's scorer writes it ("Khan to Rahul,
 * FOUR"), and the key moments of stoppages: the labels the demo's timeline uses, so viewers read
 * one language whoever scored.
 */
import type {
  Innings,
  KeyMoment,
  MatchFormat,
  ScoredDelivery,
  StoppageReason,
} from '@crease/contract';
import { moments } from '../catalog';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function phrase(delivery: ScoredDelivery, out: string): string {
  switch (delivery.kind) {
    case 'runs':
      if (delivery.runs === 4) return 'FOUR';
      if (delivery.runs === 6) return 'SIX';
      return delivery.runs === 0 ? 'no run' : plural(delivery.runs, 'run');
    case 'wide':
      return delivery.runs ? `wide, ${plural(delivery.runs, 'more run')}` : 'wide';
    case 'noBall':
      return delivery.runs ? `no-ball, ${plural(delivery.runs, 'run')} off the bat` : 'no-ball';
    case 'bye':
      return plural(delivery.runs, 'bye');
    case 'legBye':
      return plural(delivery.runs, 'leg bye');
    case 'wicket':
      return `OUT! ${out}`;
  }
}

/** "Khan to Rahul, FOUR"; a wicket names who is out and how: "OUT! Rahul c Smith b Khan". */
export function deliveryWords(
  bowler: string,
  striker: string,
  delivery: ScoredDelivery,
  out: string,
): string {
  return `${bowler} to ${striker}, ${phrase(delivery, out.trim())}`;
}

/** The key moment of an innings' end or a stoppage (drinks has none). */
export function momentOfStoppage(
  kind: StoppageReason | 'inningsEnd',
  innings: Innings,
  format: MatchFormat,
): KeyMoment | null {
  switch (kind) {
    case 'inningsEnd':
      return moments.inningsEnd(innings, format);
    case 'rain':
      return moments.rainDelay(innings, format);
    case 'badLight':
      return moments.badLight(innings, format);
    case 'drinks':
      return null;
  }
}
