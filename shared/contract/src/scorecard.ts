/**
 * The ball-by-ball detail of a timeline entry (issues 21 §6, 36 §5): the batting and bowling
 * card with its extras and fall of wickets, the key moments, the timeline entries that carry them,
 * and how a format counts its balls.
 */
import type { MatchFormat, MatchState } from './catalog';
import { countOf } from './wording';

/** A batter of the innings in progress (or the last one, in a break). */
export interface BatterFigures {
  name: string;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  /** Facing the next ball. */
  onStrike: boolean;
  /** How they got out ("c Smith b Khan"), null while not out. */
  dismissal: string | null;
}

/** A bowler of the innings in progress. */
export interface BowlerFigures {
  name: string;
  /** Cricket notation, as Innings.overs. */
  overs: string;
  maidens: number;
  runs: number;
  wickets: number;
  /** Bowling the current over. */
  current: boolean;
}

/** The detail a viewer reads beside the picture (issue 21 §6). */
export interface Scorecard {
  /** The batting side's shortName, null in a break or before the start. */
  battingTeam: string | null;
  batters: BatterFigures[];
  bowlers: BowlerFigures[];
  /** The last six balls, oldest first, as scorers write them: "0", "4", "6", "W", "1wd", "2lb". */
  lastBalls: string[];
  /** In the chase: the runs needed to win from the start of the innings; null otherwise. */
  target: number | null;
  /** In the chase: runs needed per over from here; null otherwise. */
  requiredRunRate: number | null;
  /** "Innings break", "Rain delay", "Bad light", or null while play goes on. */
  interruption: string | null;
  /**
   * The innings' runs not off the bat, by kind: the batters' runs plus these add up to the
   * innings' total (issue 36 §5). Absent on timeline entries written before it.
   */
  extras?: Extras;
  /** Each wicket of the innings as it fell, first first. Absent on entries written before. */
  fallOfWickets?: FallOfWicket[];
}

/** Runs not off the bat. Wides and no-balls are charged to the bowler; the rest are not. */
export interface Extras {
  byes: number;
  legByes: number;
  wides: number;
  noBalls: number;
  penalties: number;
}

/** One wicket as it fell: "2-45 (Das, 6.3 ov)". */
export interface FallOfWicket {
  /** 1–10. */
  wicket: number;
  /** The innings' runs when it fell. */
  runs: number;
  /** Who was out. */
  batter: string;
  /** Cricket notation, as Innings.overs: the legal balls bowled when it fell. */
  overs: string;
}

export const extrasTotal = (extras: Extras): number =>
  extras.byes + extras.legByes + extras.wides + extras.noBalls + extras.penalties;

/** What kind of key moment a timeline entry is (issue 21 §2). */
export type KeyMomentKind =
  'wicket' | 'four' | 'six' | 'fifty' | 'hundred' | 'inningsEnd' | 'rainDelay' | 'badLight';

/** A key moment: its kind and a label a viewer reads ("Wicket: Rahul c Smith b Khan, 34 (27)"). */
export interface KeyMoment {
  kind: KeyMomentKind;
  label: string;
}

/**
 * One entry of an event's timeline: the whole state as of `at`. The player shows the last entry
 * whose `at` is not after the video's program-date-time, so a delayed viewer sees no spoilers.
 */
/**
 * A timeline entry's state: the match's state, with the ball-by-ball detail where the timeline
 * has it (the demo schedule and the scorer do); absent otherwise. Event lists never carry it.
 */
export type TimelineState = MatchState & { scorecard?: Scorecard | null };

export interface TimelineEntry {
  /** Increases by one per change of this event. */
  seq: number;
  /** UTC ISO: when this state became true in the match. */
  at: string;
  state: TimelineState;
  /** Ball-by-ball text commentary for this change ("Khan to Rahul, FOUR through cover"), if any. */
  commentary?: string | null;
  /** Set when this change is a key moment shown on the player's seek bar. */
  moment?: KeyMoment | null;
}

export interface EventTimeline {
  eventId: string;
  entries: TimelineEntry[];
}

/** GET an event's timeline: `after` = the last seq the client has (default: from the start). */
export interface TimelineQuery {
  after?: number;
}

/** Legal balls in cricket notation: "16.4" (16 six-ball overs and 4 balls) is 100. */
export function ballsOf(overs: string): number {
  const [whole = '0', part = '0'] = overs.split('.');
  return Number(whole) * 6 + Number(part);
}

/**
 * The Hundred is counted in balls (100 an innings, bowled in sets of 5 or 10), every other format
 * in six-ball overs. The wire keeps cricket notation for all (Innings.overs); this is how a
 * viewer reads it: "100 balls", "20 ov".
 */
export function countsInBalls(format: MatchFormat): boolean {
  return format === 'the_hundred';
}

/** How far an innings (or a bowler) has got, as a viewer reads it: "87 balls" or "14.3 ov". */
export function progressText(format: MatchFormat, overs: string): string {
  if (!countsInBalls(format)) return `${overs} ov`;
  const balls = ballsOf(overs);
  return countOf(balls, 'ball');
}
