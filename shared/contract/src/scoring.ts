/**
 * Ball-by-ball scoring (issue 33 §3, decisions 442-446): the scorer's console records what each
 * delivery did; every recorded action becomes a timeline entry viewers already read (scorecard,
 * commentary, key moment). Staff bearer; scorer and admin only (producer and support get 403).
 * docs/catalog.md "Scoring ball by ball" tells the rules.
 */
import type { Innings, MatchFormat, MatchStatus, PlayState, Team } from './catalog';
import type { Scorecard } from './scorecard';

export const SCORING_PATHS = {
  /** GET: ScoringMatch[], the matches a scorer may score (scheduled or live). */
  matches: 'api/v1/staff/scoring/matches',
  /**
   * GET: ScoringState. POST ScoringSubmission: 201 ScoringAccepted; 200 with `replayed: true`
   * when this `ballId` was recorded already; 409 SCORING_CONFLICT when `expectedSeq` is not the
   * match's current sequence (the problem names `currentSeq`).
   */
  actions: 'api/v1/staff/scoring/matches/:eventId/actions',
} as const;

export const scoringActionsPath = (eventId: string) =>
  SCORING_PATHS.actions.replace(':eventId', encodeURIComponent(eventId));

export const DISMISSAL_MODES = ['caught', 'bowled', 'lbw', 'run_out', 'stumped'] as const;
export type DismissalMode = (typeof DISMISSAL_MODES)[number];

export const STOPPAGE_REASONS = ['drinks', 'rain', 'badLight'] as const;
export type StoppageReason = (typeof STOPPAGE_REASONS)[number];

/** What one delivery did. Runs on an extra are those beyond its own (wide, no-ball) penalty. */
export type ScoredDelivery =
  | { kind: 'runs'; runs: 0 | 1 | 2 | 3 | 4 | 5 | 6 }
  | { kind: 'wide' | 'noBall' | 'bye' | 'legBye'; runs: number }
  | {
      kind: 'wicket';
      mode: DismissalMode;
      /** The catcher, the run-out fielder or the keeper; null for bowled and lbw. */
      fielder: string | null;
      /** Which batter is out (a run out may be either). */
      out: 'striker' | 'nonStriker';
      /** Who comes in; null when nobody does (ten down, or the innings ends here). */
      newBatter: string | null;
    };

export type ScoringAction =
  /** A new innings: the batting side, the openers (striker first) and the first bowler. */
  | {
      kind: 'inningsStart';
      battingTeam: string;
      striker: string;
      nonStriker: string;
      bowler: string;
    }
  | { kind: 'ball'; delivery: ScoredDelivery }
  /** End of over: the bowler of the next one (never the one who bowled the last). */
  | { kind: 'overEnd'; nextBowler: string }
  | { kind: 'inningsEnd' }
  | { kind: 'stoppage'; reason: StoppageReason }
  | { kind: 'resume' }
  /** Withdraws the latest action still standing (repeat to go further back). */
  | { kind: 'undo' };

export interface ScoringSubmission {
  /** Chosen by the client (a UUID) once per press: a retry with the same id records nothing new. */
  ballId: string;
  /** The match's sequence the scorer saw (`ScoringState.seq`); another is a 409. */
  expectedSeq: number;
  /**
   * The program-date-time of the picture on air when the scorer pressed (decision 444). Left
   * out: the server's now minus the picture delay.
   */
  pictureTime?: string;
  action: ScoringAction;
}

export interface ScoringEntry {
  seq: number;
  ballId: string;
  action: ScoringAction;
  /** When viewers see it: the timeline entry's `at`. */
  pictureTime: string;
  /** `staff:<id>`. */
  by: string;
  /** Withdrawn by a later undo. */
  undone: boolean;
}

/** What the console needs next. */
export type ScoringNeeds = 'inningsStart' | 'nextBowler' | 'ball' | 'resume' | 'inningsEnd';

export interface ScoringState {
  eventId: string;
  title: string;
  format: MatchFormat;
  teams: [Team, Team];
  status: MatchStatus;
  playState: PlayState | null;
  /** The head of the match's actions: send it as the next `expectedSeq`. */
  seq: number;
  needs: ScoringNeeds;
  innings: Innings[];
  scoreSummary: string;
  scorecard: Scorecard | null;
  /** This over's deliveries so far, oldest first ("1", "4", "1wd", "W"). */
  thisOver: string[];
  striker: string | null;
  nonStriker: string | null;
  bowler: string | null;
  /** The latest actions, newest first (undone ones marked). */
  recent: ScoringEntry[];
  /** How far the picture on air runs behind the live clock (decision 444). */
  pictureDelayMs: number;
  /** The server's clock now: the console stamps picture times on it, not its own. */
  serverTime: string;
}

export interface ScoringAccepted {
  entry: ScoringEntry;
  state: ScoringState;
  /** True when this `ballId` was recorded before (a retry): nothing new was recorded. */
  replayed: boolean;
}

export interface ScoringMatch {
  eventId: string;
  title: string;
  status: MatchStatus;
  startTime: string;
  scoreSummary: string;
}

export const SCORING_ERROR_CODES = [
  /** `expectedSeq` is not the match's sequence: another scorer (or an earlier send) moved it. */
  'SCORING_CONFLICT',
  /** This `ballId` was recorded with a different action. */
  'SCORING_BALL_ID_REUSED',
  /** The action does not fit the match now (no innings, over bowled out, play stopped...). */
  'SCORING_NOT_NOW',
] as const;
export type ScoringErrorCode = (typeof SCORING_ERROR_CODES)[number];
